import Foundation
import Testing
@testable import Strata

/// Transformers by type (`jsonTransformer(forType:)`) and `.lenient`: the same
/// model or error from every source, the same JSON from both sinks.
extension Conformance {
    @Suite("Transformers by type and lenient scalars")
    struct TypeTransformerConformanceTests {
        typealias T = Typed<TagEnd>

        static func typed(_ edit: (inout T) -> Void) -> Outcome {
            var model = T()
            edit(&model)
            return .value(model)
        }

        // MARK: Decoding

        @Test func dateTransformerByTypeServesDatesAndOptionalDates() {
            let outcome = Conformance.decodeEveryWay(.typed, #"{"created": 10, "edited": 20.5, "renamed": "2024-05-01T00:00:00Z"}"#)
            #expect(outcome.model == Self.typed {
                $0.created = Date(timeIntervalSince1970: 10)
                $0.edited = Date(timeIntervalSince1970: 20.5)
                $0.renamed = Date(timeIntervalSince1970: 1_714_521_600)
            })
        }

        @Test func aPerKeyTransformerWinsOverTheTypes() {
            // "renamed" is a Date with .iso8601Date for its key: a number is refused.
            let outcome = Conformance.decodeEveryWay(.typed, #"{"renamed": 10}"#)
            guard case .failure(let failure) = outcome.model else {
                Issue.record("Expected a failure, got \(outcome.model)")
                return
            }
            #expect(failure.path == [.key("renamed")])
        }

        @Test(arguments: [
            (#"{"stars": "42", "forks": "7"}"#, 42, Int?.some(7)),
            (#"{"stars": 42, "forks": 7}"#, 42, Int?.some(7)),
            (#"{"stars": "-3", "forks": ""}"#, -3, Int?.none),
            (#"{"stars": "1e2", "forks": null}"#, 100, Int?.none),
        ])
        func lenientIntegersByTypeReadNumberText(_ json: String, _ stars: Int, _ forks: Int?) {
            let outcome = Conformance.decodeEveryWay(.typed, json)
            #expect(outcome.model == Self.typed {
                $0.stars = stars
                $0.forks = forks
            })
        }

        @Test(arguments: [
            #"{"stars": "1.5"}"#, #"{"stars": "true"}"#, #"{"stars": " 42"}"#, #"{"stars": "42abc"}"#,
            #"{"stars": ""}"#, #"{"stars": true}"#, #"{"stars": "99999999999999999999"}"#,
            #"{"forks": "x"}"#, #"{"flag": "yes"}"#, #"{"flag": 2}"#, #"{"label": true}"#, #"{"label": [1]}"#,
        ])
        func lenientScalarsStillRefuseWhatDoesNotConvertExactly(_ json: String) {
            let outcome = Conformance.decodeEveryWay(.typed, json)
            guard case .failure(let failure) = outcome.model else {
                Issue.record("Expected a failure for \(json), got \(outcome.model)")
                return
            }
            #expect(failure.code == .typeMismatch || failure.code == .nullForNonOptional)
        }

        @Test(arguments: [
            (#"{"flag": "true"}"#, true), (#"{"flag": "0"}"#, false), (#"{"flag": 1}"#, true),
            (#"{"flag": 0}"#, false), (#"{"flag": false}"#, false), (#"{"flag": "1"}"#, true),
        ])
        func lenientBooleansReadTextAndOnesAndZeros(_ json: String, _ flag: Bool) {
            #expect(Conformance.decodeEveryWay(.typed, json).model == Self.typed { $0.flag = flag })
        }

        @Test(arguments: [
            (#"{"label": 42}"#, "42"), (#"{"label": -1.5}"#, "-1.5"), (#"{"label": "x"}"#, "x"),
            (#"{"label": ""}"#, ""),
        ])
        func lenientStringsReadNumbers(_ json: String, _ label: String) {
            #expect(Conformance.decodeEveryWay(.typed, json).model == Self.typed { $0.label = label })
        }

        // MARK: Unknown enum values

        @Test(arguments: [
            (#"{"state": "closed"}"#, TypedState.closed), (#"{"state": "archived"}"#, .other),
            (#"{"state": ""}"#, .other), (#"{"state": "other"}"#, .other),
        ])
        func unknownRawValuesFallBackToTheDeclaredCase(_ json: String, _ state: TypedState) {
            #expect(Conformance.decodeEveryWay(.typed, json).model == Self.typed { $0.state = state })
        }

        @Test(arguments: [#"{"state": 1}"#, #"{"state": true}"#, #"{"state": ["open"]}"#, #"{"state": null}"#])
        func rawValuesOfAnotherTypeAreStillRefused(_ json: String) {
            guard case .failure(let failure) = Conformance.decodeEveryWay(.typed, json).model else {
                Issue.record("Expected a failure for \(json)")
                return
            }
            #expect(failure.path == [.key("state")])
        }

        @Test func anUnknownValueIsWrittenAsTheFallbacksRawValue() throws {
            let model = try JSONAdapter.model(of: T.self, from: ["state": "archived"])
            #expect(try JSONAdapter.dictionary(from: model)["state"] as? String == "other")
            #expect(Conformance.encode(model, to: .dictionary, .sortedKeys) == Conformance.encode(model, to: .data, .sortedKeys))
        }

        @Test func withoutTheTransformerUnknownValuesAreErrors() {
            #expect(throws: StrataError.self) { try JSONAdapter.model(of: StrictState.self, from: ["state": "archived"]) }
        }

        // MARK: Codable

        @Test(arguments: [
            #"{"created": 10, "edited": null, "stars": "42", "forks": "", "flag": "1", "label": 7}"#,
            #"{"renamed": "2024-05-01T00:00:00Z", "stars": 3, "forks": "4"}"#,
            #"{"stars": "1.5"}"#, #"{"renamed": 10}"#,
        ])
        func jsonDecoderGivesWhatEverySourceGives(_ json: String) throws {
            let expected = Conformance.decodeEveryWay(.typed, json).model
            let viaCodable: Outcome
            do {
                viaCodable = .value(try JSONDecoder().decode(T.self, from: Data(json.utf8)))
            } catch DecodingError.dataCorrupted(let context) {
                let strata = try #require(context.underlyingError as? StrataError)
                viaCodable = .failure(Failure(strata, untag: { untagged($0, T.self) }))
            }
            #expect(viaCodable == expected)
            if case .decoded = expected {
                let model = try JSONDecoder().decode(T.self, from: Data(json.utf8))
                // The same members; numbers may be written differently (10 for 10.0),
                // so the values are compared by reading them back.
                let written = try JSONEncoder().encode(model)
                let writtenObject = try #require(try JSONReader.nativeObject(with: written) as? [String: Any])
                let adapterObject = try #require(
                    try JSONReader.nativeObject(with: JSONAdapter.data(from: model)) as? [String: Any])
                #expect(Set(writtenObject.keys) == Set(adapterObject.keys))
                #expect(try JSONAdapter.model(of: T.self, from: written) == model)
            }
        }

        // MARK: Encoding

        @Test(arguments: Conformance.optionSets)
        func writingWritesTheNaturalJSONTypesFromBothSinks(_ options: WriteOptions) throws {
            var model = T()
            model.created = Date(timeIntervalSince1970: 10)
            model.edited = nil
            model.stars = 42
            model.forks = 7
            model.flag = true
            model.label = "42"
            let fromDictionary = Conformance.encode(model, to: .dictionary, options)
            #expect(fromDictionary == Conformance.encode(model, to: .data, options))
            let json = try JSONAdapter.dictionary(from: model)
            #expect(json["created"] as? Int == 10)
            #expect(json["stars"] as? Int == 42)
            #expect(json["forks"] as? Int == 7)
            #expect(json["flag"] as? Bool == true)
            #expect(json["label"] as? String == "42")
            #expect(json["renamed"] as? String == "1970-01-01T00:00:00Z")
        }
    }
}

struct StrictState: JSONSerializing {
    var state = TypedState.open
    static let propertyKeys: PropertyKeys<StrictState> = ["state": \.state]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["state": "state"]
}

extension Family {
    private static func typedFamily<Tag>(_: Tag.Type) -> any ConformanceModel.Type { Typed<Tag>.self }
    static let typed = Family("Typed") { typedFamily(Fresh.tag()) }
}

extension Typed: JSONMappedCodable {}

enum TypedState: String, Sendable, CaseIterable {
    case open, closed, other
}

/// Dates by type as seconds, Ints by type lenient, per-key transformers on top.
struct Typed<Tag>: ConformanceModel, Equatable, CustomStringConvertible {
    var created = Date(timeIntervalSince1970: 0)
    var edited: Date? = nil
    var renamed = Date(timeIntervalSince1970: 0)
    var stars = 0
    var forks: Int? = nil
    var flag = false
    var label = ""
    var state = TypedState.open

    var description: String {
        "Typed(created: \(created.timeIntervalSince1970), edited: \(edited.map { "\($0.timeIntervalSince1970)" } ?? "nil"), "
            + "renamed: \(renamed.timeIntervalSince1970), stars: \(stars), forks: \(forks.map(String.init) ?? "nil"), "
            + "flag: \(flag), label: \(label.debugDescription), state: \(state))"
    }
    static var propertyKeys: PropertyKeys<Typed> {
        [
            "created": \.created, "edited": \.edited, "renamed": \.renamed, "stars": \.stars, "forks": \.forks,
            "flag": \.flag, "label": \.label, "state": \.state,
        ]
    }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        [
            "created": "created", "edited": "edited", "renamed": "renamed", "stars": "stars", "forks": "forks",
            "flag": "flag", "label": "label", "state": "state",
        ]
    }
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        switch key {
        case "renamed": return .iso8601Date
        case "flag", "label": return .lenient
        case "state": return .enumeration(TypedState.self, unknown: .other)
        default: return nil
        }
    }
    static func jsonTransformer(forType type: Any.Type) -> ValueTransformer? {
        switch type {
        case is Date.Type: return .secondsSince1970
        case is Int.Type: return .lenient
        default: return nil
        }
    }
    static var filler: String { #"{"created": 1, "stars": "2", "flag": "true"}"# }
}
