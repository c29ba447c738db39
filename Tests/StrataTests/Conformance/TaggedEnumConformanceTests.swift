import Foundation
import Testing
@testable import Strata

/// A case's model with a nested model, an optional and a number.
private struct KindCharge: JSONSerializing, Equatable {
    var id = ""
    var amount = 0
    var note: String?
    var owner: KindHolder?
    static let propertyKeys: PropertyKeys<KindCharge> = ["id": \.id, "amount": \.amount, "note": \.note, "owner": \.owner]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

private struct KindHolder: JSONSerializing, Equatable {
    var login = ""
    static let propertyKeys: PropertyKeys<KindHolder> = ["login": \.login]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// A case's model that maps its tag too.
private struct KindTagged: JSONSerializing, Equatable {
    var kind = ""
    var value: JSONValue = .null
    static let propertyKeys: PropertyKeys<KindTagged> = ["kind": \.kind, "value": \.value]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["kind": "kind", "value": "value"]
}

/// Told apart by `"kind"`, unknown tags kept.
private enum LenientKind: JSONTaggedEnum, Equatable {
    case charge(KindCharge)
    case refund(KindCharge)
    case tagged(KindTagged)
    case accented(KindCharge)
    case other(JSONValue)

    static let tagKeyPath: JSONKeyPath = "kind"
    static let casesByTag: [String: JSONTaggedCase<LenientKind>] = [
        "charge": .model(KindCharge.self, LenientKind.charge), "refund": .model(KindCharge.self, LenientKind.refund),
        "tagged": .model(KindTagged.self, LenientKind.tagged), "K\u{e9}": .model(KindCharge.self, LenientKind.accented),
    ]
    static let unknownTagCase: JSONTaggedCase<LenientKind>? = .value(LenientKind.other)
}

/// Told apart by `"meta.kind"`, unknown tags refused.
private enum StrictKind: JSONTaggedEnum, Equatable {
    case charge(KindCharge)
    case tagged(KindTagged)

    static let tagKeyPath: JSONKeyPath = "meta.kind"
    static let casesByTag: [String: JSONTaggedCase<StrictKind>] = [
        "charge": .model(KindCharge.self, StrictKind.charge), "tagged": .model(KindTagged.self, StrictKind.tagged),
    ]
}

/// A class model, and a subclass of it that keeps its members.
private class Animal: JSONSerializing, @unchecked Sendable {
    var name = ""
    required init() {}
    class var propertyKeys: PropertyKeys<Animal> { ["name": \.name] }
    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name"] }
}

private final class Dog: Animal, @unchecked Sendable {}

/// Cases whose values are held as an optional, a class and a subclass of it.
private enum Held: JSONTaggedEnum {
    case maybe(KindCharge?)
    case animal(Animal)
    case charge(KindCharge)

