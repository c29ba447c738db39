import Foundation
import Testing
@testable import Strata

/// Nested models written where their parent stores them.
///
/// A stored property of the model type, its optional, an array of it or an
/// optional array, in a struct or a class, gives the JSON written out by hand
/// here, from `data(from:)` and from `dictionary(from:)`, with and without
/// `omitNulls`. The same holds for the forms written from a read value (a
/// computed property, a double optional), for a subclass held as its base class,
/// for the paths of errors inside the models, and for the model depth limit.
@Suite("Writing nested models where they are stored")
struct NestedFieldWritingTests {
    // MARK: Models

    /// A nested model of two fields without spare bits: its optional keeps its tag
    /// in a byte after the payload.
    struct Counts: JSONSerializing, Equatable {
        var count = 0
        var ratio = 0.0

        static let propertyKeys: PropertyKeys<Counts> = ["count": \.count, "ratio": \.ratio]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["count": "count", "ratio": "ratio"]
    }

    /// A nested model holding a string: its optional keeps its tag in the string's
    /// spare bits.
    struct Label: JSONSerializing, Equatable {
        var text = ""
        var weight = 0

        static let propertyKeys: PropertyKeys<Label> = ["text": \.text, "weight": \.weight]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["text": "text", "weight": "weight"]
    }

    /// A nested model holding a class reference (a nested class model): its
    /// optional keeps its tag in the reference's spare bits.
    struct Holder: JSONSerializing, Equatable {
        var node = Node()

        static let propertyKeys: PropertyKeys<Holder> = ["node": \.node]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["node": "node"]
    }

    /// A final class model.
    final class Node: JSONSerializing, Equatable, @unchecked Sendable {
        // @unchecked: test fixture, written by one task only, and read by several
        // tasks at once only while none writes it.
        var name = ""
        var rank = 0

        init() {}

        init(_ name: String, rank: Int) {
            self.name = name
            self.rank = rank
        }

        static let propertyKeys: PropertyKeys<Node> = ["name": \.name, "rank": \.rank]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "rank": "rank"]

