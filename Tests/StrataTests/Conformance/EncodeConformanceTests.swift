import Foundation
import Testing
@testable import Strata

extension Conformance {
    /// `dictionary(from:)`, written by `JSONWriter`, and `data(from:)` give the same
    /// JSON (compared as parsed trees, and byte for byte with `.sortedKeys`) or the
    /// same error, for every option set, on a type's first encode and later ones, and
    /// for a model alone or as element n of an array.
    @Suite("Encoding")
    struct EncodeConformanceTests {
        // MARK: Fresh types, first and later encodes

        @Test(arguments: WSample.successes, Conformance.optionSets)
        func modelsEncodeTheSameEveryWay(_ sample: WSample, _ options: WriteOptions) throws {
            let encoded = Self.encodeEveryWay(sample, options)
            guard case .json(let shape, _) = encoded else {
                Issue.record("\(sample) did not encode: \(encoded)")
                return
            }
            if sample == .hidden {
                // serializablePropertyKeys(_:) left the hidden models' notes out, at every level.
                #expect(shape.description.components(separatedBy: #""note""#).count == 2, "\(shape)")
            }
        }

        /// Errors while encoding: the same code, path and full text from both sinks.
        /// `nestedNaN`: an outer model holding an inner model whose `Double` is NaN.
        @Test(arguments: WSample.failures, Conformance.optionSets)
        func failuresAreTheSameEveryWay(_ sample: WSample, _ options: WriteOptions) throws {
            let failure = try #require(Self.encodeEveryWay(sample, options).failure)
            #expect(failure.pathDescription == sample.failingPath)
            #expect(failure.code == sample.failingCode)
        }

