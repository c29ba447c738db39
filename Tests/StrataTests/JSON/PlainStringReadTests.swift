import Foundation
import Testing
@testable import Strata

// A UUID property with its default transformer is read from the string's 36 bytes
// by the scanner source, without making the `String`. Whatever takes
// that path or not, the model must be the one the dictionary source gives, with
// the same errors, and the same value must reach `validateValue(_:forKey:)`.

/// Refuses, in its validated setter, any `id` that is not a `UUID`.
struct PlainStringModel: JSONSerializing, Equatable {
    var id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var other: UUID?
    var fixed = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    static let propertyKeys: PropertyKeys<PlainStringModel> = ["id": \.id, "other": \.other, "fixed": \.fixed]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "other": "other", "fixed": "fixed"]

    static let fixedUUID = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        // A user's transformer on a UUID property: always run, never read around.
        key == "fixed" ? ValueTransformer(forward: { _ in PlainStringModel.fixedUUID }) : nil
    }

    struct NotAUUID: Error {}

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        if key == "id", let value, !(value is UUID) { throw NotAUUID() }
        return value
    }
}

@Suite("Plain strings read from their bytes")
struct PlainStringReadTests {
    private let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()

    @Test("Canonical, lower-case and escaped UUIDs read the same from data as from a dictionary")
    func uuidForms() throws {
        let texts = [
            "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
            #"\u0045621E1F8-C36C-495A-93FC-0C247A3E6E5F"#,
        ]
        for text in texts {
            let model = try decodeEqualBothWays(PlainStringModel.self, #"{"id": "\#(text)", "other": "\#(text)", "fixed": "x"}"#)
            #expect(model.id == uuid, "\(text)")
            #expect(model.other == uuid, "\(text)")
        }
    }

    @Test("validateValue(_:forKey:) sees a UUID either way")
    func validatedValueIsAUUID() throws {
        // The setter throws for anything else.
        let model = try decodeEqualBothWays(PlainStringModel.self, #"{"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#)
        #expect(model.id == uuid)
    }

    @Test("A user's transformer on a UUID property runs on the string")
    func customTransformerRuns() throws {
        let model = try decodeEqualBothWays(PlainStringModel.self, #"{"fixed": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#)
        #expect(model.fixed == PlainStringModel.fixedUUID)
    }

    @Test("Text that is no UUID fails with the same error from data as from a dictionary")
    func invalidText() throws {
        for text in ["not-a-uuid", "E621E1F8-C36C-495A-93FC-0C247A3E6E5G", "E621E1F8C36C495A93FC0C247A3E6E5F", ""] {
            // The same error text from both sources, or the helper records an issue.
            let failure = strataFailure { try decodeBothWays(PlainStringModel.self, #"{"id": "\#(text)"}"#) }
            #expect(failure?.code == .transformerFailed, "\(text)")
        }
    }

    @Test("A UUID in an array or a non-string value takes the general path")
    func nonStringValues() throws {
        for json in [#"{"id": 12}"#, #"{"id": null}"#, #"{"id": ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]}"#] {
            #expect(strataFailure { try decodeBothWays(PlainStringModel.self, json) } != nil, "\(json)")
        }
    }
}

/// A URL property with its default transformer, and one with a user's transformer;
/// the validated setter refuses any `link` that is not a `URL`.
struct PlainURLModel: JSONSerializing, Equatable {
    var link: URL?
    var custom: URL?

    static let propertyKeys: PropertyKeys<PlainURLModel> = ["link": \.link, "custom": \.custom]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["link": "link", "custom": "custom"]

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        // A user's transformer on a URL property: always run, never read around.
        key == "custom"
            ? ValueTransformer(forward: { value in (value as? String).flatMap { URL(string: "https://example.org/" + $0) } })
            : nil
    }

    struct NotAURL: Error {}

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        if key == "link", let value, !(value is URL) { throw NotAURL() }
        return value
    }
}

@Suite("URLs read from the bytes of plain strings")
struct PlainURLReadTests {
    @Test("Plain, escaped and relative URLs read the same from data as from a dictionary")
    func urlForms() throws {
        let texts = [
            "https://api.github.com/users/octocat", #"https:\/\/example.org\/a?b=c#d"#, "mailto:ada@example.org",
            "/relative/path", "https://example.org/%20space", "https://[::1]:8080/x",
        ]
        for text in texts {
            let model = try decodeEqualBothWays(PlainURLModel.self, #"{"link": "\#(text)", "custom": "p"}"#)
            let expected = URL(string: text.replacingOccurrences(of: #"\/"#, with: "/"))
            #expect(model.link == expected, "\(text)")
            #expect(model.link?.absoluteString == expected?.absoluteString, "\(text)")
            #expect(model.custom == URL(string: "https://example.org/p"), "\(text)")
        }
    }

    @Test("A refused byte or a percent escape at every offset of the blocks the check reads at once")
    func everyOffset() throws {
        let letters = Array("ghijklmnopqrstuvwxyzghij")  // none a hexadecimal digit
        for offset in 0...letters.count {
            let before = String(letters[..<offset]), after = String(letters[offset...])
            for refused in [" ", "{", "\\\\", "^", "%", "%4", "é"] {
                let failure = strataFailure {
                    try decodeBothWays(PlainURLModel.self, #"{"link": "https://a.example/\#(before)\#(refused)\#(after)"}"#)
                }
                #expect(failure?.code == .transformerFailed, "\(refused) at \(offset)")
            }
            let escaped = "https://a.example/\(before)%41\(after)"
            let model = try decodeEqualBothWays(PlainURLModel.self, #"{"link": "\#(escaped)"}"#)
            #expect(model.link?.absoluteString == escaped, "%41 at \(offset)")
        }
    }

    @Test("Text that is no URL as written fails with the same error from data as from a dictionary")
    func invalidText() throws {
        for text in ["", "has space", "https://example.org/%zz", "https://example.org/{x}", "https://exämple.org", "%"] {
            // The same error text from both sources, or the helper records an issue.
            let failure = strataFailure { try decodeBothWays(PlainURLModel.self, #"{"link": "\#(text)"}"#) }
            #expect(failure?.code == .transformerFailed, "\(text)")
            #expect(failure?.pathDescription == "link", "\(text)")
        }
    }
}

/// A unit whose raw value is written with U+212A KELVIN SIGN, canonically "K".
enum TemperatureUnit: String, CaseIterable, Sendable {
    case kelvin = "\u{212A}elvin"
    case celsius = "Celsius"
}

struct Reading: JSONSerializing, Equatable {
    var unit = TemperatureUnit.celsius

    static let propertyKeys: PropertyKeys<Reading> = ["unit": \.unit]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["unit": "unit"]
}

@Suite("Enums read from the bytes of plain strings")
struct PlainEnumReadTests {
    @Test(
        "A raw value matches as in a dictionary, by canonical equivalence",
        arguments: [#"{"unit": "Kelvin"}"#, #"{"unit": "\u212Aelvin"}"#, #"{"unit": "Celsius"}"#])
    func canonicalEquivalence(_ json: String) throws {
        let model = try decodeEqualBothWays(Reading.self, json)
        #expect(model.unit == (json.contains("Celsius") ? .celsius : .kelvin))
    }

    @Test("A raw value that names no case fails as from a dictionary")
    func unknownRawValue() throws {
        // The same error text from both sources, or the helper records an issue.
        let failure = strataFailure { try decodeBothWays(Reading.self, #"{"unit": "Fahrenheit"}"#) }
        #expect(failure?.code == .typeMismatch)
        #expect(failure?.pathDescription == "unit")
    }
}
