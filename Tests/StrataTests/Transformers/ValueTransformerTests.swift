import Foundation
import Testing
@testable import Strata

@Suite("ValueTransformer")
struct ValueTransformerTests {
    static var doubling: ValueTransformer {
        ValueTransformer(
            forward: { ($0 as? Int).map { $0 * 2 } },
            reverse: { ($0 as? Int).map { $0 / 2 } })
    }

    @Test func forwardOnlyTransformerTransformsAndRefusesReverse() throws {
        let oneWay = ValueTransformer(forward: { ($0 as? String)?.uppercased() })
        #expect(try oneWay.checkedTransformedValue("abc") as? String == "ABC")
        #expect(!type(of: oneWay).allowsReverseTransformation())
        let error = try #require(throws: StrataError.self) { try oneWay.checkedReverseTransformedValue("ABC") }
        #expect(error.code == .unsupportedValue)
        #expect(
            error.reason
                == "The value transformer is one-way, so this value cannot be written back. "
                + "Give it a reverse closure (or a class whose allowsReverseTransformation() is true), "
                + "or leave the key out of serializablePropertyKeys.")
    }

    @Test func twoWayTransformerGoesBothWays() throws {
        #expect(type(of: Self.doubling).allowsReverseTransformation())
        #expect(try Self.doubling.checkedTransformedValue(4) as? Int == 8)
        #expect(try Self.doubling.checkedReverseTransformedValue(8) as? Int == 4)
    }

    @Test func invertedSwapsDirections() throws {
        let halving = Self.doubling.inverted
        #expect(try halving.checkedTransformedValue(8) as? Int == 4)
        #expect(try halving.checkedReverseTransformedValue(4) as? Int == 8)
    }

    @Test func invertedOneWayTransformerOnlyGoesBack() throws {
        let oneWay = ValueTransformer(forward: { ($0 as? Int).map { $0 + 1 } })
        let inverted = oneWay.inverted
        #expect(type(of: inverted).allowsReverseTransformation())
        #expect(try inverted.checkedReverseTransformedValue(1) as? Int == 2)
        let error = try #require(throws: StrataError.self) { try inverted.checkedTransformedValue(1) }
        #expect(error.code == .unsupportedValue)
    }

    @Test func typedInitWithTrailingClosureChecksItsInput() throws {
        let length = ValueTransformer { (s: String) in s.count }
        #expect(try length.checkedTransformedValue("four") as? Int == 4)
        #expect(try length.checkedTransformedValue(nil) == nil)
        #expect(!type(of: length).allowsReverseTransformation())
        let error = try #require(throws: StrataError.self) { try length.checkedTransformedValue(4) }
        #expect(error.code == .typeMismatch)
        #expect(error.reason == "Expected String, found the number 4.")
    }

    @Test func typedInitConvertsNumbersExactlyAndKeepsBooleansApart() throws {
        let negate = ValueTransformer({ (n: Int) in -n }, reverse: { (n: Int) in -n })
        #expect(try negate.checkedTransformedValue(NSNumber(value: 3)) as? Int == -3)
        #expect(try negate.checkedTransformedValue(Int8(3)) as? Int == -3)
        #expect(throws: StrataError.self) { try negate.checkedTransformedValue(1.5) }
        #expect(throws: StrataError.self) { try negate.checkedTransformedValue(true) }
        #expect(try negate.checkedReverseTransformedValue(-3) as? Int == 3)
        #expect(throws: StrataError.self) { try negate.checkedReverseTransformedValue("3") }
    }

    @Test func typedTransformerUsedByAModelReportsThePath() throws {
        struct Shout: JSONSerializing {
            var word = ""
            static let propertyKeys: PropertyKeys<Shout> = ["word": \.word]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["word": "w"]
            static func jsonTransformer(forKey key: String) -> ValueTransformer? {
                ValueTransformer({ (s: String) in s.uppercased() }, reverse: { (s: String) in s.lowercased() })
            }
        }
        let shout = try JSONAdapter.model(of: Shout.self, from: ["w": "hey"])
        #expect(shout.word == "HEY")
        #expect(try JSONAdapter.dictionary(from: shout)["w"] as? String == "hey")
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Shout.self, from: ["w": 5]) }
        #expect(
            error.description
                == "w: Expected String for 'word' of Shout, found the number 5. "
                + "Fix the payload, or give 'word' a transformer that reads this value.")
    }

    @Test func transformerOutputOfTheWrongTypeIsATypeMismatchForTheProperty() throws {
        struct Wrong: JSONSerializing {
            var count = 0
            static let propertyKeys: PropertyKeys<Wrong> = ["count": \.count]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["count": "count"]
            static func jsonTransformer(forKey key: String) -> ValueTransformer? {
                ValueTransformer { (s: String) in s }
            }
        }
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Wrong.self, from: ["count": "7"]) }
        #expect(error.code == .typeMismatch)
        #expect(error.pathDescription == "count")
    }
}
