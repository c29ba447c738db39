import Foundation
import Testing
@testable import Strata

/// Arrays of numbers, and arrays of them, read straight into typed storage: the
/// result is the one the default transformer gives from the parsed value, and
/// anything the typed reading does not take goes to the transformer, with its
/// value or its error.
@Suite("Reading arrays of numbers into typed storage")
struct TypedArrayReadingTests {
    /// The value the scanner's typed reading gives for `json`, and where it leaves
    /// the scanner.
    static func typed<Element: TypedJSONArrayElement>(
        _ type: [Element].Type, _ json: String, maximumDepth: Int = 16
    ) -> (value: [Element]?, index: Int) {
        Data(json.utf8).withUnsafeBytes { raw in
            var scanner = JSONScanner(input: ByteView(raw), builder: NativeJSONBuilder(), maximumDepth: maximumDepth)
            let value = scanner.typedArray(of: Element.self).map { $0 as? [Element] ?? [] }
            return (value, scanner.index)
        }
    }

    @Test func nestedDoublesAreReadWhole() {
        let json = "[[[1.5, -2], [3e2, 0.10000000000000001]], [], [[]]]"
        let read = Self.typed([[[Double]]].self, json)
        #expect(read.value == [[[1.5, -2], [300, 0.1]], [], [[]]])
        #expect(read.index == json.utf8.count)
    }

    @Test func integersAndFloatsAreReadWhole() {
        #expect(Self.typed([[Int]].self, "[[1, -9223372036854775808], [ 3 ]]").value == [[1, Int.min], [3]])
        #expect(Self.typed([Float].self, "[1, 0.5, 3.4028234663852886e38]").value == [1, 0.5, .greatestFiniteMagnitude])
    }

    /// What the typed reading leaves to the transformer, with the scanner where it was.
    @Test(arguments: [
        "[1, null]", "[1, \"2\"]", "[[1], 2]", "[1,]", "[01]", "[1 2]", "[1", "[-]", "[1e400]", "[true]", "{}",
    ])
    func anythingElseLeavesTheScannerWhereItWas(_ json: String) {
        let read = Self.typed([Double].self, json)
        #expect(read.value == nil)
        #expect(read.index == 0)
    }

    /// Arrays of every length up to twenty, with and without whitespace around the
    /// commas and brackets, read whole: the first elements are held before the
    /// array is made, and the rest appended.
    @Test(arguments: 0...20)
    func arraysOfEveryLengthAreReadWhole(_ length: Int) {
        let values = (0..<length).map { Double($0) * 1.5 - 7 }
        let texts = values.map { "\($0)" }
        for json in ["[" + texts.joined(separator: ",") + "]", "[ " + texts.joined(separator: " ,\n ") + " ]"] {
            let read = Self.typed([Double].self, json)
            #expect(read.value == values, "\(json)")
            #expect(read.index == json.utf8.count, "\(json)")
            let nested = "[" + json + "," + json + "]"
            #expect(Self.typed([[Double]].self, nested).value == [values, values], "\(nested)")
        }
    }

    /// A broken array is left to the transformer wherever it breaks: after the
    /// first element, the second, or a later one.
    @Test(arguments: 1...4)
    func anArrayBrokenAfterAnyElementIsLeftWhole(_ length: Int) {
        let elements = (1...length).map(String.init).joined(separator: ", ")
        for json in ["[\(elements),]", "[\(elements) 9]", "[\(elements)", "[\(elements), null]", "[\(elements)}"] {
            let read = Self.typed([Int].self, json)
            #expect(read.value == nil, "\(json)")
            #expect(read.index == 0, "\(json)")
        }
    }

    /// A `Float` takes an integer's nearest `Float`, as the default transformer
    /// converts it, not the `Float` nearest its nearest `Double`.
    @Test func aFloatTakesAnIntegersNearestFloat() {
        let large = 1_152_921_573_326_323_713  // 2^60 + 2^36 + 1
        #expect(Self.typed([Float].self, "[\(large)]").value == [Float(large)])
        #expect(Float(large) != Float(Double(large)))
    }

    /// The plan reads these properties into typed storage (and the optional one too).
    @Test func thePlanReadsTypedArraysStraight() {
        let reads = MappingPlan<TypedArrays>.shared.memberReads
        #expect(reads.count == 3)
        #expect(reads.allSatisfy { $0.typedArrayElement != nil })
    }

    @Test func integersOutsideIntAndFractionsAreLeftForInt() {
        #expect(Self.typed([Int].self, "[1, 2.0]").value == nil)
        #expect(Self.typed([Int].self, "[9223372036854775808]").value == nil)
        #expect(Self.typed([Float].self, "[1e39]").value == nil)
    }