    static let tagKeyPath: JSONKeyPath = "kind"
    static let casesByTag: [String: JSONTaggedCase<Held>] = [
        "maybe": .model(KindCharge.self) { Held.maybe($0) }, "animal": .model(Animal.self, Held.animal),
        "charge": .model(KindCharge.self, Held.charge),
    ]
}

/// A model holding a tagged enum between two other members; archived too.
private struct TaggedHolder<T: JSONTaggedEnum>: JSONSerializing, SecureCodingModel {
    var before = 0
    var held: T?
    var after = ""
    static var propertyKeys: PropertyKeys<TaggedHolder<T>> { ["before": \.before, "held": \.held, "after": \.after] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { JSONKeyPath.identity(for: propertyKeys) }
}

/// A model holding tagged enums in arrays: one, an optional one, one of
/// optionals, and one that leaves out the elements that fail; archived too.
private struct TaggedArrayHolder<T: JSONTaggedEnum>: JSONSerializing, SecureCodingModel {
    var before = 0
    var held: [T] = []
    var maybe: [T]?
    var optionals: [T?] = []
    var lossy: [T] = []
    var after = ""
    static var propertyKeys: PropertyKeys<TaggedArrayHolder<T>> {
        ["before": \.before, "held": \.held, "maybe": \.maybe, "optionals": \.optionals, "lossy": \.lossy, "after": \.after]
    }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { JSONKeyPath.identity(for: propertyKeys) }
    static var jsonRecoveryByPropertyKey: [String: JSONRecovery] { ["lossy": .skipsInvalidElements] }
}

extension Conformance {
    /// A tagged enum read from JSON data (its tag found in the bytes, its case's
    /// model decoded from them) gives what it gives from the document's dictionary:
    /// the same value, or the same error at the same path.
    @Suite("Tagged enums")
    struct TaggedEnumConformanceTests {
        static let documents = [
            // Known tags, the tag anywhere among the members.
            #"{"kind": "charge", "id": "ch_1", "amount": 5, "note": null, "owner": {"login": "o"}}"#,
            #"{"id": "ch_2", "amount": -0, "kind": "refund", "extra": [1, {"kind": "x"}]}"#,
            #"{"kind": "tagged", "value": {"a": [1.0, 1e2, 12345678901234567890123, null]}}"#,
            // A tag with escapes, and one that is not ASCII.
            #"{"kind": "ch\u0061rge", "id": "e"}"#,
            #"{"kind": "K\u00e9", "id": "accented"}"#,
            #"{"\u006bind": "charge", "id": "escaped key"}"#,
            // Duplicate tags: the last counts, whatever the first held.
            #"{"kind": "refund", "id": "d", "kind": "charge"}"#,
            #"{"kind": 1, "kind": "charge"}"#,
            #"{"kind": "charge", "kind": 1}"#,
            #"{"kind": "charge", "kind": null}"#,
            // A later tag after a member the first tag's model refuses: the later tag counts.
            #"{"kind": "charge", "amount": "5", "kind": 1}"#,
            #"{"kind": "charge", "amount": "5", "kind": "tagged"}"#,
            // No tag, a tag that is no string, an unknown tag.
            #"{"id": "none"}"#,
            #"{}"#,
            #"{"kind": 7}"#,
            #"{"kind": null}"#,
            #"{"kind": {"nested": "charge"}}"#,
            #"{"kind": "unknown", "id": "u"}"#,
            // Bad values in the case's model, with their paths.
            #"{"kind": "charge", "amount": "5"}"#,
            #"{"kind": "charge", "amount": 1e400}"#,
            #"{"kind": "charge", "owner": {"login": 1}}"#,
            #"{"kind": "charge", "id": "a", "id": 2}"#,
            #"{"kind": "tagged", "kind": "charge", "amount": 1.5}"#,
            // Values that are no object.
            #"[]"#,
            #"null"#,
            #""charge""#,
            // The tag first, read in the same pass as the model: the rest of the object
            // with the tag key's bytes, an escape that may spell it, or neither.
            #"{"kind": "refund", "id": "r", "note": "a\nb\"c", "owner": {"login": "x"}}"#,
            #"{"kind" : "charge" ,"id":"spaced"}"#,
            #"{"kind": "charge", "id": "t", "owner": {"login": "kind"}}"#,
            #"{"kind": "charge", "id": "u", "note": "\u0041"}"#,
            #"{"kind": "charge", "id": "b", "\u006bind": "refund"}"#,
            #"{"kind": "refund", "id": "b", "extra": {"kind": "charge"}}"#,
            // A bad value in the model, then invalid JSON later in the object or the document.
            #"{"kind": "charge", "amount": "5", "id": 01}"#,
            #"{"kind": "charge", "owner": {"login": 1}, "x": [1,]}"#,
            #"{"kind": "charge", "amount": "5"}]"#,
            #"{"kind": "charge", "amount": "5""#,
            // Invalid JSON, in the object and after it.
            #"{"kind": "charge", "id": "after the tag", "amount": 1,, }"#,
            #"{"kind": "charge" "id": "x"}"#,
            #"{"kind": "charge", "amount": 01}"#,
            #"{"kind": "charge", "id": "x",}"#,
            #"{"kind": "charge"} x"#,
            #"{"kind": "charge", "owner": {"login": "o"}"#,
        ]

        static let nestedDocuments = [
            #"{"meta": {"kind": "charge"}, "id": "n", "amount": 3}"#,
            #"{"id": "n", "meta": {"other": 1, "kind": "tagged"}, "value": [true]}"#,
            #"{"meta": {"kind": "charge"}, "meta": {"kind": "tagged"}}"#,
            #"{"meta": {"kind": "charge", "kind": 2}}"#,
            #"{"meta": "charge"}"#,
            #"{"meta": null}"#,
            #"{"meta": {}}"#,
            #"{"meta": {"kind": "nope"}}"#,
            #"{"meta": {"kind": ["charge"]}}"#,
            #"{"kind": "charge"}"#,
            #"{"meta": {"kind": "charge"}, "amount": true}"#,
        ]

        @Test(arguments: documents)
        func lenientReadsAsFromADictionary(_ document: String) {
            expectRoutesAgree(LenientKind.self, document)
        }

        @Test(arguments: nestedDocuments + documents)
        func strictReadsAsFromADictionary(_ document: String) {
            expectRoutesAgree(StrictKind.self, document)
        }

