import Foundation
import Testing
@testable import Strata

/// Models decoded from data as their objects are read.
///
/// A type whose hooks are the defaults and which holds only library values and
/// such types is, from its second decode on, decoded member by member as the
/// data is read. Its result is always the one decoding the dictionary of the
/// same document gives: values, absent keys, `null`, unknown and duplicate keys,
/// nested models and arrays of them, in structs and classes, one model or a
/// top-level array. When the document is wrong, the error is that of the
/// dictionary path too: a syntax error anywhere wins over a mapping error, the
/// first mapping error in plan order wins whatever the document's order,
/// required keys and the model depth limit are checked as they are there, and
/// nested errors carry their full path. Hooks of types that are not decoded this
/// way still run in plan order, and many tasks decoding at once get the same
/// results.
///
/// Every test decodes each type once before the decode it checks: a type's hooks
/// are only known after its first decode.
@Suite("Models decoded as their objects are read")
struct StreamingDecodeTests {
    // MARK: Models

    /// A model of scalars, nested in the others.
    struct Leaf: JSONSerializing, Equatable {
        var value = 0
        var label = ""

        static let propertyKeys: PropertyKeys<Leaf> = ["value": \.value, "label": \.label]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    }

    /// A final class model, nested in the others.
    final class Tag: JSONSerializing, Equatable, CustomStringConvertible, @unchecked Sendable {
        // @unchecked: test fixture, written only while it is decoded, by one task.
        var name = ""
        var weight = 0.0

        init() {}

        init(_ name: String, weight: Double) {
            self.name = name
            self.weight = weight
        }

        static let propertyKeys: PropertyKeys<Tag> = ["name": \.name, "weight": \.weight]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

