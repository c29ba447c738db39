import Foundation
import Testing
@testable import Strata

/// `DecodingOptions`, `EncodingOptions` and `OutputFormatting`: their defaults,
/// the limits they set, and what they refuse. (The model limit as one setting for
/// every path is in `Reliability/NestingLimitTests.swift`.)
@Suite("JSONAdapter options")
struct JSONAdapterOptionsTests {
    @Test func theDefaultsAreTheLimitsWithoutOptions() {
        #expect(JSONAdapter.DecodingOptions.default == JSONAdapter.DecodingOptions())
        #expect(JSONAdapter.DecodingOptions.default.maximumModelDepth == ModelNesting.defaultMaximumDepth)
        #expect(JSONAdapter.DecodingOptions.default.maximumNestingDepth == JSONReader.defaultMaximumDepth)
        #expect(JSONAdapter.EncodingOptions.default == JSONAdapter.EncodingOptions())
        #expect(JSONAdapter.EncodingOptions.default.maximumModelDepth == ModelNesting.defaultMaximumDepth)
        #expect(!JSONAdapter.EncodingOptions.default.omitsNulls)
        #expect(JSONAdapter.EncodingOptions.omitNulls == JSONAdapter.EncodingOptions(omitsNulls: true))
        #expect(JSONAdapter.EncodingOptions.omitNulls.maximumModelDepth == ModelNesting.defaultMaximumDepth)
        // The writer's own bound is its usual one with the default model limit.
        #expect(JSONAdapter.writerDepth(for: .default) == JSONEmitter.defaultMaximumDepth)
        #expect(JSONAdapter.writerDepth(for: .init(maximumModelDepth: .max)) == .max)
        // Archives keep the fixed default.
        #expect(ArchiveValidator.maximumDepth == ModelNesting.defaultMaximumDepth)
    }

    // MARK: Limits below 1

