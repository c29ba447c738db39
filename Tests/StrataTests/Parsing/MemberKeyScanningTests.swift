import Foundation
import Testing

@testable import Strata

// Member keys are read eight bytes at a time until a byte needs a look:
// a quote, a backslash, a control byte or a non-ASCII one. Wherever in a key that
// byte falls (inside the first word, on a word's edge, in the tail), the key must
// match, or be refused, exactly as when the document is parsed whole.

struct LongKeyModel: JSONSerializing, Equatable {
    var address = ""
    var city = ""

    static let propertyKeys: PropertyKeys<LongKeyModel> = ["address": \.address, "city": \.city]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "address": "profile_background_image_url", "city": "città_di_residenza_attuale",
    ]
}

@Suite("Member key scanning")
struct MemberKeyScanningTests {
    private let addressKey = "profile_background_image_url"

    private func document(addressKey: String) -> Data {
        Data(#"{"\#(addressKey)": "a", "città_di_residenza_attuale": "b", "unmapped_key_longer_than_8": 1}"#.utf8)
    }

    @Test("A key with one character escaped, at any position, matches its mapping")
    func escapedCharacterAtEveryPosition() throws {
        let characters = Array(addressKey)
        for position in characters.indices {
            var escaped = ""
            for (index, character) in characters.enumerated() {
                escaped += index == position ? String(format: "\\u%04x", Int(character.asciiValue ?? 0)) : String(character)
            }
            let model = try JSONAdapter.model(of: LongKeyModel.self, from: document(addressKey: escaped))
            #expect(model == LongKeyModel(address: "a", city: "b"), "escape at \(position)")
        }
    }

    @Test("A non-ASCII key matches its mapping from data as from a dictionary")
    func nonASCIIKey() throws {
        let data = document(addressKey: addressKey)
        let fromData = try JSONAdapter.model(of: LongKeyModel.self, from: data)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(fromData == (try JSONAdapter.model(of: LongKeyModel.self, from: object)))
        #expect(fromData.city == "b")
    }

    @Test("A key one byte different, at any position, does not match")
    func changedByteAtEveryPosition() throws {
        let characters = Array(addressKey)
        for position in characters.indices {
            var changed = characters
            changed[position] = changed[position] == "x" ? "y" : "x"
            let model = try JSONAdapter.model(of: LongKeyModel.self, from: document(addressKey: String(changed)))
            #expect(model.address == "", "changed byte at \(position)")
        }
    }

    @Test("A control byte in a key, at any position, is refused where parsing whole refuses it")
    func controlByteAtEveryPosition() throws {
        let key = Array(addressKey.utf8)
        for position in key.indices {
            var bytes = Array(#"{""#.utf8)
            var broken = key
            broken[position] = 0x09  // a raw tab
            bytes += broken + Array(#"": "a"}"#.utf8)
            let data = Data(bytes)
            #expect(throws: StrataError.self, "control byte at \(position)") {
                try JSONAdapter.model(of: LongKeyModel.self, from: data)
            }
            #expect(throws: (any Error).self) { try JSONAdapter.parse(data, maximumNestingDepth: 512) }
        }
    }

    @Test("A key cut off by the end of the data, at any length, is refused")
    func truncatedKeyAtEveryLength() {
        let text = Array(#"{"profile_background_image_url"#.utf8)
        for length in 2...text.count {
            let data = Data(text.prefix(length))
            #expect(throws: StrataError.self, "cut at \(length)") {
                try JSONAdapter.model(of: LongKeyModel.self, from: data)
            }
        }
    }
}

@Suite("Member key table")
struct MemberKeyTableTests {
    private func index(of key: String, in table: MemberKeyTable, hint: Int) -> Int? {
        let bytes = Array(key.utf8)
        return bytes.withUnsafeBufferPointer { table.index(ofASCII: $0, hint: hint) }
    }

    @Test("Every key is found from every hint, and no other key is, whatever its length and end bytes")
    func findsExactlyTheKeys() {
        let keys = (1...40).map { "k" + String(repeating: "x", count: $0 % 13) + "\($0)" } + ["a", "id", "url", "id_str"]
        let table = MemberKeyTable(keys: keys)
        for (expected, key) in keys.enumerated() {
            for hint in [-1, 0, expected, expected + 1, keys.count, keys.count + 5] {
                #expect(index(of: key, in: table, hint: hint) == expected, "\(key) from \(hint)")
            }
        }
        // Keys of the same lengths and first and last bytes as mapped ones, and others:
        // none is found.
        let others = keys.map { "K" + $0.dropFirst() } + keys.map { $0 + "_" } + ["b", "ie", "uri", "id-str", "k"]
        for key in others where !keys.contains(key) {
            #expect(index(of: key, in: table, hint: 0) == nil, "\(key)")
        }
    }

    @Test("Keys of every length up to 20 that share their first and last bytes are each found through the hash, and no other key is")
    func keysSharingTheirEnds() {
        // Lengths 1 to 20 cover the three ways the hash reads a key (under 4 bytes,
        // 4 to 7, 8 and more); within a length, the keys differ only inside.
        var keys: [String] = []
        for length in 1...20 {
            for middle in ["a", "b", "c"] where length >= 3 || middle == "a" {
                keys.append(length < 3 ? String(repeating: "p", count: length) : "p" + String(repeating: middle, count: length - 2) + "z")
            }
        }
        let table = MemberKeyTable(keys: keys)
        for (expected, key) in keys.enumerated() {
            // A hint that is never the key, so each is found through the hash.
            #expect(index(of: key, in: table, hint: expected == 0 ? 1 : 0) == expected, "\(key)")
        }
        let others = keys.map { $0 + "z" } + keys.map { "q" + $0.dropFirst() } + ["pdz", "pdddz", "pddddddddz"]
        for key in others where !keys.contains(key) {
            #expect(index(of: key, in: table, hint: 0) == nil, "\(key)")
        }
    }

    @Test("Hundreds of keys are each found, whatever their slots' collisions, and no other key is")
    func manyKeys() {
        let keys = (0..<300).map { "field_\($0 * 7919 % 1000)" }
        let table = MemberKeyTable(keys: keys)
        for (expected, key) in keys.enumerated() {
            #expect(index(of: key, in: table, hint: -1) == expected, "\(key)")
        }
        for missing in (0..<1000).map({ "field_\($0)" }) where !keys.contains(missing) {
            #expect(index(of: missing, in: table, hint: -1) == nil, "\(missing)")
        }
    }

    @Test("Without keys, or with one, nothing else is found")
    func smallTables() {
        let empty = MemberKeyTable(keys: [])
        #expect(index(of: "id", in: empty, hint: 0) == nil)
        let one = MemberKeyTable(keys: ["id"])
        #expect(index(of: "id", in: one, hint: 5) == 0)
        #expect(index(of: "ie", in: one, hint: 0) == nil)
        #expect(index(of: "identifier", in: one, hint: 0) == nil)
    }

    @Test("A table whose keys repeat finds the first from the hint, going round, as a search in turn does")
    func repeatedKeys() {
        // Only an invalid mapping repeats a key; the table must still answer as it did.
        let table = MemberKeyTable(keys: ["id", "name", "id", "url"])
        #expect(index(of: "id", in: table, hint: 0) == 0)
        #expect(index(of: "id", in: table, hint: 1) == 2)
        #expect(index(of: "id", in: table, hint: 3) == 0)
        #expect(index(of: "url", in: table, hint: 0) == 3)
        #expect(index(of: "nope", in: table, hint: 2) == nil)
        // Canonically the same key, in other bytes (U+212A KELVIN SIGN is "K"): each
        // is found by its own bytes, from any hint.
        let kelvin = MemberKeyTable(keys: ["\u{212A}", "K", "id"])
        for hint in 0..<3 {
            #expect(index(of: "K", in: kelvin, hint: hint) == 1, "from \(hint)")
            #expect(index(of: "\u{212A}", in: kelvin, hint: hint) == 0, "from \(hint)")
        }
    }
}

@Suite("Skipped members")
struct SkippedMemberTests {
    /// A document whose unmapped member holds `value`, which is skipped, not built.
    private func document(skipping value: [UInt8]) -> Data {
        Data(Array(#"{"profile_background_image_url": "a", "ignored": "#.utf8) + value + Array("}".utf8))
    }

    @Test("Ill-formed UTF-8 in a skipped string, key or escaped string is refused as when it is read")
    func illFormedUTF8InSkippedValues() {
        let values: [[UInt8]] = [
            Array(#""x"#.utf8) + [0xFF] + Array(#"""#.utf8),
            Array(#"{"k"#.utf8) + [0xC3] + Array(#"": 1}"#.utf8),
            Array(#"["\n"#.utf8) + [0xE5, 0x90] + Array(#""]"#.utf8),
        ]
        for value in values {
            #expect(throws: StrataError.self, "\(value)") {
                try JSONAdapter.model(of: LongKeyModel.self, from: document(skipping: value))
            }
        }
    }

    @Test("Well-formed skipped strings, keys and escapes leave the mapped members as they are")
    func wellFormedSkippedValues() throws {
        let values = [#""é名😀""#, #"{"ké": ["\n\u00e9", "x"]}"#, #""plain""#]
        for value in values {
            let model = try JSONAdapter.model(of: LongKeyModel.self, from: document(skipping: Array(value.utf8)))
            #expect(model.address == "a", "\(value)")
        }
    }
}

/// Keys of 8, 9, 16 and 17 bytes, each the one before with bytes added: compared a
/// word at a time, the last word overlapping the one before.
struct LongExpectedKeyModel: JSONSerializing, Equatable {
    static let keys = ["abcdefgh", "abcdefghi", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopqrstuvwxyz0123"]

    var eight = 0
    var nine = 0
    var sixteen = 0
    var seventeen = 0
    var thirty = 0

    static let propertyKeys: PropertyKeys<LongExpectedKeyModel> = [
        "eight": \.eight, "nine": \.nine, "sixteen": \.sixteen, "seventeen": \.seventeen, "thirty": \.thirty,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "eight": "abcdefgh", "nine": "abcdefghi", "sixteen": "abcdefghijklmnop", "seventeen": "abcdefghijklmnopq",
        "thirty": "abcdefghijklmnopqrstuvwxyz0123",
    ]
}

struct ShortExpectedKeyModel: JSONSerializing, Equatable {
    static let keys = ["a", "ab", "abcde", "abcdef", "abcdefg"]

    var one = 0
    var two = 0
    var five = 0
    var six = 0
    var seven = 0

    static let propertyKeys: PropertyKeys<ShortExpectedKeyModel> = [
        "one": \.one, "two": \.two, "five": \.five, "six": \.six, "seven": \.seven,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "one": "a", "two": "ab", "five": "abcde", "six": "abcdef", "seven": "abcdefg",
    ]
}

/// Keys that begin or end like one another, and two that JSON must escape.
struct ExpectedKeyModel: JSONSerializing, Equatable {
    var id = 0
    var idString = ""
    var name = ""
    var backslash = 0
    var quote = 0

    static let propertyKeys: PropertyKeys<ExpectedKeyModel> = [
        "id": \.id, "idString": \.idString, "name": \.name, "backslash": \.backslash, "quote": \.quote,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "idString": "id_str", "name": "name", "backslash": #"a\"#, "quote": #"q"q"#,
    ]
}

// The scanner takes the key after the last one found as the one it expects, and
// recognises it by comparing its bytes in place: in whatever order the
// members come, and whatever keys resemble the expected one, the result must be
// what the dictionary gives.
@Suite("Expected member keys")
struct ExpectedMemberKeyTests {
    private let members = [
        #""id": 1"#, #""id_str": "s""#, #""name": "n""#, #""a\\": 2"#, #""q\"q": 3"#, #""i": 9"#, #""id_": 8"#,
    ]

    @Test("Members in every order decode as from the dictionary")
    func everyOrder() throws {
        func permutations(_ items: [String]) -> [[String]] {
            guard let first = items.first else { return [[]] }
            return permutations(Array(items.dropFirst())).flatMap { rest in
                (0...rest.count).map { index in
                    var ordered = rest
                    ordered.insert(first, at: index)
                    return ordered
                }
            }
        }
        let expected = ExpectedKeyModel(id: 1, idString: "s", name: "n", backslash: 2, quote: 3)
        for ordered in permutations(members) {
            let json = "{" + ordered.joined(separator: ", ") + "}"
            #expect(try decodeEqualBothWays(ExpectedKeyModel.self, json) == expected, "\(json)")
        }
    }

    @Test("A key that starts with the expected one, or is cut short of it, is another key")
    func lookAlikeKeys() throws {
        let json = #"{"i": 5, "id_": 6, "idx": 7, "id_strs": "x", "nam": "y", "names": "z", "a\"": 8, "q\"q\"": 9}"#
        #expect(try decodeEqualBothWays(ExpectedKeyModel.self, json) == ExpectedKeyModel())
    }

    @Test("An escaped form of the expected key is still that key")
    func escapedExpectedKey() throws {
        let json = #"{"\u0069d": 1, "id\u005fstr": "s", "n\u0061me": "n", "\u0061\\": 2, "\u0071\"q": 3}"#
        #expect(
            try decodeEqualBothWays(ExpectedKeyModel.self, json)
                == ExpectedKeyModel(id: 1, idString: "s", name: "n", backslash: 2, quote: 3))
    }

    @Test("Every spacing around an expected key's colon, and a colon missing, read as when parsed whole")
    func spacingAroundTheColon() throws {
        // Warm, so that the objects are read through the expected keys.
        _ = try JSONAdapter.model(of: ExpectedKeyModel.self, from: ["id": 1])
        let spacings = [":", ": ", ":  ", " :", " : ", ":\t", ":\n", ": \n", ": \t ", "", " ", ";", ": ,", ":\u{01}"]
        for spacing in spacings {
            for value in ["1", "[]", #""s""#, "null", "}"] {
                let json = #"{"id"\#(spacing)\#(value), "id_str"\#(spacing)"t", "name"\#(spacing)"n"}"#
                let fromData = Result { try JSONAdapter.model(of: ExpectedKeyModel.self, from: Data(json.utf8)) }
                let parsed = Result { try JSONAdapter.parse(Data(json.utf8), maximumNestingDepth: 512) }
                switch (fromData, parsed) {
                case (.success, .success):
                    _ = try decodeEqualBothWays(ExpectedKeyModel.self, json)
                case (.failure(let error as StrataError), .failure(let parseError as StrataError)):
                    if error.code == .invalidJSON {
                        #expect(error.description == parseError.description, "\(json)")
                    } else {
                        Issue.record("\(json): \(error)")
                    }
                case (.failure(let error as StrataError), .success):
                    // Valid JSON the mapping refuses (`[]` for an `Int`): as from the dictionary.
                    #expect(error.code != .invalidJSON, "\(json)")
                    #expect(throws: StrataError.self) { try decodeBothWays(ExpectedKeyModel.self, json) }
                default:
                    Issue.record("\(json): data gave \(fromData), parsing gave \(parsed)")
                }
            }
        }
    }

    @Test("A document cut off inside or right after the expected key is refused as when parsed whole")
    func truncatedAfterExpectedKey() throws {
        // A read from a dictionary first: it finds the type's hooks to be the defaults,
        // after which its objects are read into slots, through the expected keys.
        _ = try JSONAdapter.model(of: ExpectedKeyModel.self, from: ["id": 1])
        let text = Array(#"{"id": 1, "id_str": "s", "long_key_of_17_b": 2}"#.utf8)
        for length in 1..<text.count {
            let data = Data(text.prefix(length))
            let fromModel = #expect(throws: StrataError.self, "cut at \(length)") {
                try JSONAdapter.model(of: ExpectedKeyModel.self, from: data)
            }
            let fromParse = #expect(throws: StrataError.self) { try JSONAdapter.parse(data, maximumNestingDepth: 512) }
            #expect(fromModel?.description == fromParse?.description, "cut at \(length)")
        }
    }

    @Test("Keys of 1 to 7 bytes with one byte changed, dropped or added decode as from the dictionary, near the end too")
    func nearMissesOfShortKeys() throws {
        // Quoted, these keys are 3 to 9 bytes: each side of the first word's edge. Compact
        // documents put the last key within eight bytes of the end of the data.
        let keys = ShortExpectedKeyModel.keys
        for (position, key) in keys.enumerated() {
            var variants: [String] = [key + "x", "x" + key, key + #"\""#, #"\""# + key]
            if key.count > 1 { variants.append(String(key.dropLast())) }
            for index in key.indices {
                var changed = key
                changed.replaceSubrange(index...index, with: key[index] == "z" ? "y" : "z")
                variants.append(changed)
            }
            for variant in [key] + variants {
                for separator in [", ", ","] {
                    var members = keys.enumerated().map { #""\#($1)":\#($0 + 1)"# }
                    members[position] = #""\#(variant)":99"#
                    let json = "{" + members.joined(separator: separator) + "}"
                    _ = try decodeEqualBothWays(ShortExpectedKeyModel.self, json)
                    // The changed member last, its key near the end of the data.
                    let reordered = members.filter { $0 != members[position] } + [members[position]]
                    _ = try decodeEqualBothWays(ShortExpectedKeyModel.self, "{" + reordered.joined(separator: separator) + "}")
                }
            }
        }
    }

    @Test("Keys of 8 to 30 bytes with one byte changed, dropped or added decode as from the dictionary")
    func nearMissesOfLongKeys() throws {
        let keys = LongExpectedKeyModel.keys
        for (position, key) in keys.enumerated() {
            var variants: [String] = [String(key.dropLast()), key + "x", "x" + key]
            for index in key.indices {
                var changed = key
                changed.replaceSubrange(index...index, with: key[index] == "z" ? "y" : "z")
                variants.append(changed)
            }
            for variant in variants {
                var members = keys.enumerated().map { #""\#($1)": \#($0 + 1)"# }
                members[position] = #""\#(variant)": 99"#
                let json = "{" + members.joined(separator: ", ") + "}"
                _ = try decodeEqualBothWays(LongExpectedKeyModel.self, json)
            }
        }
    }

    @Test("The table offers the bytes of plain keys only, and its hints go round")
    func tableOffersPlainKeys() {
        let table = MemberKeyTable(keys: ["id", #"a\"#, #"q"q"#, "é", "tab\t", ""])
        func expected(_ hint: Int) -> String? {
            table.expectedKey(at: hint).map { String(decoding: $0.quoted.bytes(0..<$0.quoted.count), as: UTF8.self) }
        }
        // Each offered key in its quotes, as the scanner compares it.
        #expect(expected(0) == #""id""#)
        #expect(expected(1) == nil)
        #expect(expected(2) == nil)
        #expect(expected(3) == nil)
        #expect(expected(4) == nil)
        #expect(expected(5) == #""""#)
        #expect(table.hint(after: 0) == 1)
        #expect(table.hint(after: 5) == 0)
        #expect(MemberKeyTable(keys: []).expectedKey(at: 0) == nil)
    }
}
