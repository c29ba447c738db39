import Foundation
import Testing
@testable import Strata

/// Arrays of `Double`, `Float` and `Int` at any depth are written by the encode
/// engine straight from their storage (`ScalarArray.numbers`); these check that
/// both sinks write what the default transformer gives, which the same values
/// take when their elements are optional (`[[Double?]]` is not such an array).
@Suite("Arrays of numbers → JSON")
struct NumberArrayEncodingTests {
    /// Typed arrays: the engine's `numbers` case.
    struct Typed: JSONSerializing {
        var rings: [[[Double]]] = []
        var weights: [Float] = []
        var grid: [[Int]] = []
        var values: [Double]?

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    }

    /// The same arrays with optional elements: the default transformer's own path.
    struct General: JSONSerializing {
        var rings: [[[Double?]]] = []
        var weights: [Float?] = []
        var grid: [[Int?]] = []
        var values: [Double?]?

        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    }

    static let typed = Typed(
        rings: [[[-65.613616999999977, 43.420273000000009], []], [], [[1e300, -0.0, .leastNonzeroMagnitude]]],
        weights: [0.1, 3.4028235e38, -1], grid: [[1, Int.min], [], [Int.max]], values: [0.30000000000000004, 2])
    static let general = General(
        rings: [[[-65.613616999999977, 43.420273000000009], []], [], [[1e300, -0.0, .leastNonzeroMagnitude]]],
        weights: [0.1, 3.4028235e38, -1], grid: [[1, Int.min], [], [Int.max]], values: [0.30000000000000004, 2])

    private static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func bothSinksWriteWhatTheDefaultTransformerWrites() throws {
        let typed = try Self.text(JSONAdapter.data(from: Self.typed, formatting: .sortedKeys))
        let general = try Self.text(JSONAdapter.data(from: Self.general, formatting: .sortedKeys))
        #expect(typed == general)
        #expect(typed.contains(#""rings":[[[-65.61361699999998,43.42027300000001],[]],[],[[1e+300,-0.0,5e-324]]]"#))
        #expect(typed.contains(#""weights":[0.1,3.4028235e+38,-1.0]"#))
        let pretty = try Self.text(JSONAdapter.data(from: Self.typed, formatting: [.sortedKeys, .prettyPrinted]))
        #expect(pretty == Self.text(try JSONAdapter.data(from: Self.general, formatting: [.sortedKeys, .prettyPrinted])))
        let typedJSON = try JSONAdapter.dictionary(from: Self.typed)
        let generalJSON = try JSONAdapter.dictionary(from: Self.general)
        for key in ["rings", "weights", "grid", "values"] {
            // The same `[Any]`, element for element, at every depth.
            #expect(type(of: typedJSON[key] ?? 0) == [Any].self)
            #expect(String(reflecting: typedJSON[key]) == String(reflecting: generalJSON[key]))
        }
    }

    /// The engine takes its `numbers` case for these arrays, and leaves one holding
    /// a NaN, and one of another type, to the transformer.
    @Test func theEngineWritesTheseArraysFromTheirStorage() {
        let element: (any TypedJSONArrayElement.Type)? = [Double].self
        guard case .numbers = ScalarArray(exactly: [[1.5, 2]] as [[Double]], element: element) else {
            Issue.record("a [[Double]] is not written from its storage")
            return
        }
        #expect(ScalarArray(exactly: [[1.5, .nan]] as [[Double]], element: element) == nil)
        #expect(ScalarArray(exactly: [[Float(1.5)]], element: element) == nil)
        let plan = MappingPlan<Typed>.shared
        #expect(plan.entries.allSatisfy { $0.typedArrayElement != nil })
    }

    /// A NaN is refused as the default transformer refuses it, with the same error.
    @Test func aNaNIsRefusedAsTheTransformerRefusesIt() throws {
        var typed = Self.typed
        typed.rings = [[[1, .nan]]]
        var general = Self.general
        general.rings = [[[1, .nan]]]
        let typedError = try #require(throws: StrataError.self) { try JSONAdapter.data(from: typed) }
        let generalError = try #require(throws: StrataError.self) { try JSONAdapter.data(from: general) }
        let model = "of \(Typed.self)"
        #expect(typedError.description == generalError.description.replacingOccurrences(of: "of \(General.self)", with: model))
        let dictionaryError = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: typed) }
        #expect(dictionaryError.description == typedError.description)
    }

    /// What is written reads back as the same model.
    @Test func aTypedModelRoundTrips() throws {
        let data = try JSONAdapter.data(from: Self.typed)
        let read = try JSONAdapter.model(of: Typed.self, from: data)
        #expect(read.rings.map { $0.map { $0.map(\.bitPattern) } } == Self.typed.rings.map { $0.map { $0.map(\.bitPattern) } })
        #expect(read.weights == Self.typed.weights)
        #expect(read.grid == Self.typed.grid)
        #expect(read.values == Self.typed.values)
    }
}