    /// Read for a type known only as `any TypedJSONArrayElement.Type`, as the plan
    /// holds it, the array keeps its own type: `[[Double]]`, not an array of boxes.
    @Test func theArrayKeepsItsTypeThroughAnExistentialMetatype() throws {
        let element: any TypedJSONArrayElement.Type = [Double].self
        let value = Data("[[1, 2.5]]".utf8).withUnsafeBytes { raw in
            var scanner = JSONScanner(input: ByteView(raw), builder: NativeJSONBuilder(), maximumDepth: 8)
            return scanner.typedArray(of: element)
        }
        let read = try #require(value)
        #expect(type(of: read) == [[Double]].self)
        #expect(read as? [[Double]] == [[1, 2.5]])
    }

    @Test func theDepthLimitIsLeftToTheParser() {
        #expect(Self.typed([[[Double]]].self, "[[[1]]]", maximumDepth: 2).value == nil)
        #expect(Self.typed([[[Double]]].self, "[[[1]]]", maximumDepth: 3).value == [[[1]]])
    }

    /// From `Data`, where the typed reading runs, and from the dictionary the
    /// reader builds, where it does not: the same model, and the same errors.
    @Test func aModelGetsTheSameValuesAndErrorsEitherWay() throws {
        let json = #"{"rings": [[[-65.613616999999977, 43.420273000000009]], []], "counts": [[1, 2]], "weights": [0.5, 2]}"#
        let fromData = try JSONAdapter.model(of: TypedArrays.self, from: Data(json.utf8))
        let dictionary = try #require(try JSONReader.nativeObject(with: Data(json.utf8)) as? [String: Any])
        let fromDictionary = try JSONAdapter.model(of: TypedArrays.self, from: dictionary)
        #expect(fromData == fromDictionary)
        #expect(fromData.rings == [[[-65.613616999999977, 43.420273000000009]], []])
        #expect(fromData.counts == [[1, 2]])
        #expect(fromData.weights == [0.5, 2])

        let wholeFraction = #"{"rings": [], "counts": [[1, 2.0]], "weights": null}"#
        let converted = try JSONAdapter.model(of: TypedArrays.self, from: Data(wholeFraction.utf8))
        #expect(converted.counts == [[1, 2]])
        #expect(converted.weights == nil)

        let broken = #"{"rings": [[[1, "x"]]], "counts": [], "weights": []}"#
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: TypedArrays.self, from: Data(broken.utf8)) }
        let dictionaryError = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: TypedArrays.self, from: try #require(try JSONReader.nativeObject(with: Data(broken.utf8)) as? [String: Any]))
        }
        #expect(error.code == .typeMismatch)
        #expect(error.description == dictionaryError.description)
    }

    /// Every shape the reading and the writing walk with code of their own (`[[Double]]`,
    /// `[[[Float]]]`, `[[[Int]]]`, …) and one deeper that they walk through its metadata:
    /// each read back as written, and written as the dictionary path writes it.
    @Test func everyNestingReadsAndWritesAsTheTransformerDoes() throws {
        let model = NestedShapes(
            doubleRows: [[0.1, -2]], doubleBlocks: [[[1e-7, 2], []]], deepDoubles: [[[[4.5]], []]],
            floatRows: [[1.5, -0.25]], floatBlocks: [[[0.125], [3]]], integerRows: [[7, -8]],
            integerBlocks: [[[1, -2], [3]], []])
        #expect(MappingPlan<NestedShapes>.shared.memberReads.allSatisfy { $0.typedArrayElement != nil })
        let data = try JSONAdapter.data(from: model, formatting: .sortedKeys)
        #expect(try JSONAdapter.model(of: NestedShapes.self, from: data) == model)
        let general = try JSONWriter.bytes(withJSONObject: JSONAdapter.dictionary(from: model), options: .sortedKeys)
        #expect(String(decoding: data, as: UTF8.self) == String(decoding: general, as: UTF8.self))
    }
}

private struct NestedShapes: JSONSerializing, Equatable {
    var doubleRows: [[Double]] = []
    var doubleBlocks: [[[Double]]] = []
    var deepDoubles: [[[[Double]]]] = []
    var floatRows: [[Float]] = []
    var floatBlocks: [[[Float]]] = []
    var integerRows: [[Int]] = []
    var integerBlocks: [[[Int]]] = []

    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

private struct TypedArrays: JSONSerializing, Equatable {
    var rings: [[[Double]]] = []
    var counts: [[Int]] = []
    var weights: [Float]?

    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}
