import Foundation
import Testing
@testable import Strata

// Transformers written the Apple way: subclasses of `ValueTransformer` that
// override Foundation's members, as a Mantle code base has them. On Linux they
// subclass Strata's `ValueTransformer`, which has Apple's API; on Apple platforms
// the same code subclasses Foundation's.

/// Cents in JSON, dollars in the model; `nil` for anything that is not a whole number.
private final class CentsTransformer: ValueTransformer {
    override class func transformedValueClass() -> AnyClass { NSNumber.self }
    override class func allowsReverseTransformation() -> Bool { true }

    override func transformedValue(_ value: Any?) -> Any? {
        (value as? Int).map { Double($0) / 100 }
    }

    override func reverseTransformedValue(_ value: Any?) -> Any? {
        (value as? Double).map { Int(($0 * 100).rounded()) }
    }
}

/// Reads text in upper case; cannot write back.
private final class ShoutTransformer: ValueTransformer {
    override class func allowsReverseTransformation() -> Bool { false }

    override func transformedValue(_ value: Any?) -> Any? {
        (value as? String)?.uppercased()
    }
}

/// Turns JSON `null` into a value, as a plain transformer may.
private final class PlaceholderTransformer: ValueTransformer {
    override func transformedValue(_ value: Any?) -> Any? {
        value ?? "(none)"
    }

    override func reverseTransformedValue(_ value: Any?) -> Any? {
        // A plain transformer returns NSNull to write null: nil for a value is a failure.
        value as? String == "(none)" ? NSNull() : value
    }
}

private struct NotAColor: Error, Equatable {
    let text: String
}

/// Reports its own errors: `"#ff8800"` ↔ `0xff8800`; any other text is an error,
/// and an empty string is deliberately `nil`.
private final class HexColorTransformer: ValueTransformer, TransformerErrorHandling {
    func transform(_ value: Any?) throws -> Any? {
        guard let text = value as? String, !text.isEmpty else { return nil }
        guard text.hasPrefix("#"), let rgb = Int(text.dropFirst(), radix: 16) else { throw NotAColor(text: text) }
        return rgb
    }

    func reverseTransform(_ value: Any?) throws -> Any? {
        (value as? Int).map { "#" + String($0, radix: 16) }
    }
}

/// Reports its own errors reading, and keeps the default `reverseTransform(_:)`.
private final class HalfReportingTransformer: ValueTransformer, TransformerErrorHandling {
    func transform(_ value: Any?) throws -> Any? { value }
    override func reverseTransformedValue(_ value: Any?) -> Any? { nil }
}

private struct Price: JSONSerializing, Equatable {
    var dollars = 0.0
    var label: String?
    var color: Int?
    var note = ""

    static let propertyKeys: PropertyKeys<Price> = [
        "dollars": \.dollars, "label": \.label, "color": \.color, "note": \.note,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "dollars": "cents", "label": "label", "color": "color", "note": "note",
    ]

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        switch key {
        case "dollars": return CentsTransformer()
        case "color": return HexColorTransformer()
        case "note": return PlaceholderTransformer()
        default: return nil
        }
    }
}

private struct Shout: JSONSerializing {
    var label = ""
    static let propertyKeys: PropertyKeys<Shout> = ["label": \.label]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["label": "label"]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? { ShoutTransformer() }
}

private struct RegisteredPrice: JSONSerializing {
    var dollars = 0.0
    static let propertyKeys: PropertyKeys<RegisteredPrice> = ["dollars": \.dollars]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["dollars": "cents"]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        ValueTransformer(forName: .registeredCents)
    }
}

private struct HalfReporting: JSONSerializing {
    var value = ""
    static let propertyKeys: PropertyKeys<HalfReporting> = ["value": \.value]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["value": "value"]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? { HalfReportingTransformer() }
}

extension NSValueTransformerName {
    fileprivate static let registeredCents = NSValueTransformerName("StrataTests.CentsTransformer")
}