        static func == (lhs: Node, rhs: Node) -> Bool { lhs.name == rhs.name && lhs.rank == rhs.rank }
    }

    /// A struct parent holding each stored form of a nested model, all after
    /// fields of other types, so that none is at offset 0.
    struct Parent: JSONSerializing, Equatable {
        var id = 0
        var name = ""
        var flag = false
        var counts = Counts()
        var maybeCounts: Counts? = nil
        var label: Label? = nil
        var holder: Holder? = nil
        var list: [Counts] = []
        var maybeList: [Label]? = nil
        var trailer = ""

        static let propertyKeys: PropertyKeys<Parent> = [
            "id": \.id, "name": \.name, "flag": \.flag, "counts": \.counts, "maybeCounts": \.maybeCounts,
            "label": \.label, "holder": \.holder, "list": \.list, "maybeList": \.maybeList, "trailer": \.trailer,
        ]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "id": "id", "name": "name", "flag": "flag", "counts": "counts", "maybeCounts": "maybe_counts",
            "label": "label", "holder": "holder", "list": "list", "maybeList": "maybe_list", "trailer": "trailer",
        ]
    }

    /// A struct parent holding a class model as itself, as an optional and in an
    /// array.
    struct Graph: JSONSerializing, Equatable {
        var title = ""
        var root = Node()
        var extra: Node? = nil
        var nodes: [Node] = []

        static let propertyKeys: PropertyKeys<Graph> = ["title": \.title, "root": \.root, "extra": \.extra, "nodes": \.nodes]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "title": "title", "root": "root", "extra": "extra", "nodes": "nodes",
        ]
    }

    /// A class parent: its nested models, structs and classes, are stored inside
    /// the object.
    final class Box: JSONSerializing, Equatable, @unchecked Sendable {
        // @unchecked: test fixture, written by one task only, and read by several
        // tasks at once only while none writes it.
        var id = 0
        var counts = Counts()
        var label: Label? = nil
        var node: Node? = nil
        var nodes: [Node] = []
        var labels: [Label]? = nil

        init() {}

        static let propertyKeys: PropertyKeys<Box> = [
            "id": \.id, "counts": \.counts, "label": \.label, "node": \.node, "nodes": \.nodes, "labels": \.labels,
        ]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "id": "id", "counts": "counts", "label": "label", "node": "node", "nodes": "nodes", "labels": "labels",
        ]

        static func == (lhs: Box, rhs: Box) -> Bool {
            lhs.id == rhs.id && lhs.counts == rhs.counts && lhs.label == rhs.label && lhs.node == rhs.node
                && lhs.nodes == rhs.nodes && lhs.labels == rhs.labels
        }
    }

    /// A non-final class model, the base of ``Dog``.
    class Animal: JSONSerializing, @unchecked Sendable {
        // @unchecked: test fixture, each instance is used from one task only.
        typealias KeyPathRoot = Animal

        var name = ""

        required init() {}

        class var propertyKeys: PropertyKeys<Animal> { ["name": \.name] }
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name"] }
    }

    /// A subclass adding a property of its own and a nested model of its own.
    final class Dog: Animal, @unchecked Sendable {
        var bark = ""
        var toy: Counts? = nil

        convenience init(_ name: String, bark: String, toy: Counts? = nil) {
            self.init()
            self.name = name
            self.bark = bark
            self.toy = toy
        }

        override class var propertyKeys: PropertyKeys<Animal> {
            super.propertyKeys.adding(["bark": \.bark, "toy": \.toy] as PropertyKeys<Dog>)
        }
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            super.jsonKeyPathsByPropertyKey.merging(["bark": "bark", "toy": "toy"]) { $1 }
        }
    }

    /// Holds animals as their base class, whatever their dynamic type.
    struct Kennel: JSONSerializing {
        var size = 0
        var pet = Animal()
        var guest: Animal? = nil
        var pets: [Animal] = []

        static let propertyKeys: PropertyKeys<Kennel> = ["size": \.size, "pet": \.pet, "guest": \.guest, "pets": \.pets]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "size": "size", "pet": "pet", "guest": "guest", "pets": "pets",
        ]
    }

    /// Nested models behind computed properties and in a double optional: forms
    /// written from the value read, not where it is stored.
    struct Indirect: JSONSerializing, Equatable {
        var id = 0
        var storedCounts = Counts()
        var storedLabels: [Label] = []
        var twice: Counts?? = nil

        var counts: Counts {
            get { storedCounts }
            set { storedCounts = newValue }
        }
        var labels: [Label] {
            get { storedLabels }
            set { storedLabels = newValue }
        }

        static let propertyKeys: PropertyKeys<Indirect> = ["id": \.id, "counts": \.counts, "labels": \.labels, "twice": \.twice]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "id": "id", "counts": "counts", "labels": "labels", "twice": "twice",
        ]
    }

    /// A nested model whose `value` may be NaN, which JSON cannot represent.
    struct Reading: JSONSerializing, Equatable {
        var label = ""
        var value = 0.0

        static let propertyKeys: PropertyKeys<Reading> = ["label": \.label, "value": \.value]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["label": "label", "value": "value"]
    }

    /// Holds readings in each stored form.
    struct Series: JSONSerializing, Equatable {
        var name = ""
        var child: Reading? = nil
        var children: [Reading] = []
        var moreChildren: [Reading]? = nil

        static let propertyKeys: PropertyKeys<Series> = [
            "name": \.name, "child": \.child, "children": \.children, "moreChildren": \.moreChildren,
        ]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "name": "name", "child": "child", "children": "children", "moreChildren": "more.children",
        ]
    }

    /// A class parent holding readings in an array.
    final class SeriesBox: JSONSerializing, @unchecked Sendable {
        // @unchecked: test fixture, written by one task only, and read by several
        // tasks at once only while none writes it.
        var name = ""
        var children: [Reading] = []

        init() {}

        static let propertyKeys: PropertyKeys<SeriesBox> = ["name": \.name, "children": \.children]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "children": "children"]
    }

    /// The top of a four-level chain: a root, an optional branch, its array of
    /// twigs, each holding a bud.
    struct Root: JSONSerializing, Equatable {
        var id = 0
        var child: Branch? = nil

        static let propertyKeys: PropertyKeys<Root> = ["id": \.id, "child": \.child]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "child": "child"]
    }

    /// ``Root`` with its branch behind a computed property: the same chain written
    /// from the value read.
    struct ComputedRoot: JSONSerializing, Equatable {
        var id = 0
        var storedChild: Branch? = nil

        var child: Branch? {
            get { storedChild }
            set { storedChild = newValue }
        }

        static let propertyKeys: PropertyKeys<ComputedRoot> = ["id": \.id, "child": \.child]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "child": "child"]
    }

    /// The second level of the chain.
    struct Branch: JSONSerializing, Equatable {
        var name = ""
        var twigs: [Twig] = []

        static let propertyKeys: PropertyKeys<Branch> = ["name": \.name, "twigs": \.twigs]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "twigs": "twigs"]
    }

    /// The third level of the chain.
    struct Twig: JSONSerializing, Equatable {
        var length = 0
        var bud = Bud()

        static let propertyKeys: PropertyKeys<Twig> = ["length": \.length, "bud": \.bud]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["length": "length", "bud": "bud"]
    }

    /// The fourth level of the chain.
    struct Bud: JSONSerializing, Equatable {
        var color = ""

        static let propertyKeys: PropertyKeys<Bud> = ["color": \.color]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["color": "color"]
    }

    // MARK: Helpers

    /// The JSON text of `object`, its keys sorted, as Foundation writes it: the
    /// form in which written JSON is compared with the expected JSON.
    static func canonical(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// The JSON text `text`, parsed by Foundation, in canonical form.
    static func canonical(json text: String) throws -> String {
        try canonical(JSONSerialization.jsonObject(with: Data(text.utf8)))
    }

    /// Expects `data(from:)` (in plan order and in key order) and
    /// `dictionary(from:)` to write `model` as the JSON `expected`.
    static func expectWritten<M: JSONSerializing>(
        _ model: M, options: JSONAdapter.EncodingOptions = .default, _ expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let wanted = try canonical(json: expected)
        for formatting: JSONAdapter.OutputFormatting in [[], .sortedKeys] {
            let data = try JSONAdapter.data(from: model, options: options, formatting: formatting)
            let written = try canonical(JSONSerialization.jsonObject(with: data))
            #expect(written == wanted, "data(from:) with \(formatting)", sourceLocation: sourceLocation)
        }
        let dictionary = try canonical(JSONAdapter.dictionary(from: model, options: options))
        #expect(dictionary == wanted, "dictionary(from:)", sourceLocation: sourceLocation)
    }

    /// The JSON object of `counts`, written out by hand.
    static func object(_ counts: Counts) -> [String: Any] { ["count": counts.count, "ratio": counts.ratio] }

    /// The JSON object of `label`, written out by hand.
    static func object(_ label: Label) -> [String: Any] { ["text": label.text, "weight": label.weight] }

    /// The JSON object of `node`, written out by hand.
    static func object(_ node: Node) -> [String: Any] { ["name": node.name, "rank": node.rank] }

    /// How the encode engine writes a nested model entry.
    enum Route: Equatable {
        /// Where the field stores the model, or the array of models.
        case stored
        /// Where the field stores it, once the optional's tag says it holds one.
        case storedOptional
        /// From the value read out of the property.
        case read
    }

    /// The route of each nested model entry of `M`'s plan, by property key.
    static func routes<M: JSONSerializing>(of _: M.Type) throws -> [String: Route] {
        var routes: [String: Route] = [:]
        for entry in try MappingPlan<M>.resolved().entries where entry.nested != nil {
            routes[entry.property.key] = entry.nestedField == nil ? .read : entry.nestedFieldIsOptional ? .storedOptional : .stored
        }
        return routes
    }

    // MARK: Struct parents

    @Test func storedFormsOfTheModelTypeAreWrittenWhereTheyLie() throws {
        #expect(
            try Self.routes(of: Parent.self) == [
                "counts": .stored, "maybeCounts": .storedOptional, "label": .storedOptional, "holder": .storedOptional,
                "list": .stored, "maybeList": .storedOptional,
            ])
        #expect(try Self.routes(of: Graph.self) == ["root": .stored, "extra": .storedOptional, "nodes": .stored])
        #expect(
            try Self.routes(of: Box.self) == [
                "counts": .stored, "label": .storedOptional, "node": .storedOptional, "nodes": .stored, "labels": .storedOptional,
            ])
        #expect(try Self.routes(of: Kennel.self) == ["pet": .stored, "guest": .storedOptional, "pets": .stored])
        #expect(try Self.routes(of: Series.self) == ["child": .storedOptional, "children": .stored, "moreChildren": .storedOptional])
        #expect(try Self.routes(of: Root.self) == ["child": .storedOptional])
        #expect(try Self.routes(of: Twig.self) == ["bud": .stored])
        // A computed property and a double optional are read out first.
        #expect(try Self.routes(of: Indirect.self) == ["counts": .read, "labels": .read, "twice": .read])
        #expect(try Self.routes(of: ComputedRoot.self) == ["child": .read])
    }

    @Test func everyStoredFormHoldingValuesIsWrittenAtItsKey() throws {
        let parent = Parent(
            id: 7, name: "parent", flag: true, counts: Counts(count: 11, ratio: 1.5),
            maybeCounts: Counts(count: 12, ratio: 2.5), label: Label(text: "label", weight: 13),
            holder: Holder(node: Node("held", rank: 14)),
            list: [Counts(count: 21, ratio: 0.25), Counts(count: 22, ratio: 0.5), Counts(count: 23, ratio: 0.75)],
            maybeList: [Label(text: "first", weight: 31), Label(text: "second", weight: 32)], trailer: "end")
        // None of the nested fields is at the start of the parent.
        #expect(MemoryLayout<Parent>.offset(of: \.counts).map { $0 > 0 } == true)
        #expect(MemoryLayout<Parent>.offset(of: \.maybeCounts).map { $0 > 0 } == true)
        let expected = """
            {"id": 7, "name": "parent", "flag": true,
             "counts": {"count": 11, "ratio": 1.5},
             "maybe_counts": {"count": 12, "ratio": 2.5},
             "label": {"text": "label", "weight": 13},
             "holder": {"node": {"name": "held", "rank": 14}},
             "list": [{"count": 21, "ratio": 0.25}, {"count": 22, "ratio": 0.5}, {"count": 23, "ratio": 0.75}],
             "maybe_list": [{"text": "first", "weight": 31}, {"text": "second", "weight": 32}],
             "trailer": "end"}
            """
        try Self.expectWritten(parent, expected)
        try Self.expectWritten(parent, options: .omitNulls, expected)
        #expect(try JSONAdapter.model(of: Parent.self, from: JSONAdapter.data(from: parent)) == parent)
        #expect(try JSONAdapter.model(of: Parent.self, from: JSONAdapter.dictionary(from: parent)) == parent)
    }

    @Test func nilOptionalsAreNullOrLeftOutAndEmptyArraysAreEmpty() throws {
        let parent = Parent(id: 1, name: "empty", counts: Counts(count: 5, ratio: 0.5), trailer: "tail")
        try Self.expectWritten(
            parent,
            """
            {"id": 1, "name": "empty", "flag": false, "counts": {"count": 5, "ratio": 0.5},
             "maybe_counts": null, "label": null, "holder": null, "list": [], "maybe_list": null, "trailer": "tail"}
            """)
        try Self.expectWritten(
            parent, options: .omitNulls,
            """
            {"id": 1, "name": "empty", "flag": false, "counts": {"count": 5, "ratio": 0.5}, "list": [], "trailer": "tail"}
            """)
        #expect(try JSONAdapter.model(of: Parent.self, from: JSONAdapter.data(from: parent)) == parent)
    }

    @Test func anOptionalArrayHoldingNoModelsIsAnEmptyArray() throws {
        let parent = Parent(id: 2, list: [Counts(count: 9, ratio: 0.125)], maybeList: [], trailer: "t")
        let expected = """
            {"id": 2, "name": "", "flag": false, "counts": {"count": 0, "ratio": 0},
             "maybe_counts": null, "label": null, "holder": null,
             "list": [{"count": 9, "ratio": 0.125}], "maybe_list": [], "trailer": "t"}
            """
        try Self.expectWritten(parent, expected)
        try Self.expectWritten(
            parent, options: .omitNulls,
            """
            {"id": 2, "name": "", "flag": false, "counts": {"count": 0, "ratio": 0},
             "list": [{"count": 9, "ratio": 0.125}], "maybe_list": [], "trailer": "t"}
            """)
        #expect(try JSONAdapter.model(of: Parent.self, from: JSONAdapter.data(from: parent)) == parent)
    }

    /// Each combination of the three optional layouts nil or holding a value: a
    /// tag byte after the payload (``Counts``), spare bits of a string
    /// (``Label``) and of a reference (``Holder``), side by side in one parent.
    @Test(arguments: 0..<8, [false, true])
    func eachOptionalLayoutIsWrittenAsItsValueOrNull(_ mask: Int, _ omitNulls: Bool) throws {
        // The layouts the models stand for.
        #expect(MemoryLayout<Counts?>.size == MemoryLayout<Counts>.size + 1)
        #expect(MemoryLayout<Label?>.size == MemoryLayout<Label>.size)
        #expect(MemoryLayout<Holder?>.size == MemoryLayout<Holder>.size)

        var parent = Parent(id: 40 + mask, name: "layout", flag: mask.isMultiple(of: 2), counts: Counts(count: -1, ratio: 4.5))
        parent.trailer = "after"
        if mask & 1 != 0 { parent.maybeCounts = Counts(count: 100 + mask, ratio: 0.5) }
        if mask & 2 != 0 { parent.label = Label(text: "label \(mask)", weight: 200 + mask) }
        if mask & 4 != 0 { parent.holder = Holder(node: Node("node \(mask)", rank: 300 + mask)) }

        let absent: Any? = omitNulls ? nil : NSNull()
        var expected: [String: Any] = [
            "id": 40 + mask, "name": "layout", "flag": mask.isMultiple(of: 2), "counts": ["count": -1, "ratio": 4.5],
            "list": [Any](), "trailer": "after",
        ]
        expected["maybe_counts"] = parent.maybeCounts.map { Self.object($0) as Any } ?? absent
        expected["label"] = parent.label.map { Self.object($0) as Any } ?? absent
        expected["holder"] = parent.holder.map { ["node": Self.object($0.node)] as Any } ?? absent
        expected["maybe_list"] = absent

        try Self.expectWritten(parent, options: omitNulls ? .omitNulls : .default, Self.canonical(expected))
        #expect(try JSONAdapter.model(of: Parent.self, from: JSONAdapter.data(from: parent)) == parent)
    }

    // MARK: Class models and class parents

    @Test func aClassModelIsWrittenAsItselfAsAnOptionalAndInAnArray() throws {
        let graph = Graph(
            title: "graph", root: Node("root", rank: 1), extra: Node("extra", rank: 2),
            nodes: [Node("a", rank: 3), Node("b", rank: 4), Node("c", rank: 5)])
        try Self.expectWritten(
            graph,
            """
            {"title": "graph", "root": {"name": "root", "rank": 1}, "extra": {"name": "extra", "rank": 2},
             "nodes": [{"name": "a", "rank": 3}, {"name": "b", "rank": 4}, {"name": "c", "rank": 5}]}
            """)
        #expect(try JSONAdapter.model(of: Graph.self, from: JSONAdapter.data(from: graph)) == graph)

        let bare = Graph(title: "bare", root: Node("only", rank: 9))
        try Self.expectWritten(bare, #"{"title": "bare", "root": {"name": "only", "rank": 9}, "extra": null, "nodes": []}"#)
        try Self.expectWritten(bare, options: .omitNulls, #"{"title": "bare", "root": {"name": "only", "rank": 9}, "nodes": []}"#)
    }

    @Test func aClassParentWritesTheStructAndClassModelsItStores() throws {
        let box = Box()
        box.id = 3
        box.counts = Counts(count: 4, ratio: 0.5)
        box.label = Label(text: "boxed", weight: 5)
        box.node = Node("inside", rank: 6)
        box.nodes = [Node("x", rank: 7), Node("y", rank: 8)]
        box.labels = [Label(text: "l1", weight: 9), Label(text: "l2", weight: 10), Label(text: "l3", weight: 11)]
        try Self.expectWritten(
            box,
            """
            {"id": 3, "counts": {"count": 4, "ratio": 0.5}, "label": {"text": "boxed", "weight": 5},
             "node": {"name": "inside", "rank": 6}, "nodes": [{"name": "x", "rank": 7}, {"name": "y", "rank": 8}],
             "labels": [{"text": "l1", "weight": 9}, {"text": "l2", "weight": 10}, {"text": "l3", "weight": 11}]}
            """)
        #expect(try JSONAdapter.model(of: Box.self, from: JSONAdapter.data(from: box)) == box)

        let empty = Box()
        empty.id = 12
        try Self.expectWritten(
            empty,
            #"{"id": 12, "counts": {"count": 0, "ratio": 0}, "label": null, "node": null, "nodes": [], "labels": null}"#)
        try Self.expectWritten(empty, options: .omitNulls, #"{"id": 12, "counts": {"count": 0, "ratio": 0}, "nodes": []}"#)
        #expect(try JSONAdapter.model(of: Box.self, from: JSONAdapter.dictionary(from: empty)) == empty)
    }

    @Test func aSubclassHeldAsItsBaseClassWritesItsOwnKeys() throws {
        var kennel = Kennel(size: 3)
        kennel.pet = Dog("rex", bark: "woof", toy: Counts(count: 2, ratio: 0.5))
        kennel.guest = Dog("fido", bark: "yap")
        kennel.pets = [Animal(), Dog("spot", bark: "arf", toy: Counts(count: 1, ratio: 0.25))]
        kennel.pets[0].name = "cat"
        try Self.expectWritten(
            kennel,
            """
            {"size": 3,
             "pet": {"name": "rex", "bark": "woof", "toy": {"count": 2, "ratio": 0.5}},
             "guest": {"name": "fido", "bark": "yap", "toy": null},
             "pets": [{"name": "cat"}, {"name": "spot", "bark": "arf", "toy": {"count": 1, "ratio": 0.25}}]}
            """)
        try Self.expectWritten(
            kennel, options: .omitNulls,
            """
            {"size": 3,
             "pet": {"name": "rex", "bark": "woof", "toy": {"count": 2, "ratio": 0.5}},
             "guest": {"name": "fido", "bark": "yap"},
             "pets": [{"name": "cat"}, {"name": "spot", "bark": "arf", "toy": {"count": 1, "ratio": 0.25}}]}
            """)

        let plain = Kennel(size: 0)
        plain.pet.name = "base"
        try Self.expectWritten(plain, #"{"size": 0, "pet": {"name": "base"}, "guest": null, "pets": []}"#)
    }

    // MARK: Forms written from the value read

    @Test func computedPropertiesAndDoubleOptionalsAreWrittenAsTheirValues() throws {
        var model = Indirect(id: 5, storedCounts: Counts(count: 6, ratio: 0.5))
        model.labels = [Label(text: "one", weight: 1), Label(text: "two", weight: 2)]
        model.twice = .some(.some(Counts(count: 7, ratio: 0.75)))
        try Self.expectWritten(
            model,
            """
            {"id": 5, "counts": {"count": 6, "ratio": 0.5},
             "labels": [{"text": "one", "weight": 1}, {"text": "two", "weight": 2}],
             "twice": {"count": 7, "ratio": 0.75}}
            """)
        #expect(try JSONAdapter.model(of: Indirect.self, from: JSONAdapter.data(from: model)) == model)

        for twice: Counts?? in [.none, .some(.none)] {
            model.twice = twice
            model.labels = []
            try Self.expectWritten(
                model, #"{"id": 5, "counts": {"count": 6, "ratio": 0.5}, "labels": [], "twice": null}"#)
            try Self.expectWritten(
                model, options: .omitNulls, #"{"id": 5, "counts": {"count": 6, "ratio": 0.5}, "labels": []}"#)
        }
    }

    // MARK: Errors

    /// A NaN inside a nested model, in each stored form and at each index, is
    /// refused by both writers with its path from the parent.
    @Test(arguments: [0, 1, 2])
    func aValueANestedModelCannotWriteIsRefusedWithItsPath(_ index: Int) throws {
        let readings = (0..<3).map { Reading(label: "r\($0)", value: $0 == index ? .nan : Double($0) + 0.5) }
        let cases: [(Series, String)] = [
            (Series(name: "s", child: readings[index]), "child.value"),
            (Series(name: "s", children: readings), "children[\(index)].value"),
            (Series(name: "s", moreChildren: readings), "more.children[\(index)].value"),
            (Series(name: "s", child: Reading(label: "fine", value: 1), children: readings), "children[\(index)].value"),
        ]
        for (series, path) in cases {
            let fromData = try #require(throws: StrataError.self) { try JSONAdapter.data(from: series) }
            let fromDictionary = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: series) }
            #expect(fromData.code == .unsupportedValue)
            #expect(fromData.pathDescription == path)
            #expect(fromDictionary.code == .unsupportedValue)
            #expect(fromDictionary.pathDescription == path)
            #expect(fromData.description == fromDictionary.description)
        }

        let box = SeriesBox()
        box.name = "box"
        box.children = readings
        let fromData = try #require(throws: StrataError.self) { try JSONAdapter.data(from: box) }
        let fromDictionary = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: box) }
        #expect(fromData.pathDescription == "children[\(index)].value")
        #expect(fromDictionary.pathDescription == "children[\(index)].value")
        #expect(fromData.code == .unsupportedValue)
    }

    // MARK: Nesting depth

    /// A root whose optional branch holds an array of twigs, each holding a bud:
    /// three levels of models below the root.
    static let chain = Root(
        id: 1,
        child: Branch(
            name: "branch", twigs: [Twig(length: 2, bud: Bud(color: "red")), Twig(length: 3, bud: Bud(color: "green"))]))

    /// The chain's JSON.
    static let chainJSON = """
        {"id": 1, "child": {"name": "branch", "twigs": [
            {"length": 2, "bud": {"color": "red"}}, {"length": 3, "bud": {"color": "green"}}]}}
        """

    @Test func aChainAsDeepAsTheLimitIsWritten() throws {
        let options = JSONAdapter.EncodingOptions(maximumModelDepth: 3)
        try Self.expectWritten(Self.chain, options: options, Self.chainJSON)
        let written = try JSONAdapter.data(from: Self.chain, options: options)
        #expect(try JSONAdapter.model(of: Root.self, from: written, options: .init(maximumModelDepth: 3)) == Self.chain)
        // Without its branch, the root alone is within any limit.
        try Self.expectWritten(Root(id: 2), options: .init(maximumModelDepth: 1), #"{"id": 2, "child": null}"#)
    }

    /// One level more than the limit is refused at the level it reaches, with the
    /// error that reading the same JSON gives and that writing the chain from a
    /// computed property gives.
    @Test(arguments: [(1, "child.twigs[0]"), (2, "child.twigs[0].bud")])
    func aChainDeeperThanTheLimitIsRefusedAtTheSameLevel(_ limit: Int, _ path: String) throws {
        let options = JSONAdapter.EncodingOptions(maximumModelDepth: limit)
        let fromData = try #require(throws: StrataError.self) { try JSONAdapter.data(from: Self.chain, options: options) }
        let fromDictionary = try #require(throws: StrataError.self) {
            try JSONAdapter.dictionary(from: Self.chain, options: options)
        }
        #expect(fromData.code == .nestingTooDeep)
        #expect(fromData.pathDescription == path)
        #expect(fromData.description == fromDictionary.description)

        let computed = ComputedRoot(id: Self.chain.id, storedChild: Self.chain.child)
        let fromComputed = try #require(throws: StrataError.self) { try JSONAdapter.data(from: computed, options: options) }
        #expect(fromComputed.description == fromData.description)

        let read = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Root.self, from: Data(Self.chainJSON.utf8), options: .init(maximumModelDepth: limit))
        }
        #expect(read.code == .nestingTooDeep)
        #expect(read.description == fromData.description)
    }

    // MARK: Shared models

    /// One class model, its nested structs and classes in every stored form, written
    /// by many tasks at once: each is read where it lies, never written, so every
    /// task writes the same bytes and the same dictionary.
    @Test func aModelWrittenByManyTasksAtOnceGivesTheSameJSON() async throws {
        let box = Box()
        box.id = 7
        box.counts = Counts(count: 3, ratio: 0.25)
        box.label = Label(text: "shared", weight: 1)
        box.node = Node("root", rank: 1)
        box.nodes = [Node("first", rank: 2), Node("second", rank: 3)]
        box.labels = [Label(text: "a", weight: 4), Label(text: "b", weight: 5)]
        let expected = try JSONAdapter.data(from: box, formatting: .sortedKeys)
        // The dictionary compared by its JSON text: `[String: Any]` is not `Sendable`.
        let writing: JSONWriter.Options = [.sortedKeys, .withoutEscapingSlashes]
        let expectedObject = try JSONWriter.data(withJSONObject: JSONAdapter.dictionary(from: box), options: writing)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    var mismatches = 0
                    for _ in 0..<50 {
                        let data = try? JSONAdapter.data(from: box, formatting: .sortedKeys)
                        let object = try? JSONWriter.data(withJSONObject: JSONAdapter.dictionary(from: box), options: writing)
                        if data != expected { mismatches += 1 }
                        if object != expectedObject { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(try JSONAdapter.model(of: Box.self, from: expected) == box)
    }
}