        /// The error for a NaN in a nested model, exactly: what the inner model's value
        /// gives, at its path from the outer model.
        @Test func aNestedNaNIsTheSameErrorFromBothSinks() throws {
            let model = WSample.nestedNaN.model(TagEnd.self)
            let fromDictionary = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: model) }
            let fromData = try #require(throws: StrataError.self) { try JSONAdapter.data(from: model) }
            #expect(fromDictionary.pathDescription == "inner.ratio")
            #expect(fromDictionary.code == .unsupportedValue)
            #expect(Failure(fromData) == Failure(fromDictionary))
            #expect(String(describing: fromData) == String(describing: fromDictionary))
        }

        /// Encodes the sample every way: on a fresh type, first to a dictionary (for
        /// option sets with an even raw value) or first to data (odd), then to the
        /// other sink, and to both again; then as element 1 of an array, to both sinks.
        static func encodeEveryWay(
            _ sample: WSample, _ options: WriteOptions, sourceLocation: SourceLocation = #_sourceLocation
        ) -> Encoded {
            let tag = Fresh.tag()
            let dictionaryFirst = options.rawValue % 2 == 0
            let single = Conformance.expectAgreement(
                runs(tag, sample, options, dictionaryFirst: dictionaryFirst),
                "\(sample) with options [\(options.testDescription)]", sourceLocation: sourceLocation)
            let padding = Conformance.encode(WSample.full.model(TagEnd.self), to: .dictionary, options)
            Conformance.expectArraySinksAgree(
                arrayRuns(tag, sample, options, dictionaryFirst: true) + arrayRuns(tag, sample, options, dictionaryFirst: false),
                elements: [padding, single], index: 1, options, "[full, \(sample)]", sourceLocation: sourceLocation)
            return single
        }

        private static func runs<Tag>(
            _: Tag.Type, _ sample: WSample, _ options: WriteOptions, dictionaryFirst: Bool
        ) -> [Run<Encoded>] {
            let model = sample.model(Tag.self)
            let sinks: [Conformance.Sink] = dictionaryFirst ? [.dictionary, .data] : [.data, .dictionary]
            let first = dictionaryFirst ? "a fresh type to a dictionary first" : "a fresh type to data first"
            return [
                Run("\(first): \(sinks[0])", Conformance.encode(model, to: sinks[0], options)),
                Run("\(first), then \(sinks[1])", Conformance.encode(model, to: sinks[1], options)),
                Run("\(first), then \(sinks[0]) again", Conformance.encode(model, to: sinks[0], options)),
                Run("\(first), then \(sinks[1]) again", Conformance.encode(model, to: sinks[1], options)),
            ]
        }

        private static func arrayRuns<Tag>(
            _: Tag.Type, _ sample: WSample, _ options: WriteOptions, dictionaryFirst: Bool
        ) -> [Run<Encoded>] {
            let models = [WSample.full.model(Tag.self), sample.model(Tag.self)]
            let sinks: [Conformance.Sink] = dictionaryFirst ? [.dictionary, .data] : [.data, .dictionary]
            let first = dictionaryFirst ? "an array, to dictionaries first" : "an array, to data first"
            return [
                Run("\(first): \(sinks[0])", Conformance.encode(models, to: sinks[0], options)),
                Run("\(first), then \(sinks[1])", Conformance.encode(models, to: sinks[1], options)),
            ]
        }

        // MARK: The other suites' models

        @Test(arguments: Conformance.optionSets)
        func flatNestedAndArrayModelsEncodeTheSame(_ options: WriteOptions) {
            let team = Team(
                name: "core", lead: Member(login: "ada", email: nil),
                members: [Member(login: "bo", email: "bo@example.org"), Member(login: "cy", email: nil)])
            Conformance.expectSinksAgree(team, padding: [Team()], options)
            Conformance.expectSinksAgree(Team(), options)
            let owners = Owner(login: "a", id: 1)
            Conformance.expectSinksAgree(owners, padding: [Owner(), Owner(login: "b", id: 2)], options)
        }

        @Test(arguments: EverythingSample.allCases, Conformance.optionSets)
        func everySupportedTypeEncodesTheSame(_ sample: EverythingSample, _ options: WriteOptions) {
            Conformance.expectSinksAgree(sample.model, padding: [Everything()], options)
        }

        @Test(arguments: Conformance.optionSets)
        func keyPathsTransformersAndClassesEncodeTheSame(_ options: WriteOptions) throws {
            let repo = try JSONAdapter.model(of: Repo.self, from: jsonObject(repoJSONText))
            Conformance.expectSinksAgree(repo, padding: [Repo()], options)
            Conformance.expectSinksAgree(Scalars(), options)
            let bookmark = Bookmark()
            bookmark.title = "t"
            bookmark.link = URL(string: "https://example.org/a")
            bookmark.version = 3
            Conformance.expectSinksAgree(bookmark, padding: [Bookmark()], options)
            Conformance.expectSinksAgree(Credentials(user: "u", token: "t", host: "h", port: 1), options)
            Conformance.expectSinksAgree(Profile(name: "ada", email: nil, cachedAvatar: "x", draft: true), options)
            Conformance.expectSinksAgree(Profile(name: "bo", email: "b@example.org", draft: false), options)
            let circle = Circle()
            circle.name = "sun"
            circle.radius = 2
            let drawing = Drawing(shapes: [circle, Rectangle()], background: circle)
            Conformance.expectSinksAgree(drawing, padding: [Drawing()], options)
        }

        @Test func serializablePropertyKeysAndClassHierarchiesEncodeTheSame() throws {
            let profile = Profile(name: "ada", email: nil, cachedAvatar: "x", draft: false)
            #expect(Conformance.expectSinksAgree(profile, [.sortedKeys]) == .json(
                .object(["email": .null, "name": .string("ada")]), text: #"{"email":null,"name":"ada"}"#))
        }

        @Test func arraysOfModelsEncodeTheSame() throws {
            let owners = [Owner(login: "a", id: 1), Owner(login: "b", id: 2)]
            let text = #"[{"id":1,"login":"a"},{"id":2,"login":"b"}]"#
            #expect(Conformance.encode(owners, to: .data, [.sortedKeys]) == Conformance.encode(owners, to: .dictionary, [.sortedKeys]))
            #expect(String(decoding: try JSONAdapter.data(from: owners, formatting: [.sortedKeys]), as: UTF8.self) == text)
            #expect(try JSONAdapter.models(of: Owner.self, from: Data(text.utf8)) == owners)
            #expect(Conformance.encode([Owner](), to: .data, []) == Conformance.encode([Owner](), to: .dictionary, []))
        }

        /// Errors name the same path, with the same text, from both sinks.
        @Test(arguments: Conformance.optionSets)
        func aValueJSONCannotRepresentIsTheSameError(_ options: WriteOptions) throws {
            var everything = Everything()
            everything.scores = ["x": .nan]
            let failure = try #require(Conformance.expectSinksAgree(everything, padding: [Everything()], options).failure)
            #expect(failure.code == .unsupportedValue)
            #expect(failure.pathDescription == "scores.x")
        }

        // MARK: Models nested too deep

        @Test(arguments: [ModelNesting.defaultMaximumDepth - 1, ModelNesting.defaultMaximumDepth, ModelNesting.defaultMaximumDepth + 1, 100])
        func modelGraphsNestedDeepEncodeTheSame(_ depth: Int) {
            let chain = Chain<TagEnd>.chain(depth: depth)
            for options in [[], [.sortedKeys], [.omitNulls, .prettyPrinted]] as [WriteOptions] {
                let encoded = Conformance.expectSinksAgree(chain, padding: [Chain(name: "p")], options)
                if depth > ModelNesting.defaultMaximumDepth {
                    #expect(encoded.failure?.code == .nestingTooDeep)
                }
            }
        }

        @Test func aCycleIsTheSameErrorFromBothSinks() {
            let node = Chain<TagEnd>(name: "loop")
            node.child = Chain(name: "back", child: node)
            defer { node.child = nil }
            let encoded = Conformance.expectSinksAgree(node, [.sortedKeys])
            #expect(encoded.failure?.code == .nestingTooDeep)
            #expect(encoded.failure?.reason.contains("cycle") == true)
        }
    }
}