        static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name == rhs.name && lhs.weight == rhs.weight }
        var description: String { "Tag(\(name), \(weight))" }
    }

    /// A struct holding every form of value that is decoded as it is read; the
    /// optionals' defaults are not `nil`, so `null` and an absent key differ.
    struct Record: JSONSerializing, Equatable {
        var id = 0
        var title = ""
        var subtitle: String? = "none"
        var count: Int? = 7
        var ratio = 0.0
        var flag = false
        var link = URL(string: "https://example.org/default")!
        var numbers: [Int] = []
        var words: [String] = []
        var leaf = Leaf()
        var maybeLeaf: Leaf? = Leaf(value: -1, label: "default")
        var leaves: [Leaf] = []
        var maybeLeaves: [Leaf]? = []
        var tag = Tag()
        var tags: [Tag] = []

        static let propertyKeys: PropertyKeys<Record> = [
            "id": \.id, "title": \.title, "subtitle": \.subtitle, "count": \.count, "ratio": \.ratio, "flag": \.flag,
            "link": \.link, "numbers": \.numbers, "words": \.words, "leaf": \.leaf, "maybeLeaf": \.maybeLeaf,
            "leaves": \.leaves, "maybeLeaves": \.maybeLeaves, "tag": \.tag, "tags": \.tags,
        ]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)

        /// A document with every key, for the decode that learns the type's hooks.
        static let sample = """
            {"id": 1, "title": "t", "subtitle": "s", "count": 2, "ratio": 0.5, "flag": true,
             "link": "https://example.org/a", "numbers": [1, 2], "words": ["a", "b"],
             "leaf": {"value": 1, "label": "l"}, "maybe_leaf": {"value": 2, "label": "m"},
             "leaves": [{"value": 3, "label": "n"}], "maybe_leaves": [{"value": 4, "label": "o"}],
             "tag": {"name": "x", "weight": 1.5}, "tags": [{"name": "y", "weight": 2}]}
            """
    }

    /// A final class holding the same forms as ``Record``.
    final class Folder: JSONSerializing, Equatable, CustomStringConvertible, @unchecked Sendable {
        // @unchecked: test fixture, written only while it is decoded, by one task.
        var id = 0
        var name = ""
        var note: String? = "none"
        var size: Int? = 7
        var ratio = 0.0
        var open = false
        var link: URL? = nil
        var numbers: [Int] = []
        var words: [String] = []
        var leaf = Leaf()
        var maybeLeaf: Leaf? = nil
        var leaves: [Leaf] = []
        var maybeTags: [Tag]? = nil
        var tag: Tag? = nil

        init() {}

        static let propertyKeys: PropertyKeys<Folder> = [
            "id": \.id, "name": \.name, "note": \.note, "size": \.size, "ratio": \.ratio, "open": \.open,
            "link": \.link, "numbers": \.numbers, "words": \.words, "leaf": \.leaf, "maybeLeaf": \.maybeLeaf,
            "leaves": \.leaves, "maybeTags": \.maybeTags, "tag": \.tag,
        ]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)

        static let sample = """
            {"id": 1, "name": "f", "note": "n", "size": 3, "ratio": 1.25, "open": true, "link": "https://example.org/f",
             "numbers": [5], "words": ["w"], "leaf": {"value": 1, "label": "a"}, "maybe_leaf": {"value": 2, "label": "b"},
             "leaves": [{"value": 3, "label": "c"}], "maybe_tags": [{"name": "t", "weight": 1}],
             "tag": {"name": "u", "weight": 2}}
            """

        static func == (lhs: Folder, rhs: Folder) -> Bool {
            lhs.id == rhs.id && lhs.name == rhs.name && lhs.note == rhs.note && lhs.size == rhs.size
                && lhs.ratio == rhs.ratio && lhs.open == rhs.open && lhs.link == rhs.link && lhs.numbers == rhs.numbers
                && lhs.words == rhs.words && lhs.leaf == rhs.leaf && lhs.maybeLeaf == rhs.maybeLeaf
                && lhs.leaves == rhs.leaves && lhs.maybeTags == rhs.maybeTags && lhs.tag == rhs.tag
        }

        var description: String {
            "Folder(\(id), \(name), \(note as Any), \(size as Any), \(ratio), \(open), \(link as Any), \(numbers), "
                + "\(words), \(leaf), \(maybeLeaf as Any), \(leaves), \(maybeTags as Any), \(tag as Any))"
        }
    }

    /// A parent of leaves, for errors inside nested models.
    struct Parent: JSONSerializing, Equatable {
        var id = 0
        var name = ""
        var child: Leaf? = nil
        var children: [Leaf] = []

        static let propertyKeys: PropertyKeys<Parent> = [
            "id": \.id, "name": \.name, "child": \.child, "children": \.children,
        ]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

        static let sample = #"{"id": 1, "name": "p", "child": {"value": 1, "label": "c"}, "children": [{"value": 2, "label": "d"}]}"#
    }

    /// ``Parent`` with a `validate()` of its own that accepts everything: never
    /// decoded as it is read, so what its data gives is the objects-read-whole
    /// reference.
    struct CheckedParent: JSONSerializing, Equatable {
        var id = 0
        var name = ""
        var child: Leaf? = nil
        var children: [Leaf] = []

        static let propertyKeys: PropertyKeys<CheckedParent> = [
            "id": \.id, "name": \.name, "child": \.child, "children": \.children,
        ]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

        static let sample = Parent.sample

        func validate() throws {}
    }

    /// Two integers whose plan order (the `propertyKeys` literal) is the reverse
    /// of their declaration order.
    struct Pair: JSONSerializing, Equatable {
        var first = 0
        var second = 0

        static let propertyKeys: PropertyKeys<Pair> = ["second": \.second, "first": \.first]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

        static let sample = #"{"first": 1, "second": 2}"#
    }

    /// Keys required by `requiredPropertyKeys`, one of them optional.
    struct Account: JSONSerializing, Equatable {
        var id = 0
        var email: String? = nil
        var name = ""

        static let propertyKeys: PropertyKeys<Account> = ["id": \.id, "email": \.email, "name": \.name]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
        static let requiredPropertyKeys: Set<String> = ["id", "email"]

        static let sample = #"{"id": 1, "email": "a@example.org", "name": "a"}"#
    }

    /// A model whose required key's type takes `null` as a value; each one made is
    /// counted in ``PayloadsMade/made``.
    struct Payload: JSONSerializing, Equatable {
        var id = 0
        var value: JSONValue = "unset"

        init() { PayloadsMade.made?.record("Payload") }

        static let propertyKeys: PropertyKeys<Payload> = ["id": \.id, "value": \.value]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
        static let requiredKeys = RequiredKeys.allMapped

        static let sample = #"{"id": 1, "value": [true]}"#
    }

    /// The ``Payload``s made while a test reads, when set.
    enum PayloadsMade {
        @TaskLocal static var made: MadeModels?
    }

    /// ``Account`` with a `validate()` of its own that accepts everything: never
    /// decoded as it is read.
    struct CheckedAccount: JSONSerializing, Equatable {
        var id = 0
        var email: String? = nil
        var name = ""

        static let propertyKeys: PropertyKeys<CheckedAccount> = ["id": \.id, "email": \.email, "name": \.name]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
        static let requiredPropertyKeys: Set<String> = ["id", "email"]

        func validate() throws {}
    }

    /// Keys required by the `.nonOptional` rule, in a model nested one and many times.
    struct Point: JSONSerializing, Equatable {
        var x = 0.0
        var y = 0.0
        var label: String? = nil

        static let propertyKeys: PropertyKeys<Point> = ["x": \.x, "y": \.y, "label": \.label]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
        static let requiredKeys: RequiredKeys = .nonOptional
    }

    struct Route: JSONSerializing, Equatable {
        var start = Point()
        var stops: [Point] = []

        static let propertyKeys: PropertyKeys<Route> = ["start": \.start, "stops": \.stops]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

        static let sample = #"{"start": {"x": 1, "y": 2, "label": "a"}, "stops": [{"x": 3, "y": 4, "label": "b"}]}"#
    }

    /// A struct that holds itself, through an array.
    struct Node: JSONSerializing, Equatable {
        var value = 0
        var children: [Node] = []

        static let propertyKeys: PropertyKeys<Node> = ["value": \.value, "children": \.children]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

        static let sample = #"{"value": 1, "children": [{"value": 2, "children": []}]}"#

        /// `levels` models, each the only child of the one before.
        static func chain(_ levels: Int) -> String {
            levels == 1 ? #"{"value": 1}"# : #"{"value": \#(levels), "children": [\#(chain(levels - 1))]}"#
        }
    }

    /// A class that holds itself, through an optional.
    final class Link: JSONSerializing, Equatable, CustomStringConvertible, @unchecked Sendable {
        // @unchecked: test fixture, written only while it is decoded, by one task.
        var value = 0
        var next: Link? = nil

        init() {}

        static let propertyKeys: PropertyKeys<Link> = ["value": \.value, "next": \.next]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

        static let sample = #"{"value": 1, "next": {"value": 2}}"#

        /// `levels` links, each the next of the one before.
        static func chain(_ levels: Int) -> String {
            levels == 1 ? #"{"value": 1}"# : #"{"value": \#(levels), "next": \#(chain(levels - 1))}"#
        }

        static func == (lhs: Link, rhs: Link) -> Bool { lhs.value == rhs.value && lhs.next == rhs.next }
        var description: String { "Link(\(value), \(next.map(\.description) ?? "nil"))" }
    }

    /// The calls a model's hooks make, in the order they are made; safe to append
    /// to from any thread.
    final class CallLog: @unchecked Sendable {
        // @unchecked: `calls` is only touched with `lock` held.
        private let lock = NSLock()
        private var calls: [String] = []

        func append(_ call: String) {
            lock.lock()
            calls.append(call)
            lock.unlock()
        }

        /// The calls so far, leaving the log empty.
        func take() -> [String] {
            lock.lock()
            defer { lock.unlock() }
            let taken = calls
            calls = []
            return taken
        }
    }

    /// A model whose `validateValue(_:forKey:)` logs each key it is given.
    struct KeyLogging: JSONSerializing, Equatable {
        static let log = CallLog()
        var name = ""
        var leaf = Leaf()
        var leaves: [Leaf] = []
        var count = 0

        static let propertyKeys: PropertyKeys<KeyLogging> = [
            "name": \.name, "leaf": \.leaf, "leaves": \.leaves, "count": \.count,
        ]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

        func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
            Self.log.append(key)
            return value
        }
    }

    /// A model whose `validate()` logs its tag.
    struct Checked: JSONSerializing, Equatable {
        static let log = CallLog()
        var tag = ""

        static let propertyKeys: PropertyKeys<Checked> = ["tag": \.tag]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

        func validate() throws { Self.log.append(tag) }
    }

    /// A model with the default hooks holding ``Checked`` models in every form.
    struct CheckedHolder: JSONSerializing, Equatable {
        var first = Checked()
        var second: Checked? = nil
        var rest: [Checked] = []
        var leaf = Leaf()

        static let propertyKeys: PropertyKeys<CheckedHolder> = [
            "first": \.first, "second": \.second, "rest": \.rest, "leaf": \.leaf,
        ]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    }

    /// A case model of ``Shape``, whose `validate()` logs its radius.
    struct Circle: JSONSerializing, Equatable {
        static let log = CallLog()
        var kind = ""
        var radius = 0

        static let propertyKeys: PropertyKeys<Circle> = ["kind": \.kind, "radius": \.radius]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

        func validate() throws { Self.log.append("circle \(radius)") }
    }

    /// A tagged enum whose one case holds a model with a hook of its own.
    enum Shape: JSONTaggedEnum, Equatable {
        case circle(Circle)

        static let tagKeyPath: JSONKeyPath = "kind"
        static let casesByTag: [String: JSONTaggedCase<Shape>] = ["circle": .model(Circle.self, Shape.circle)]
    }

    /// A model with the default hooks holding two tagged enums.
    struct Drawing: JSONSerializing, Equatable {
        var first: Shape? = nil
        var second: Shape? = nil

        static let propertyKeys: PropertyKeys<Drawing> = ["first": \.first, "second": \.second]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    }

    // MARK: Helpers

    /// Decodes `sample` as `T` from data twice, so that `T`'s hooks (and those of
    /// the models it holds) are known before the decode a test checks.
    private static func warm<T: JSONSerializing>(_ type: T.Type, _ sample: String) throws {
        for _ in 0..<2 { _ = try JSONAdapter.model(of: T.self, from: Data(sample.utf8)) }
    }

    /// `json` decoded as `T` from data twice after `warm(_:_:)`, requiring both
    /// results to equal the one the dictionary of `json` gives.
    private static func decodedWarm<T: JSONSerializing & Equatable>(
        _ type: T.Type, _ json: String, sample: String, options: JSONAdapter.DecodingOptions = .default,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        try warm(T.self, sample)
        let first = try JSONAdapter.model(of: T.self, from: Data(json.utf8), options: options)
        let second = try JSONAdapter.model(of: T.self, from: Data(json.utf8), options: options)
        let fromDictionary = try JSONAdapter.model(of: T.self, from: try jsonObject(json), options: options)
        #expect(first == second, "\(json)", sourceLocation: sourceLocation)
        #expect(second == fromDictionary, "\(json)", sourceLocation: sourceLocation)
        return second
    }

    /// Requires `a` and `b` to be the same error: code, path and reason.
    private static func expectSame(
        _ a: StrataError?, _ b: StrataError?, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(a != nil, "\(comment): no error", sourceLocation: sourceLocation)
        #expect(a?.code == b?.code, "\(comment)", sourceLocation: sourceLocation)
        #expect(a?.path == b?.path, "\(comment)", sourceLocation: sourceLocation)
        #expect(a?.reason == b?.reason, "\(comment)", sourceLocation: sourceLocation)
    }

    /// The error decoding `json` as `T` from data gives after `warm(_:_:)`, twice,
    /// required to be the one the dictionary of `json` gives.
    @discardableResult
    private static func failureWarm<T: JSONSerializing>(
        _ type: T.Type, _ json: String, sample: String, options: JSONAdapter.DecodingOptions = .default,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> StrataError? {
        try warm(T.self, sample)
        let first = strataFailure { try JSONAdapter.model(of: T.self, from: Data(json.utf8), options: options) }
        let second = strataFailure { try JSONAdapter.model(of: T.self, from: Data(json.utf8), options: options) }
        let dictionary = try jsonObject(json)
        let fromDictionary = strataFailure { try JSONAdapter.model(of: T.self, from: dictionary, options: options) }
        expectSame(first, second, "\(json), first and second decode", sourceLocation: sourceLocation)
        expectSame(second, fromDictionary, "\(json), from data and from the dictionary", sourceLocation: sourceLocation)
        return second
    }

    /// ``failureWarm(_:_:sample:options:sourceLocation:)`` for a top-level array.
    @discardableResult
    private static func arrayFailureWarm<T: JSONSerializing>(
        _ type: T.Type, _ json: String, sample: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> StrataError? {
        try warm(T.self, sample)
        let first = strataFailure { try JSONAdapter.models(of: T.self, from: Data(json.utf8)) }
        let second = strataFailure { try JSONAdapter.models(of: T.self, from: Data(json.utf8)) }
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
        let fromArray = strataFailure { try JSONAdapter.models(of: T.self, from: array) }
        expectSame(first, second, "\(json), first and second decode", sourceLocation: sourceLocation)
        expectSame(second, fromArray, "\(json), from data and from the array", sourceLocation: sourceLocation)
        return second
    }

    // MARK: Values

    @Test("The suite's plain models are decoded as they are read once warm; models with hooks are not")
    func whichTypesAreDecodedAsRead() throws {
        try Self.warm(Record.self, Record.sample)
        try Self.warm(Folder.self, Folder.sample)
        try Self.warm(Parent.self, Parent.sample)
        try Self.warm(CheckedParent.self, CheckedParent.sample)
        try Self.warm(Route.self, Route.sample)
        try Self.warm(Node.self, Node.sample)
        try Self.warm(Link.self, Link.sample)
        try Self.warm(Pair.self, Pair.sample)
        try Self.warm(Account.self, Account.sample)
        // What the other tests rely on: without it, they would check the slots reader twice.
        #expect(JSONAdapter.streamsModels(MappingPlan<Record>.shared))
        #expect(JSONAdapter.streamsModels(MappingPlan<Folder>.shared))
        #expect(JSONAdapter.streamsModels(MappingPlan<Parent>.shared))
        #expect(JSONAdapter.streamsModels(MappingPlan<Route>.shared))
        #expect(JSONAdapter.streamsModels(MappingPlan<Node>.shared))
        #expect(JSONAdapter.streamsModels(MappingPlan<Link>.shared))
        #expect(JSONAdapter.streamsModels(MappingPlan<Pair>.shared))
        #expect(JSONAdapter.streamsModels(MappingPlan<Account>.shared))
        #expect(!JSONAdapter.streamsModels(MappingPlan<CheckedParent>.shared))
    }

    @Test("A struct with every form of value decodes as its dictionary does")
    func structValues() throws {
        let full = try Self.decodedWarm(Record.self, """
            {"id": 42, "title": "caf\\u00e9 \\"quoted\\"\\n\\\\ \\ud83d\\ude00", "subtitle": "sub", "count": -3,
             "ratio": 2, "flag": false, "link": "https://example.org/a%20b?q=1",
             "numbers": [1, -2, 30000000000], "words": ["x", "y\\tz", ""],
             "leaf": {"value": 5, "label": "five"}, "maybe_leaf": {"label": "m"},
             "leaves": [{"value": 1}, {}, {"label": "c", "value": 3}], "maybe_leaves": [{"value": 9}],
             "tag": {"name": "t", "weight": 1e2}, "tags": [{"name": "a", "weight": 0.25}, {"weight": -1.5}]}
            """, sample: Record.sample)
        #expect(full.id == 42)
        #expect(full.title == "café \"quoted\"\n\\ 😀")
        #expect(full.subtitle == "sub")
        #expect(full.count == -3)
        #expect(full.ratio == 2.0)
        #expect(full.link == URL(string: "https://example.org/a%20b?q=1"))
        #expect(full.numbers == [1, -2, 30_000_000_000])
        #expect(full.words == ["x", "y\tz", ""])
        #expect(full.leaf == Leaf(value: 5, label: "five"))
        #expect(full.maybeLeaf == Leaf(value: 0, label: "m"))
        #expect(full.leaves == [Leaf(value: 1, label: ""), Leaf(), Leaf(value: 3, label: "c")])
        #expect(full.maybeLeaves == [Leaf(value: 9, label: "")])
        #expect(full.tag == Tag("t", weight: 100))
        #expect(full.tags == [Tag("a", weight: 0.25), Tag("", weight: -1.5)])

        let nulls = try Self.decodedWarm(
            Record.self, #"{"subtitle": null, "count": null, "maybe_leaf": null, "maybe_leaves": null, "id": 1}"#,
            sample: Record.sample)
        #expect(nulls.subtitle == nil)
        #expect(nulls.count == nil)
        #expect(nulls.maybeLeaf == nil)
        #expect(nulls.maybeLeaves == nil)

        let absent = try Self.decodedWarm(Record.self, "{}", sample: Record.sample)
        #expect(absent == Record())
        #expect(absent.subtitle == "none")
        #expect(absent.count == 7)
    }

    @Test("Unknown keys are skipped and a duplicate key's later value wins")
    func unknownAndDuplicateKeys() throws {
        let model = try Self.decodedWarm(Record.self, """
            {"extra": {"deep": [1, {"a": null}], "s": "}"}, "id": 1, "id": 2, "title": "a", "more": [true, null],
             "leaf": {"value": 1, "unknown": [], "value": 2}, "leaf": {"label": "later"},
             "tags": [{"name": "x"}], "tags": [], "subtitle": "s", "subtitle": null, "ti\\u0074le": "escaped key"}
            """, sample: Record.sample)
        #expect(model.id == 2)
        #expect(model.title == "escaped key")
        #expect(model.leaf == Leaf(value: 0, label: "later"))
        #expect(model.tags == [])
        #expect(model.subtitle == nil)
    }

    @Test("A class with every form of value decodes as its dictionary does")
    func classValues() throws {
        let full = try Self.decodedWarm(Folder.self, """
            {"id": 7, "name": "n\\u00e4me", "note": "x", "size": 12, "ratio": -0.5, "open": true,
             "link": "https://example.org/folder", "numbers": [], "words": ["a"],
             "leaf": {"value": 1, "label": "l"}, "maybe_leaf": {"value": 2}, "leaves": [{"value": 3}, {"label": "d"}],
             "maybe_tags": [{"name": "t", "weight": 3}], "tag": {"name": "u"}, "unknown": {"x": [1, 2, 3]}}
            """, sample: Folder.sample)
        #expect(full.name == "näme")
        #expect(full.link == URL(string: "https://example.org/folder"))
        #expect(full.maybeTags == [Tag("t", weight: 3)])
        #expect(full.tag == Tag("u", weight: 0))
        #expect(full.leaves == [Leaf(value: 3, label: ""), Leaf(value: 0, label: "d")])

        let nulls = try Self.decodedWarm(
            Folder.self, #"{"note": null, "size": null, "link": null, "maybe_leaf": null, "maybe_tags": null, "tag": null}"#,
            sample: Folder.sample)
        #expect(nulls.note == nil)
        #expect(nulls.size == nil)
        #expect(nulls.tag == nil)

        let absent = try Self.decodedWarm(Folder.self, #"{"name": "a", "name": "b"}"#, sample: Folder.sample)
        #expect(absent.name == "b")
        #expect(absent.note == "none")
        #expect(absent.size == 7)
    }

    @Test("A top-level array of models decodes as its array does, and an element's error names its index")
    func topLevelArray() throws {
        try Self.warm(Parent.self, Parent.sample)
        let json = """
            [{"id": 1, "name": "a", "children": [{"value": 1}]}, {}, {"child": null, "id": 3, "id": 4},
             {"name": "d", "child": {"label": "c"}, "children": []}]
            """
        let first = try JSONAdapter.models(of: Parent.self, from: Data(json.utf8))
        let second = try JSONAdapter.models(of: Parent.self, from: Data(json.utf8))
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
        let fromArray = try JSONAdapter.models(of: Parent.self, from: array)
        #expect(first == second)
        #expect(second == fromArray)
        #expect(second.count == 4)
        #expect(second[2] == Parent(id: 4, name: "", child: nil, children: []))

        let failure = try Self.arrayFailureWarm(
            Parent.self, #"[{"id": 1}, {"id": 2}, {"name": "c", "id": "x"}, {"id": 4}]"#, sample: Parent.sample)
        #expect(failure?.code == .typeMismatch)
        #expect(failure?.pathDescription == "[2].id")
        let nested = try Self.arrayFailureWarm(
            Parent.self, #"[{"id": 1}, {"children": [{"value": 1}, {"value": true}]}]"#, sample: Parent.sample)
        #expect(nested?.pathDescription == "[1].children[1].value")
    }

    // MARK: Errors

    @Test("A syntax error after a mapping error is reported, not the mapping error")
    func syntaxErrorWinsOverMappingError() throws {
        try Self.warm(Parent.self, Parent.sample)
        try Self.warm(CheckedParent.self, CheckedParent.sample)
        let documents = [
            // A missing `}` deep inside a later member.
            #"{"id": "x", "name": "a", "children": [{"value": 1}, {"value": 2]}"#,
            // A trailing comma in a later nested model, after an error in an earlier one.
            #"{"children": [{"value": "x"}], "name": "a", "child": {"value": 1,}}"#,
            // Trailing garbage after the object.
            #"{"id": "x", "children": []} x"#,
            // An unterminated document.
            #"{"id": "x", "name": "a""#,
            // A bad literal in an unknown member.
            #"{"child": {"value": "x"}, "other": [nul]}"#,
        ]
        for json in documents {
            let first = strataFailure { try JSONAdapter.model(of: Parent.self, from: Data(json.utf8)) }
            let second = strataFailure { try JSONAdapter.model(of: Parent.self, from: Data(json.utf8)) }
            let objectsReadWhole = strataFailure { try JSONAdapter.model(of: CheckedParent.self, from: Data(json.utf8)) }
            #expect(second?.code == .invalidJSON, "\(json): \(second as Any)")
            Self.expectSame(first, second, "\(json), first and second decode")
            Self.expectSame(second, objectsReadWhole, "\(json), against the model read whole")
        }
        // The same in a top-level array: an element that fails, then bad JSON in a later one.
        let array = #"[{"id": "x"}, {"id": 2, "children": [}]"#
        let failure = strataFailure { try JSONAdapter.models(of: Parent.self, from: Data(array.utf8)) }
        #expect(failure?.code == .invalidJSON)
    }

    @Test("Of two mapping errors, the one first in plan order is reported, whatever the document's order")
    func firstErrorInPlanOrder() throws {
        let failure = try Self.failureWarm(Pair.self, #"{"first": "x", "second": "y"}"#, sample: Pair.sample)
        #expect(failure?.code == .typeMismatch)
        #expect(failure?.pathDescription == "second")
        let nested = try Self.failureWarm(
            Parent.self, #"{"children": [{"value": "x"}], "child": {"value": "y"}, "name": 3}"#, sample: Parent.sample)
        #expect(nested?.pathDescription == "name")
        let inside = try Self.failureWarm(
            Parent.self, #"{"child": {"label": 1, "value": "y"}}"#, sample: Parent.sample)
        #expect(inside?.pathDescription == "child.value")
    }

    @Test("An error in a nested model carries its full path")
    func nestedErrorPaths() throws {
        let inArray = try Self.failureWarm(
            Parent.self, #"{"id": 1, "children": [{"value": 1}, {"value": "x"}]}"#, sample: Parent.sample)
        #expect(inArray?.code == .typeMismatch)
        #expect(inArray?.pathDescription == "children[1].value")
        let inModel = try Self.failureWarm(Parent.self, #"{"child": {"label": false}}"#, sample: Parent.sample)
        #expect(inModel?.pathDescription == "child.label")
        let deep = try Self.failureWarm(
            Node.self, #"{"children": [{"children": [{"value": 1}, {"value": 2.5}]}]}"#, sample: Node.sample)
        #expect(deep?.pathDescription == "children[0].children[1].value")
        let inClass = try Self.failureWarm(Link.self, #"{"next": {"next": {"value": "v"}}}"#, sample: Link.sample)
        #expect(inClass?.pathDescription == "next.next.value")
    }

    @Test("null for a property that is not optional fails as from the dictionary")
    func nullForNonOptional() throws {
        let scalar = try Self.failureWarm(Parent.self, #"{"name": "a", "id": null}"#, sample: Parent.sample)
        #expect(scalar?.code == .nullForNonOptional)
        #expect(scalar?.pathDescription == "id")
        try Self.failureWarm(Parent.self, #"{"children": null}"#, sample: Parent.sample)
        try Self.failureWarm(Record.self, #"{"leaf": null}"#, sample: Record.sample)
        try Self.failureWarm(Record.self, #"{"tag": null, "id": 1}"#, sample: Record.sample)
        let inside = try Self.failureWarm(Parent.self, #"{"children": [{"value": null}]}"#, sample: Parent.sample)
        #expect(inside?.pathDescription == "children[0].value")
    }

    @Test("An element of an array of models that is null or not an object fails as from the dictionary")
    func badArrayElements() throws {
        for element in ["null", "3", #""x""#, "[]", "[{}]"] {
            let failure = try Self.failureWarm(
                Parent.self, #"{"children": [{"value": 1}, \#(element), {"value": 3}]}"#, sample: Parent.sample)
            #expect(failure?.pathDescription == "children[1]", "\(element)")
            try Self.arrayFailureWarm(Parent.self, #"[{"id": 1}, \#(element)]"#, sample: Parent.sample)
        }
        let notAnArray = try Self.failureWarm(Parent.self, #"{"children": {"value": 1}}"#, sample: Parent.sample)
        #expect(notAnArray?.pathDescription == "children")
        let notAnObject = try Self.failureWarm(Parent.self, #"{"child": [{"value": 1}]}"#, sample: Parent.sample)
        #expect(notAnObject?.pathDescription == "child")
    }

    @Test("A duplicate key whose first value is invalid and later one valid decodes with the later one")
    func invalidThenValidDuplicate() throws {
        let scalar = try Self.decodedWarm(Parent.self, #"{"id": "x", "id": 3}"#, sample: Parent.sample)
        #expect(scalar.id == 3)
        let model = try Self.decodedWarm(
            Parent.self, #"{"child": {"value": "x"}, "name": "n", "child": {"value": 4}}"#, sample: Parent.sample)
        #expect(model.child == Leaf(value: 4, label: ""))
        let array = try Self.decodedWarm(
            Parent.self, #"{"children": [null, {"value": "x"}], "children": [{"value": 1}]}"#, sample: Parent.sample)
        #expect(array.children == [Leaf(value: 1, label: "")])
        let inside = try Self.decodedWarm(Parent.self, #"{"child": {"value": null, "value": 5}}"#, sample: Parent.sample)
        #expect(inside.child == Leaf(value: 5, label: ""))
    }

    // MARK: Required keys and depth

    @Test("A required key that is absent or null fails as from the dictionary; present, it decodes")
    func requiredKeys() throws {
        let failing = [
            #"{"email": "a", "name": "n"}"#,
            #"{"id": null, "email": "a"}"#,
            #"{"id": 1, "email": null}"#,
            #"{"id": 1, "name": "n"}"#,
            #"{}"#,
            // Absent, with a type mismatch in another member: the required keys are checked first.
            #"{"name": 5, "email": "e"}"#,
            // Given twice, the later value null.
            #"{"id": 1, "id": null, "email": "a"}"#,
        ]
        for json in failing {
            let failure = try Self.failureWarm(Account.self, json, sample: Account.sample)
            #expect(failure?.code == .missingRequiredKeys, "\(json)")
        }
        let present = try Self.decodedWarm(Account.self, #"{"name": "n", "email": "e", "id": 2}"#, sample: Account.sample)
        #expect(present == Account(id: 2, email: "e", name: "n"))
        let later = try Self.decodedWarm(Account.self, #"{"id": null, "email": null, "id": 3, "email": "b"}"#, sample: Account.sample)
        #expect(later == Account(id: 3, email: "b", name: ""))

        let nested = try Self.failureWarm(
            Route.self, #"{"start": {"x": 1, "y": 2}, "stops": [{"x": 1, "y": 2}, {"x": 3, "label": "s"}]}"#,
            sample: Route.sample)
        #expect(nested?.code == .missingRequiredKeys)
        #expect(nested?.pathDescription == "stops[1]")
        let nullInside = try Self.failureWarm(Route.self, #"{"start": {"x": 1, "y": null}}"#, sample: Route.sample)
        #expect(nullInside?.pathDescription == "start")
        let route = try Self.decodedWarm(
            Route.self, #"{"start": {"y": 2, "x": 1, "label": null}, "stops": [{"x": 3, "y": 4}]}"#, sample: Route.sample)
        #expect(route.stops == [Point(x: 3, y: 4, label: nil)])
        let arrayFailure = try Self.arrayFailureWarm(
            Account.self, #"[{"id": 1, "email": "a"}, {"id": 2}]"#, sample: Account.sample)
        #expect(arrayFailure?.code == .missingRequiredKeys)
        #expect(arrayFailure?.pathDescription == "[1]")
    }

    @Test("A required optional key given twice, the later value null, fails as from the dictionary")
    func requiredKeyLaterNull() throws {
        let json = #"{"id": 1, "email": "a", "name": "n", "email": null}"#
        let failure = try Self.failureWarm(Account.self, json, sample: Account.sample)
        #expect(failure?.code == .missingRequiredKeys)
        #expect(failure?.reason.contains("email is null") == true)
        // The model read whole from the same data agrees.
        try Self.warm(CheckedAccount.self, Account.sample)
        let objectsReadWhole = strataFailure { try JSONAdapter.model(of: CheckedAccount.self, from: Data(json.utf8)) }
        #expect(objectsReadWhole?.code == .missingRequiredKeys)
        let array = try Self.arrayFailureWarm(Account.self, "[\(Account.sample), \(json)]", sample: Account.sample)
        #expect(array?.pathDescription == "[1]")
    }

    @Test("A required key whose type takes null as a value is read once, as it is read, and holds null")
    func requiredKeyTakingNull() throws {
        let json = #"{"value": null, "id": 2}"#
        let payload = try Self.decodedWarm(Payload.self, json, sample: Payload.sample)
        #expect(payload.value == .null)
        #expect(JSONAdapter.streamsModels(MappingPlan<Payload>.shared))
        // The required-key rule of the slots: `null` is the value, so the read need not give way.
        let made = MadeModels()
        let again = try PayloadsMade.$made.withValue(made) { try JSONAdapter.model(of: Payload.self, from: Data(json.utf8)) }
        #expect(again == payload)
        #expect(made.classes == ["Payload"])
        let absent = try Self.failureWarm(Payload.self, #"{"id": 2}"#, sample: Payload.sample)
        #expect(absent?.code == .missingRequiredKeys)
    }

    @Test("The model depth limit holds as from the dictionary: deeper fails, within it decodes")
    func modelDepthLimit() throws {
        let options = JSONAdapter.DecodingOptions(maximumModelDepth: 3)
        try Self.warm(Node.self, Node.sample)
        try Self.warm(Link.self, Link.sample)
        var decoded: [Int] = []
        var refused: [Int] = []
        for levels in 1...7 {
            let nodes = Node.chain(levels)
            let nodeDictionary = try jsonObject(nodes)
            let node = Result { try JSONAdapter.model(of: Node.self, from: Data(nodes.utf8), options: options) }
            let nodeFromDictionary = Result { try JSONAdapter.model(of: Node.self, from: nodeDictionary, options: options) }
            let links = Link.chain(levels)
            let linkDictionary = try jsonObject(links)
            let link = Result { try JSONAdapter.model(of: Link.self, from: Data(links.utf8), options: options) }
            let linkFromDictionary = Result { try JSONAdapter.model(of: Link.self, from: linkDictionary, options: options) }
            let array = "[\(nodes), \(nodes)]"
            let nodeArray = try #require(try JSONSerialization.jsonObject(with: Data(array.utf8)) as? [Any])
            let nodes2 = Result { try JSONAdapter.models(of: Node.self, from: Data(array.utf8), options: options) }
            let nodes2FromArray = Result { try JSONAdapter.models(of: Node.self, from: nodeArray, options: options) }
            switch (node, nodeFromDictionary) {
            case (.success(let model), .success(let reference)):
                #expect(model == reference, "\(levels) levels")
                decoded.append(levels)
            case (.failure(let error), .failure(let reference)):
                Self.expectSame(error as? StrataError, reference as? StrataError, "\(levels) levels of Node")
                #expect((error as? StrataError)?.code == .nestingTooDeep)
                refused.append(levels)
            default:
                Issue.record("\(levels) levels of Node: data gave \(node), the dictionary \(nodeFromDictionary)")
            }
            switch (link, linkFromDictionary) {
            case (.success(let model), .success(let reference)):
                #expect(model == reference, "\(levels) levels")
            case (.failure(let error), .failure(let reference)):
                Self.expectSame(error as? StrataError, reference as? StrataError, "\(levels) levels of Link")
            default:
                Issue.record("\(levels) levels of Link: data gave \(link), the dictionary \(linkFromDictionary)")
            }
            switch (nodes2, nodes2FromArray) {
            case (.success(let models), .success(let reference)):
                #expect(models == reference, "\(levels) levels")
            case (.failure(let error), .failure(let reference)):
                Self.expectSame(error as? StrataError, reference as? StrataError, "\(levels) levels of [Node]")
            default:
                Issue.record("\(levels) levels of [Node]: data gave \(nodes2), the array \(nodes2FromArray)")
            }
        }
        #expect(decoded == [1, 2, 3, 4])
        #expect(refused == [5, 6, 7])
    }

    // MARK: Hooks

    @Test("validateValue(_:forKey:) sees the keys in plan order whatever the document's order")
    func validateValueInPlanOrder() throws {
        let json = #"{"count": 3, "leaves": [{"value": 1}], "x": 0, "leaf": {"value": 2}, "name": "n"}"#
        let planOrder = ["name", "leaf", "leaves", "count"]
        _ = KeyLogging.log.take()
        let first = try JSONAdapter.model(of: KeyLogging.self, from: Data(json.utf8))
        #expect(KeyLogging.log.take() == planOrder)
        let second = try JSONAdapter.model(of: KeyLogging.self, from: Data(json.utf8))
        #expect(KeyLogging.log.take() == planOrder)
        let fromDictionary = try JSONAdapter.model(of: KeyLogging.self, from: try jsonObject(json))
        #expect(KeyLogging.log.take() == planOrder)
        #expect(first == second)
        #expect(second == fromDictionary)
        // A value the model refuses: the keys before it in plan order, then its own.
        let refused = #"{"count": "x", "leaf": {"value": 2}, "name": "n"}"#
        let failure = strataFailure { try JSONAdapter.model(of: KeyLogging.self, from: Data(refused.utf8)) }
        let dataCalls = KeyLogging.log.take()
        let dictionaryFailure = strataFailure { try JSONAdapter.model(of: KeyLogging.self, from: try jsonObject(refused)) }
        #expect(dataCalls == KeyLogging.log.take())
        Self.expectSame(failure, dictionaryFailure, refused)
    }

    @Test("Nested models' validate() runs in plan order whatever the document's order")
    func nestedValidateInPlanOrder() throws {
        let json = """
            {"leaf": {"value": 1}, "rest": [{"tag": "r1"}, {"tag": "r2"}], "second": {"tag": "s"}, "first": {"tag": "f"}}
            """
        let planOrder = ["f", "s", "r1", "r2"]
        _ = Checked.log.take()
        let first = try JSONAdapter.model(of: CheckedHolder.self, from: Data(json.utf8))
        #expect(Checked.log.take() == planOrder)
        let second = try JSONAdapter.model(of: CheckedHolder.self, from: Data(json.utf8))
        #expect(Checked.log.take() == planOrder)
        let fromDictionary = try JSONAdapter.model(of: CheckedHolder.self, from: try jsonObject(json))
        #expect(Checked.log.take() == planOrder)
        #expect(first == second)
        #expect(second == fromDictionary)
        let third = try JSONAdapter.models(of: CheckedHolder.self, from: Data("[\(json), \(json)]".utf8))
        #expect(Checked.log.take() == planOrder + planOrder)
        #expect(third == [second, second])
    }

    @Test("The models of a tagged enum run their hooks in plan order, and not for a document that is not JSON")
    func taggedEnumHooks() throws {
        let json = #"{"second": {"kind": "circle", "radius": 2}, "first": {"kind": "circle", "radius": 1}}"#
        let planOrder = ["circle 1", "circle 2"]
        _ = Circle.log.take()
        let first = try JSONAdapter.model(of: Drawing.self, from: Data(json.utf8))
        #expect(Circle.log.take() == planOrder)
        let second = try JSONAdapter.model(of: Drawing.self, from: Data(json.utf8))
        #expect(Circle.log.take() == planOrder)
        _ = try JSONAdapter.model(of: Drawing.self, from: try jsonObject(json))
        #expect(Circle.log.take() == planOrder)
        #expect(first == second)
        // The whole document is checked before any value is converted.
        let broken = #"{"first": {"kind": "circle", "radius": 1}, "second": [}"#
        let failure = strataFailure { try JSONAdapter.model(of: Drawing.self, from: Data(broken.utf8)) }
        #expect(failure?.code == .invalidJSON)
        #expect(Circle.log.take() == [])
        // A later value that fails: each hook before it runs once.
        let refused = #"{"first": {"kind": "circle", "radius": 1}, "second": {"kind": "square"}}"#
        _ = strataFailure { try JSONAdapter.model(of: Drawing.self, from: Data(refused.utf8)) }
        #expect(Circle.log.take() == ["circle 1"])
    }

    // MARK: Concurrency

    /// A document of its own for each task.
    private static func concurrentDocument(_ index: Int) -> String {
        """
        {"tags": [{"name": "t\(index)", "weight": \(index)}], "id": \(index), "title": "task \(index)",
         "leaves": [\((0..<(index % 5)).map { #"{"value": \#($0)}"# }.joined(separator: ", "))],
         "maybe_leaf": \(index.isMultiple(of: 2) ? "null" : #"{"value": \#(index)}"#),
         "count": \(index.isMultiple(of: 3) ? "null" : "\(index)"), "numbers": [\(index), \(index * 2)]}
        """
    }

    @Test("Many tasks decoding one type at once each get the dictionary's result")
    func concurrentDecodes() async throws {
        try Self.warm(Record.self, Record.sample)
        var expected: [Int: Record] = [:]
        for index in 0..<16 {
            expected[index] = try JSONAdapter.model(of: Record.self, from: try jsonObject(Self.concurrentDocument(index)))
        }
        let results = await withTaskGroup(of: (Int, [Record?]).self) { group in
            for index in 0..<16 {
                group.addTask {
                    let data = Data(Self.concurrentDocument(index).utf8)
                    return (index, (0..<50).map { _ in try? JSONAdapter.model(of: Record.self, from: data) })
                }
            }
            var results: [Int: [Record?]] = [:]
            for await (index, models) in group { results[index] = models }
            return results
        }
        #expect(results.count == 16)
        for (index, models) in results {
            #expect(models.allSatisfy { $0 == expected[index] }, "task \(index)")
        }
    }
}