    @Test(arguments: [0, -1, Int.min])
    func aDecodingLimitBelowOneIsRefused(value: Int) throws {
        let data = Data(#"{"grid": []}"#.utf8)
        for (options, name, defaultValue) in [
            (JSONAdapter.DecodingOptions(maximumModelDepth: value), "maximumModelDepth", 64),
            (JSONAdapter.DecodingOptions(maximumNestingDepth: value), "maximumNestingDepth", 512),
        ] {
            let reason = "\(name) is \(value), but it must be at least 1 (the default is \(defaultValue)). Pass a positive limit."
            let errors = [
                strataFailure { try JSONAdapter.model(of: Grid.self, from: data, options: options) },
                strataFailure { try JSONAdapter.model(of: Grid.self, from: ["grid": [Any]()], options: options) },
                strataFailure { try JSONAdapter.models(of: Grid.self, from: Data("[]".utf8), options: options) },
                strataFailure { try JSONAdapter.models(of: Grid.self, from: [Any](), options: options) },
            ]
            for error in errors {
                #expect(error?.code == .invalidOptions)
                #expect(error?.description == reason)
            }
        }
    }

    @Test(arguments: [0, -1, Int.min])
    func anEncodingLimitBelowOneIsRefused(value: Int) throws {
        let options = JSONAdapter.EncodingOptions(maximumModelDepth: value)
        let errors = [
            strataFailure { try JSONAdapter.dictionary(from: Grid(), options: options) },
            strataFailure { try JSONAdapter.dictionaries(from: [Grid()], options: options) },
            strataFailure { try JSONAdapter.data(from: Grid(), options: options) },
            strataFailure { try JSONAdapter.data(from: [Grid](), options: options, formatting: .prettyPrinted) },
        ]
        for error in errors {
            #expect(error?.code == .invalidOptions)
            #expect(error?.description == "maximumModelDepth is \(value), but it must be at least 1 (the default is 64). Pass a positive limit.")
        }
    }

    // MARK: Nesting depth of JSON text

    /// `{"grid": [[[[1]]]]}` is an object and four arrays: five containers.
    @Test func aLowerNestingLimitRefusesDeeperDataNamingTheLimit() throws {
        let data = Data(#"{"grid": [[[[1]]]]}"#.utf8)
        let four = JSONAdapter.DecodingOptions(maximumNestingDepth: 4)
        let five = JSONAdapter.DecodingOptions(maximumNestingDepth: 5)
        #expect(try JSONAdapter.model(of: Grid.self, from: data, options: five).grid == [[[[1]]]])

        let refused = [
            // Read member by member (a flat model), and parsed whole (a dotted key path).
            strataFailure { try JSONAdapter.model(of: Grid.self, from: data, options: four) },
            strataFailure { try JSONAdapter.model(of: BoxedGrid.self, from: Data(#"{"box": {"grid": [[[1]]]}}"#.utf8), options: four) },
            // A top-level array of arrays, element by element and whole.
            strataFailure { try JSONAdapter.models(of: Grid.self, from: Data("[[[[[]]]]]".utf8), options: four) },
            strataFailure { try JSONAdapter.models(of: BoxedGrid.self, from: Data("[[[[[]]]]]".utf8), options: four) },
        ]
        for error in refused {
            #expect(error?.code == .invalidJSON)
            #expect(error?.reason.contains("nested more than 4 levels deep") == true, "\(String(describing: error))")
            #expect(error?.reason.contains("raise maximumNestingDepth") == true)
        }
        #expect(try JSONAdapter.model(of: BoxedGrid.self, from: Data(#"{"box": {"grid": [[[1]]]}}"#.utf8), options: five).grid
            == [[[1]]])
    }

    /// A dictionary is already built: only the model limit applies to it.
    @Test func theNestingLimitDoesNotApplyToADictionary() throws {
        let options = JSONAdapter.DecodingOptions(maximumNestingDepth: 1)
        #expect(try JSONAdapter.model(of: Grid.self, from: ["grid": [[[[1]]]]], options: options).grid == [[[[1]]]])
        #expect(throws: StrataError.self) { try JSONAdapter.model(of: Grid.self, from: Data(#"{"grid": [[1]]}"#.utf8), options: options) }
    }

    // MARK: Encoding options through transformers

    /// `omitsNulls` reaches models written by `.model(_:)` inside a custom transformer.
    @Test func omitsNullsReachesModelsWrittenByTransformers() throws {
        let envelope = Envelope(member: Member(login: "ada"), members: [Member(login: "bo")])
        let omitted = try JSONAdapter.dictionary(from: envelope, options: .omitNulls)
        #expect((omitted["member"] as? [String: Any])?.keys.sorted() == ["login"])
        #expect((omitted["members"] as? [[String: Any]])?.first?.keys.sorted() == ["login"])
        let written = try JSONAdapter.data(from: envelope, options: .omitNulls, formatting: .sortedKeys)
        #expect(String(decoding: written, as: UTF8.self) == #"{"member":{"login":"ada"},"members":[{"login":"bo"}]}"#)

        let kept = try JSONAdapter.data(from: envelope, formatting: .sortedKeys)
        #expect(String(decoding: kept, as: UTF8.self)
            == #"{"member":{"contact":{"email":null},"login":"ada"},"members":[{"contact":{"email":null},"login":"bo"}]}"#)
    }

    // MARK: Output formatting

    @Test func formattingLaysOutDataOnly() throws {
        let member = Member(login: "ada", email: "a@example.org")
        #expect(String(decoding: try JSONAdapter.data(from: Grid(grid: [[[[1]]]])), as: UTF8.self) == #"{"grid":[[[[1]]]]}"#)
        #expect(String(decoding: try JSONAdapter.data(from: member, formatting: .sortedKeys), as: UTF8.self)
            == #"{"contact":{"email":"a@example.org"},"login":"ada"}"#)
        #expect(String(decoding: try JSONAdapter.data(from: [member], formatting: [.sortedKeys, .prettyPrinted]), as: UTF8.self)
            == """
            [
              {
                "contact" : {
                  "email" : "a@example.org"
                },
                "login" : "ada"
              }
            ]
            """)
    }

}

/// An object holding four levels of arrays.
private struct Grid: JSONSerializing, Equatable {
    var grid: [[[[Int]]]] = []
    static let propertyKeys: PropertyKeys<Grid> = ["grid": \.grid]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["grid": "grid"]
}

/// Three levels of arrays under a dotted key path: decoded from its dictionary.
private struct BoxedGrid: JSONSerializing, Equatable {
    var grid: [[[Int]]] = []
    static let propertyKeys: PropertyKeys<BoxedGrid> = ["grid": \.grid]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["grid": "box.grid"]
}

/// Members written by custom transformers that run `.model(_:)` and `.models(_:)`.
private struct Envelope: JSONSerializing {
    var member = Member()
    var members: [Member] = []
    static let propertyKeys: PropertyKeys<Envelope> = ["member": \.member, "members": \.members]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["member": "member", "members": "members"]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        .delegating(to: key == "member" ? .model(Member.self) : .models(Member.self))
    }
}