// MARK: - Models

/// Writes `extra` through a transformer that can return what JSON cannot hold.
extension ValueTransformer {
    static var awkward: ValueTransformer {
        ValueTransformer(
            forward: { $0 },
            reverse: { value in
                switch value as? String {
                case "unrepresentable": return Set([1, 2])
                case "throw": throw RuleViolation(rule: "cannot write")
                default: return value
                }
            })
    }
}

struct WInner<Tag>: JSONSerializing {
    var label = ""
    var ratio = 0.0
    var note: String? = nil
    var extra: String? = nil

    static var propertyKeys: PropertyKeys<WInner> { ["label": \.label, "ratio": \.ratio, "note": \.note, "extra": \.extra] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["label": "label", "ratio": "ratio", "note": "note", "extra": "extra"]
    }
    static func jsonTransformer(forKey key: String) -> ValueTransformer? { key == "extra" ? .awkward : nil }

    /// A hidden inner model leaves its note out.
    func serializablePropertyKeys(_ mappedKeys: Set<String>) -> Set<String> {
        label == "hidden" ? mappedKeys.subtracting(["note"]) : mappedKeys
    }
}

/// A flat model (each property at one key), so `data(from:)` writes it member by member.
struct WOuter<Tag>: JSONSerializing {
    var name = ""
    var score = 0.0
    var inner: WInner<Tag>? = nil
    var inners: [WInner<Tag>] = []
    var byName: [String: WInner<Tag>] = [:]
    var extra: String? = nil

    static var propertyKeys: PropertyKeys<WOuter> {
        ["name": \.name, "score": \.score, "inner": \.inner, "inners": \.inners, "byName": \.byName, "extra": \.extra]
    }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["name": "name", "score": "score", "inner": "inner", "inners": "inners", "byName": "by_name", "extra": "extra"]
    }
    static func jsonTransformer(forKey key: String) -> ValueTransformer? { key == "extra" ? .awkward : nil }
}