        @Test func theModelDepthLimitIsReportedAlike() {
            let document = #"{"kind": "charge", "id": "deep", "owner": {"login": "o"}}"#
            for depth in 1...4 {
                let options = JSONAdapter.DecodingOptions(maximumModelDepth: depth)
                expectRoutesAgree(LenientKind.self, document, options: options)
            }
        }

        /// `document` alone, and as an element of an array, decoded from `Data` and
        /// from its dictionary (the adapter's reader and the Foundation one): each gives
        /// the same outcome.
        private func expectRoutesAgree<T: JSONTaggedEnum>(
            _: T.Type, _ document: String, options: JSONAdapter.DecodingOptions = .default,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let data = Data(document.utf8)
            // A number the Foundation shape refuses (1e400) makes its dictionary another document.
            let foundationAgrees = !Conformance.holdsNumberFoundationRounds(data)
            var runs = [
                Run("from the adapter's dictionary", Outcome(T.self) { [try fromDictionary(T.self, data, .dictionary, options)] }),
                Run("from Data", Outcome(T.self) { [try JSONAdapter.model(of: T.self, from: data, options: options)] }),
                Run("from Data again", Outcome(T.self) { [try JSONAdapter.model(of: T.self, from: data, options: options)] }),
            ]
            if foundationAgrees {
                runs.append(
                    Run("from a Foundation dictionary", Outcome(T.self) { [try fromDictionary(T.self, data, .foundationDictionary, options)] }))
            }
            Conformance.expectAgreement(runs, "model(of: \(T.self)) from \(Conformance.show(data))", sourceLocation: sourceLocation)
            // Held by a model's property: read from the object's bytes, or from its dictionary.
            let holder = Data(#"{"before": 1, "held": \#(document), "after": "z"}"#.utf8)
            Conformance.expectAgreement(
                [
                    Run("from the adapter's dictionary", Outcome(TaggedHolder<T>.self) {
                        [try JSONAdapter.model(of: TaggedHolder<T>.self, from: Conformance.parseWhole(holder, .dictionary) as? [String: Any] ?? [:], options: options)]
                    }),
                    Run("from Data", Outcome(TaggedHolder<T>.self) { [try JSONAdapter.model(of: TaggedHolder<T>.self, from: holder, options: options)] }),
                    Run("from Data, through the archive", Outcome(TaggedHolder<T>.self) {
                        [try Conformance.archivedRoundTrip(JSONAdapter.model(of: TaggedHolder<T>.self, from: holder, options: options))]
                    }),
                ], "model(of: TaggedHolder<\(T.self)>) from \(Conformance.show(holder))", sourceLocation: sourceLocation)
            let filler = #"{"kind": "charge", "meta": {"kind": "charge"}, "id": "filler"}"#
            // Held in an array by a model's property: each object read from its bytes, or from its
            // dictionary, alone, among others, after a `null`, or as the property's whole value.
            for key in ["held", "maybe", "optionals", "lossy"] {
                for value in ["[\(document)]", "[\(filler), \(document), \(filler)]", "[\(filler), null, \(document)]", document] {
                    let holder = Data(#"{"before": 1, "\#(key)": \#(value), "after": "z"}"#.utf8)
                    func read(_ body: (inout JSONDiagnostics) throws -> TaggedArrayHolder<T>) throws -> [String] {
                        var diagnostics = JSONDiagnostics()
                        let model = try body(&diagnostics)
                        return ["\(model) diagnostics: \(diagnostics)"]
                    }
                    Conformance.expectAgreement(
                        [
                            Run("from the adapter's dictionary", Outcome(String.self) {
                                let json = try Conformance.parseWhole(holder, .dictionary) as? [String: Any] ?? [:]
                                return try read { try JSONAdapter.model(of: TaggedArrayHolder<T>.self, from: json, options: options, diagnostics: &$0) }
                            }),
                            Run("from Data", Outcome(String.self) {
                                try read { try JSONAdapter.model(of: TaggedArrayHolder<T>.self, from: holder, options: options, diagnostics: &$0) }
                            }),
                            Run("from Data, through the archive", Outcome(String.self) {
                                try read {
                                    try Conformance.archivedRoundTrip(
                                        JSONAdapter.model(of: TaggedArrayHolder<T>.self, from: holder, options: options, diagnostics: &$0))
                                }
                            }),
                        ], "model(of: TaggedArrayHolder<\(T.self)>) from \(Conformance.show(holder))", sourceLocation: sourceLocation)
                }
            }
            for array in ["[\(document)]", "[\(filler), \(filler), \(document), \(filler)]"] {
                let arrayData = Data(array.utf8)
                var runs = [
                    Run("from the adapter's array", Outcome(T.self) { try fromArray(T.self, arrayData, .dictionary, options) }),
                    Run("from Data", Outcome(T.self) { try JSONAdapter.models(of: T.self, from: arrayData, options: options) }),
                ]
                if foundationAgrees {
                    runs.append(
                        Run("from a Foundation array", Outcome(T.self) { try fromArray(T.self, arrayData, .foundationDictionary, options) }))
                }
                Conformance.expectAgreement(
                    runs, "models(of: \(T.self)) from \(Conformance.show(arrayData))", sourceLocation: sourceLocation)
            }
        }

        /// Made anew for each use: a global holding these enum values would hide
        /// their payloads' addresses in spare bits from LeakSanitizer.
        fileprivate static var writtenValues: [LenientKind] {
            [
                .charge(KindCharge(id: "c", amount: 5, note: nil, owner: KindHolder(login: "o"))),
                .refund(KindCharge(id: "r", amount: -1, note: "n\u{e9}\"", owner: nil)),
                // A model that maps the tag itself: the tag is written once, the case's.
                .tagged(KindTagged(kind: "not the tag", value: ["a": [1, 2.5, nil]])),
                .other(["kind": "unknown", "x": 1]),
                .other(["kind": "charge", "x": 1]),
                .other([:]),
                .accented(KindCharge(id: "\u{e9}", amount: 0, note: nil, owner: nil)),
            ]
        }

        @Test(arguments: Conformance.optionSets)
        func writesAsTheDictionaryRouteDoes(_ options: WriteOptions) {
            for value in Self.writtenValues {
                expectWritesAgree([value], options)
                expectWritesAgree(Self.writtenValues, options)
            }
            let strict: [StrictKind] = [
                .charge(KindCharge(id: "s", amount: 1, note: nil, owner: nil)), .tagged(KindTagged(kind: "k", value: nil)),
            ]
            expectWritesAgree(strict, options)
        }

        @Test(arguments: Conformance.optionSets)
        func valuesHeldAsOptionalsAndSubclassesAreWrittenAsTheirCases(_ options: WriteOptions) throws {
            let dog = Dog()
            dog.name = "Rex"
            let values: [Held] = [.maybe(KindCharge(id: "m")), .animal(dog), .charge(KindCharge(id: "c"))]
            expectWritesAgree(values, options)
            let written = try JSONAdapter.data(from: values, formatting: .sortedKeys)
            #expect(
                String(decoding: written, as: UTF8.self)
                    == #"[{"amount":0,"id":"m","kind":"maybe","note":null,"owner":null},{"kind":"animal","name":"Rex"},"#
                    + #"{"amount":0,"id":"c","kind":"charge","note":null,"owner":null}]"#)
        }

        @Test func aHeldTaggedEnumIsWrittenFromItsValue() throws {
            let holder = TaggedHolder<LenientKind>(
                before: 1, held: .charge(KindCharge(id: "c", amount: 5, note: nil, owner: nil)), after: "z")
            let plan = MappingPlan<TaggedHolder<LenientKind>>.shared
            let entry = try #require(plan.entries.first { $0.property.key == "held" })
            #expect(entry.transformer?.textWriter?(LenientKind.charge(KindCharge(id: "c"))) != nil)
            #expect(entry.transformer?.textWriter?("no tagged value") == nil)
            let written = try JSONAdapter.data(from: holder, formatting: .sortedKeys)
            #expect(
                String(decoding: written, as: UTF8.self)
                    == #"{"after":"z","before":1,"held":{"amount":5,"id":"c","kind":"charge","note":null,"owner":null}}"#)
        }

        @Test func aModelTooDeepIsTheSameErrorBothWays() {
            let options = JSONAdapter.EncodingOptions(maximumModelDepth: 1)
            let value = LenientKind.charge(KindCharge(id: "c", amount: 5, note: nil, owner: KindHolder(login: "o")))
            let written = Conformance.expectAgreement(
                [
                    Run("data(from:)", encoded(LenientKind.self, []) { try JSONAdapter.data(from: value, options: options) }),
                    Run("dictionary(from:), written", encoded(LenientKind.self, []) {
                        try JSONWriter.data(withJSONObject: JSONAdapter.dictionary(from: value, options: options), options: [])
                    }),
                ], "a charge written one model deep")
            #expect(written.failure?.code == .nestingTooDeep)
        }

        /// `values` written by `data(from:)`, and as their objects by `dictionary(from:)`
        /// then the writer: the same JSON, or the same error.
        private func expectWritesAgree<T: JSONTaggedEnum>(
            _ values: [T], _ options: WriteOptions, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let runs = [
                Run("data(from: [\(T.self)])", encoded(T.self, options) {
                    try JSONAdapter.data(from: values, options: options.encoding, formatting: options.formatting)
                }),
                Run("dictionary(from:) of each, written", encoded(T.self, options) {
                    try JSONWriter.data(
                        withJSONObject: values.enumerated().map { index, value in
                            do {
                                return try JSONAdapter.dictionary(from: value, options: options.encoding)
                            } catch let error as StrataError {
                                throw error.prefixed(with: [.index(index)])
                            }
                        },
                        options: JSONAdapter.writerOptions(options.formatting))
                }),
            ]
            if let value = values.first, values.count == 1 {
                expectTextAgrees(
                    "\(T.self)", "\(value)", options, sourceLocation: sourceLocation,
                    data: { try JSONAdapter.data(from: value, options: options.encoding, formatting: options.formatting) },
                    dictionary: { try JSONAdapter.dictionary(from: value, options: options.encoding) })
                // Held by a model's property: written straight as JSON text, and as its dictionary.
                let holder = TaggedHolder<T>(before: 1, held: value, after: "z")
                expectTextAgrees(
                    "TaggedHolder", "TaggedHolder of \(value)", options, sourceLocation: sourceLocation,
                    data: { try JSONAdapter.data(from: holder, options: options.encoding, formatting: options.formatting) },
                    dictionary: { try JSONAdapter.dictionary(from: holder, options: options.encoding) })
            }
            Conformance.expectAgreement(
                runs, "\(values.count) of \(T.self) with options [\(options.testDescription)]", sourceLocation: sourceLocation)
            // Held in arrays by a model's properties: written straight as JSON text, and as dictionaries.
            for maybe in [values, nil] {
                let holder = TaggedArrayHolder<T>(
                    before: 1, held: values, maybe: maybe, optionals: [nil] + values.map { $0 }, lossy: values, after: "z")
                expectTextAgrees(
                    "TaggedArrayHolder", "TaggedArrayHolder of \(values.count) values, maybe \(maybe == nil ? "nil" : "set")",
                    options, sourceLocation: sourceLocation,
                    data: { try JSONAdapter.data(from: holder, options: options.encoding, formatting: options.formatting) },
                    dictionary: { try JSONAdapter.dictionary(from: holder, options: options.encoding) })
            }
        }

        /// One value written by `data` and as the object `dictionary` gives, then the
        /// writer: the same JSON, or the same error.
        private func expectTextAgrees(
            _ type: String, _ what: String, _ options: WriteOptions, sourceLocation: SourceLocation,
            data: () throws -> Data, dictionary: () throws -> [String: Any]
        ) {
            Conformance.expectAgreement(
                [
                    Run("data(from: \(type))", encoded(Void.self, options, data)),
                    Run("dictionary(from: \(type)), written", encoded(Void.self, options) {
                        try JSONWriter.data(withJSONObject: dictionary(), options: JSONAdapter.writerOptions(options.formatting))
                    }),
                ], "\(what) with options [\(options.testDescription)]", sourceLocation: sourceLocation)
        }

        private func encoded<T>(_: T.Type, _ options: WriteOptions, _ body: () throws -> Data) -> Encoded {
            do {
                let bytes = try body()
                let shape = JSONShape(native: try JSONReader.nativeObject(with: bytes))
                return .json(shape, text: options.contains(.sortedKeys) ? String(decoding: bytes, as: UTF8.self) : nil)
            } catch let error as StrataError {
                return .failure(Failure(error))
            } catch {
                return .otherError("\(type(of: error)): \(error)")
            }
        }

        private func fromDictionary<T: JSONTaggedEnum>(
            _: T.Type, _ data: Data, _ source: Conformance.Source, _ options: JSONAdapter.DecodingOptions
        ) throws -> T {
            let object = try Conformance.parseWhole(data, source)
            guard let json = object as? [String: Any] else { throw JSONAdapter.notAnObject(object, for: T.self) }
            return try JSONAdapter.model(of: T.self, from: json, options: options)
        }

        private func fromArray<T: JSONTaggedEnum>(
            _: T.Type, _ data: Data, _ source: Conformance.Source, _ options: JSONAdapter.DecodingOptions
        ) throws -> [T] {
            guard let json = try Conformance.parseWhole(data, source) as? [Any] else { return [] }
            return try JSONAdapter.models(of: T.self, from: json, options: options)
        }
    }
}
