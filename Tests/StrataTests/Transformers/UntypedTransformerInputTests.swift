import Foundation
import Testing
@testable import Strata

/// Records the dynamic types an untyped transformer receives.
private final class TypeRecorder: ValueTransformer, @unchecked Sendable {
    // @unchecked: test fixture; `seen` is only read after the decode that fills it.
    nonisolated(unsafe) static var seen: [String] = []
    override func transformedValue(_ value: Any?) -> Any? {
        Self.seen.append(Self.describe(value))
        return "ok"
    }
    static func describe(_ value: Any?) -> String {
        switch value {
        case nil: return "nil"
        case let array as [Any]: return "[" + array.map { describe($0) }.joined(separator: ", ") + "]"
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { "\($0): \(describe(object[$0]))" }.joined(separator: ", ") + "}"
        case let value?:
            let type = "\(Swift.type(of: value))"
            return type.hasPrefix("__NSCFBoolean") || type == "NSNumber" || type == "NSDecimalNumber" || type.hasPrefix("_NSCF")
                ? "NSNumber" : type
        }
    }
}

private struct Raw: JSONSerializing {
    var value = ""
    static let propertyKeys: PropertyKeys<Raw> = ["value": \.value]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    static func jsonTransformer(forKey key: String) -> ValueTransformer? { TypeRecorder() }
}

private struct Scaled: JSONSerializing, Equatable {
    var amount = 0.0
    var count = 0
    static let propertyKeys: PropertyKeys<Scaled> = ["amount": \.amount, "count": \.count]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        switch key {
        case "amount": return ValueTransformer(forward: { ($0 as? Double).map { $0 / 100 } })
        case "count": return ValueTransformer(forward: { ($0 as? Int).map { $0 * 2 } })
        default: return nil
        }
    }
}

@Suite("Untyped transformers receive JSON as JSONSerialization gives it, from every source", .serialized)
struct UntypedTransformerInputTests {
    @Test("Numbers and booleans reach an untyped transformer as NSNumber, at any depth, from Data and from a dictionary")
    func numbersAsNSNumber() throws {
        let json = #"{"value": [1, 2.5, true, "s", null, {"n": 12345678901234567890123}]}"#
        TypeRecorder.seen = []
        _ = try JSONAdapter.model(of: Raw.self, from: Data(json.utf8))
        _ = try JSONAdapter.model(of: Raw.self, from: try jsonObject(json))
        let expected = "[NSNumber, NSNumber, NSNumber, String, NSNull, {n: NSNumber}]"
        #expect(TypeRecorder.seen == [expected, expected])
    }

    @Test("A closure that casts `as? Double` or `as? Int` reads 48 the same way from Data and from a dictionary")
    func castsAgree() throws {
        let json = #"{"amount": 4800, "count": 3}"#
        let fromData = try JSONAdapter.model(of: Scaled.self, from: Data(json.utf8))
        let fromDictionary = try JSONAdapter.model(of: Scaled.self, from: try jsonObject(json))
        #expect(fromData == Scaled(amount: 48, count: 6))
        #expect(fromDictionary == fromData)
    }

    @Test("A boolean stays a boolean, and a number is not one")
    func booleansStayBooleans() throws {
        let value = FoundationForm.of(true) as? NSNumber
        #expect(value.map { $0 as? Bool } == true)
        #expect((FoundationForm.of(48) as? NSNumber).map { $0 as? Bool } == .some(nil))
        #expect((FoundationForm.of(2.5) as Any) as? Int == nil)
    }
}