@Suite("Foundation-style ValueTransformer subclasses")
struct FoundationValueTransformerTests {
    @Test func aSubclassWrittenTheAppleWayMapsBothWays() throws {
        let price = try decodeBothWays(Price.self, ##"{"cents": 1999, "label": "sale", "color": "#ff8800", "note": "hi"}"##)
        #expect(price == Price(dollars: 19.99, label: "sale", color: 0xff8800, note: "hi"))

        let dictionary = try JSONAdapter.dictionary(from: price)
        #expect(dictionary["cents"] as? Int == 1999)
        #expect(dictionary["color"] as? String == "#ff8800")
        let data = try JSONAdapter.data(from: price, formatting: .sortedKeys)
        #expect(String(decoding: data, as: UTF8.self) == ##"{"cents":1999,"color":"#ff8800","label":"sale","note":"hi"}"##)
    }

    @Test func aPlainTransformerThatReturnsNilForAValueIsAFailureNamingTheKeyAndTheValue() throws {
        let error = try #require(throws: StrataError.self) {
            try decodeBothWays(Price.self, #"{"cents": "ten"}"#)
        }
        #expect(error.code == .transformerFailed)
        #expect(error.pathDescription == "cents")
        #expect(error.reason.hasPrefix(#"The transformer for 'dollars' of Price (CentsTransformer) returned nil for the string "ten""#))
        #expect(error.reason.contains("TransformerErrorHandling"))
    }

    @Test func aPlainTransformerMayTurnNullIntoAValueAndBack() throws {
        let price = try decodeBothWays(Price.self, #"{"cents": 1, "note": null}"#)
        #expect(price.note == "(none)")
        let dictionary = try JSONAdapter.dictionary(from: price)
        #expect(dictionary["note"] is NSNull)
    }

    @Test func aClassThatDoesNotAllowReverseTransformationCannotBeWritten() throws {
        let shout = try decodeBothWays(Shout.self, #"{"label": "quiet"}"#)
        #expect(shout.label == "QUIET")
        for write in [{ _ = try JSONAdapter.dictionary(from: shout) }, { _ = try JSONAdapter.data(from: shout) }] {
            let error = try #require(throws: StrataError.self) { try write() }
            #expect(error.code == .unsupportedValue)
            #expect(error.pathDescription == "label")
            #expect(error.reason.hasPrefix("Cannot write 'label' of Shout: The value transformer is one-way"))
        }
    }

    @Test func anErrorReportingTransformersErrorIsTheUnderlyingErrorWithThePath() throws {
        let error = try #require(throws: StrataError.self) {
            try decodeBothWays(Price.self, #"{"cents": 1, "color": "orange"}"#)
        }
        #expect(error.code == .transformerFailed)
        #expect(error.pathDescription == "color")
        #expect(error.underlyingError as? NotAColor == NotAColor(text: "orange"))
    }

    @Test func anErrorReportingTransformerMayReturnNil() throws {
        let price = try decodeBothWays(Price.self, #"{"cents": 1, "color": ""}"#)
        #expect(price.color == nil)
    }

    @Test func theDefaultReverseTransformTreatsNilForAValueAsAFailure() throws {
        let model = try decodeBothWays(HalfReporting.self, #"{"value": "x"}"#)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: model) }
        #expect(error.code == .transformerFailed)
        #expect(error.reason.contains(#"HalfReportingTransformer returned nil for the string "x": it could not reverse-transform it"#))
    }

    @Test func aTransformerRegisteredByNameIsFoundAndUsed() throws {
        ValueTransformer.setValueTransformer(CentsTransformer(), forName: .registeredCents)
        #expect(ValueTransformer.valueTransformerNames().contains(.registeredCents))
        let found = try #require(ValueTransformer(forName: .registeredCents))
        #expect(found is CentsTransformer)
        #expect(try decodeBothWays(RegisteredPrice.self, #"{"cents": 250}"#).dollars == 2.5)

        let unknown = NSValueTransformerName("StrataTests.NeverRegisteredPrice")
        #expect(ValueTransformer(forName: unknown) == nil)
        ValueTransformer.setValueTransformer(CentsTransformer(), forName: unknown)
        ValueTransformer.setValueTransformer(nil, forName: unknown)
        #expect(ValueTransformer(forName: unknown) == nil)
    }

    @Test func foundationsNamedTransformersAreRegisteredPrice() throws {
        let negate = try #require(ValueTransformer(forName: .negateBooleanTransformerName))
        #expect(negate.transformedValue(true) as? Bool == false)
        #expect(negate.reverseTransformedValue(false) as? Bool == true)
        let isNil = try #require(ValueTransformer(forName: .isNilTransformerName))
        #expect(isNil.transformedValue(nil) as? Bool == true)
        #expect(isNil.transformedValue("x") as? Bool == false)
        let isNotNil = try #require(ValueTransformer(forName: .isNotNilTransformerName))
        #expect(isNotNil.transformedValue("x") as? Bool == true)
        #expect(!type(of: isNil).allowsReverseTransformation())
    }

    @Test func strataTransformersAnswerFoundationsAPI() throws {
        let url = ValueTransformer.url
        #expect(url.transformedValue("https://example.com") as? URL == URL(string: "https://example.com"))
        #expect(url.transformedValue("") == nil)
        #expect(url.reverseTransformedValue(URL(string: "https://example.com")) as? String == "https://example.com")
        #expect(type(of: url).allowsReverseTransformation())
        #expect(url is any TransformerErrorHandling)
        let oneWay = ValueTransformer(forward: { $0 })
        #expect(!type(of: oneWay).allowsReverseTransformation())
    }

    @Test func aSubclassCanBeInverted() throws {
        let toCents = CentsTransformer().inverted
        #expect(try toCents.checkedTransformedValue(2.5) as? Int == 250)
        #expect(try toCents.checkedReverseTransformedValue(250) as? Double == 2.5)
        let error = try #require(throws: StrataError.self) { try toCents.checkedTransformedValue("x") }
        #expect(error.reason.contains("CentsTransformer returned nil"))
    }
}
