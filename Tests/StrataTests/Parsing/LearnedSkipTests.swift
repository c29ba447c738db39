import Foundation
import Testing

@testable import Strata

// Keys a mapping leaves out are learned where they are met, the r-th such key in
// a row after a mapped one, and recognised by their bytes in the next object. That
// only saves work: whatever was learned before, and whatever the next object holds
// at that place, each document decodes as from its dictionary.

/// Three mapped keys, one of them long, for documents full of keys it leaves out.
struct LearnedSkipModel: JSONSerializing, Equatable {
    var alpha = 0
    var beta = ""
    var gamma = false

    static let propertyKeys: PropertyKeys<LearnedSkipModel> = ["alpha": \.alpha, "beta": \.beta, "gamma": \.gamma]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "alpha": "a", "beta": "beta_is_a_long_key", "gamma": "g",
    ]
}

/// ``LearnedSkipModel`` with a `validate()` of its own: its objects are read into
/// slots, through the same key matching.
struct CheckedLearnedSkipModel: JSONSerializing, Equatable {
    var alpha = 0
    var beta = ""
    var gamma = false

    static let propertyKeys: PropertyKeys<CheckedLearnedSkipModel> = [
        "alpha": \.alpha, "beta": \.beta, "gamma": \.gamma,
    ]
    static let jsonKeyPathsByPropertyKey = LearnedSkipModel.jsonKeyPathsByPropertyKey

    func validate() throws {}
}

/// ``LearnedSkipModel`` in an array, each element decoded where it lies.
struct LearnedSkipHolder: JSONSerializing, Equatable {
    var items: [LearnedSkipModel] = []

    static let propertyKeys: PropertyKeys<LearnedSkipHolder> = ["items": \.items]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

@Suite("Learned keys to skip")
struct LearnedSkipTests {
    /// Keys the mapping leaves out, among them some that begin or end like a mapped
    /// key or like one another, or that a mapped key begins.
    static let unmappedKeys = [
        "x", "aa", "a_", "ab", "gg", "beta_is_a_long_ke", "beta_is_a_long_key_",
        "beta_is_a_long_kez", "zeta_is_a_long_key", "extra", "extra2", "extr", "e", #"es\"caped"#, "non_ascii_é",
    ]