/// Models to encode, each made for any tag.
enum WSample: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case defaults, full, nils, hidden, extremes
    case nestedNaN, nestedInfinity, nanInArrayElement, nanInDictionaryValue, ownNaN
    case nestedUnrepresentable, nestedThrowingTransformer, ownUnrepresentable, ownThrowingTransformer

    static let failures: [WSample] = [
        .nestedNaN, .nestedInfinity, .nanInArrayElement, .nanInDictionaryValue, .ownNaN,
        .nestedUnrepresentable, .nestedThrowingTransformer, .ownUnrepresentable, .ownThrowingTransformer,
    ]
    static let successes = allCases.filter { !failures.contains($0) }

    var testDescription: String { rawValue }

    func model<Tag>(_: Tag.Type) -> WOuter<Tag> {
        var outer = WOuter<Tag>()
        let inner = WInner<Tag>(label: "i", ratio: 1.5, note: "n", extra: "e")
        switch self {
        case .defaults:
            break
        case .full:
            outer = WOuter(
                name: "full", score: 2.5, inner: inner,
                inners: [WInner(label: "a", ratio: -1), WInner(label: "b", ratio: 0.25, note: "bn")],
                byName: ["k": WInner(label: "c", ratio: 3)], extra: "x")
        case .nils:
            outer = WOuter(name: "nils", inner: WInner(label: "i", note: nil, extra: nil), inners: [WInner()], extra: nil)
        case .hidden:
            outer = WOuter(
                name: "hidden", inner: WInner(label: "hidden", note: "secret"),
                inners: [WInner(label: "shown", note: "s"), WInner(label: "hidden", note: "secret")],
                byName: ["h": WInner(label: "hidden", note: "secret")])
        case .extremes:
            outer = WOuter(
                name: "Grüße, 世界 👩‍👩‍👧‍👦 \"q\" \\ \n\t/", score: .greatestFiniteMagnitude,
                inner: WInner(label: "-0", ratio: -0.0), inners: [WInner(ratio: .leastNonzeroMagnitude), WInner(ratio: 0.1)])
        case .nestedNaN:
            outer = WOuter(name: "o", inner: WInner(label: "i", ratio: .nan))
        case .nestedInfinity:
            outer = WOuter(name: "o", inner: WInner(label: "i", ratio: -.infinity))
        case .nanInArrayElement:
            outer = WOuter(name: "o", inners: [inner, WInner(label: "bad", ratio: .nan)])
        case .nanInDictionaryValue:
            outer = WOuter(name: "o", byName: ["bad": WInner(ratio: .nan)])
        case .ownNaN:
            outer = WOuter(name: "o", score: .nan, inner: inner)
        case .nestedUnrepresentable:
            outer = WOuter(name: "o", inner: WInner(label: "i", extra: "unrepresentable"))
        case .nestedThrowingTransformer:
            outer = WOuter(name: "o", inner: WInner(label: "i", extra: "throw"))
        case .ownUnrepresentable:
            outer = WOuter(name: "o", inner: inner, extra: "unrepresentable")
        case .ownThrowingTransformer:
            outer = WOuter(name: "o", inner: inner, extra: "throw")
        }
        return outer
    }

    /// Where a failing sample fails.
    var failingPath: String {
        switch self {
        case .nestedNaN, .nestedInfinity: return "inner.ratio"
        case .nanInArrayElement: return "inners[1].ratio"
        case .nanInDictionaryValue: return "by_name.bad.ratio"
        case .ownNaN: return "score"
        case .nestedUnrepresentable, .nestedThrowingTransformer: return "inner.extra"
        case .ownUnrepresentable, .ownThrowingTransformer: return "extra"
        default: return ""
        }
    }

    var failingCode: StrataError.Code {
        switch self {
        case .nestedThrowingTransformer, .ownThrowingTransformer: return .transformerFailed
        default: return .unsupportedValue
        }
    }
}