    /// A deterministic generator, so that a failure names a document that can be
    /// found again.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// An object with the mapped keys in a random order (some left out), and runs of
    /// 0 to 6 unmapped keys before, between and after them.
    static func object(_ generator: inout Generator) -> String {
        var mapped = [#""a": \#(generator.next(100))"#, #""beta_is_a_long_key": "b\#(generator.next(9))""#, #""g": true"#]
        for index in mapped.indices.reversed() {
            let other = generator.next(index + 1)
            mapped.swapAt(index, other)
        }
        mapped = Array(mapped.prefix(1 + generator.next(3)))
        var members: [String] = []
        for slot in 0...mapped.count {
            for _ in 0..<generator.next(7) {
                let key = unmappedKeys[generator.next(unmappedKeys.count)]
                let values = ["1", #""v""#, "null", "[1, {\"a\": 2}]", #"{"a": 3, "g": false}"#, "true"]
                members.append(#""\#(key)": \#(values[generator.next(values.count)])"#)
            }
            if slot < mapped.count { members.append(mapped[slot]) }
        }
        return "{" + members.joined(separator: generator.next(2) == 0 ? ", " : ",") + "}"
    }

    @Test("Objects with unmapped keys in every arrangement decode as from the dictionary, one after another")
    func arrangementsOneAfterAnother() throws {
        var generator = Generator(state: 1)
        for _ in 0..<600 {
            let json = Self.object(&generator)
            _ = try decodeEqualBothWays(LearnedSkipModel.self, json)
            _ = try decodeEqualBothWays(CheckedLearnedSkipModel.self, json)
        }
    }

    @Test("The elements of one array, each arranged differently, decode as from the dictionary")
    func arrangementsInOneArray() throws {
        var generator = Generator(state: 2)
        for _ in 0..<40 {
            let items = (0..<generator.next(30)).map { _ in Self.object(&generator) }
            let json = #"{"items": [\#(items.joined(separator: ", "))]}"#
            _ = try decodeEqualBothWays(LearnedSkipHolder.self, json)
        }
    }

    @Test("A key that extends, shortens or changes a learned one at its place is another key")
    func nearMissesOfLearnedKeys() throws {
        // Learned first: "extra" at the start, then "beta_is_a_long_ke" after "a".
        let learning = #"{"extra": 1, "a": 1, "beta_is_a_long_ke": 2, "beta_is_a_long_key": "b"}"#
        _ = try decodeEqualBothWays(LearnedSkipModel.self, learning)
        let documents = [
            #"{"extra2": 1, "a": 2}"#, #"{"extr": 1, "a": 3}"#, #"{"extrb": 1, "a": 4}"#, #"{"a": 5, "extra": 6}"#,
            #"{"a": 7, "beta_is_a_long_key": "c"}"#, #"{"a": 8, "beta_is_a_long_kez": 9, "g": true}"#,
            #"{"a": 8, "beta_is_a_long_ke": 9, "g": true}"#, #"{"ext\u0072a": 1, "a": 10}"#,
            #"{"extra" : 1, "a": 11}"#, #"{"extra":1,"a":12}"#,
        ]
        for json in documents {
            _ = try decodeEqualBothWays(LearnedSkipModel.self, json)
        }
    }

    @Test("A document cut off inside or after a learned key is refused as when parsed whole")
    func truncatedAfterLearnedKey() throws {
        let text = Array(#"{"extra": [1, 2], "a": 1, "beta_is_a_long_ke": {"x": 1}, "g": true}"#.utf8)
        _ = try decodeEqualBothWays(LearnedSkipModel.self, String(decoding: text, as: UTF8.self))
        for length in 1..<text.count {
            let data = Data(text.prefix(length))
            let fromModel = #expect(throws: StrataError.self, "cut at \(length)") {
                try JSONAdapter.model(of: LearnedSkipModel.self, from: data)
            }
            let fromParse = #expect(throws: StrataError.self) { try JSONAdapter.parse(data, maximumNestingDepth: 512) }
            #expect(fromModel?.description == fromParse?.description, "cut at \(length)")
        }
    }

    @Test("Tasks decoding different arrangements at once each get their dictionary's model")
    func concurrentArrangements() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var generator = Generator(state: UInt64(100 + task))
                    for _ in 0..<150 {
                        let json = Self.object(&generator)
                        let fromData = try JSONAdapter.model(of: LearnedSkipModel.self, from: Data(json.utf8))
                        let fromDictionary = try JSONAdapter.model(of: LearnedSkipModel.self, from: try jsonObject(json))
                        #expect(fromData == fromDictionary, "\(json)")
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test("The table keeps the first plain key met at each place, for the first runs only")
    func tableKeepsFirstPlainKeys() {
        let table = MemberKeyTable(keys: ["a", "b"])
        func learned(_ hint: Int, _ run: Int) -> String? {
            table.learnedSkip(at: hint, run: run).map {
                String(decoding: $0.quoted.bytes(0..<$0.quoted.count), as: UTF8.self)
            }
        }
        func learn(_ key: String, _ hint: Int, _ run: Int) {
            Array(key.utf8).withUnsafeBufferPointer { table.learnSkip($0, at: hint, run: run) }
        }
        #expect(learned(0, 0) == nil)
        learn("x", 0, 0)
        learn("y", 0, 0)
        learn("z", 1, 3)
        learn("w", 1, 4)
        learn(#"q"q"#, 0, 1)
        learn("tab\t", 0, 2)
        learn("v", 2, 0)
        learn("u", -1, 0)
        #expect(learned(0, 0) == #""x""#)
        #expect(learned(1, 3) == #""z""#)
        #expect(learned(1, 4) == nil)
        #expect(learned(0, 1) == nil)
        #expect(learned(0, 2) == nil)
        #expect(learned(1, 0) == nil)
    }
}
