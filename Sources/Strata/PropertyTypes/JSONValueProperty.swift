import Foundation

/// ``JSONValue``: any JSON value, `null` included, kept as it is; archived as its
/// JSON text.
///
/// `null` is a value of this type (``JSONValue/null``), not the absence of one: a
/// `JSONValue` property or element takes it. A `JSONValue?` property or element
/// reads it as `nil`, as every optional does, so that `nil`, written as `null`,
/// reads back as `nil`.
struct JSONValueProperty: LeafPropertyType {
    static func classify(_ type: Any.Type) -> JSONValueProperty? { type == JSONValue.self ? JSONValueProperty() : nil }

    var valueType: Any.Type { JSONValue.self }
    var name: String { "JSONValue" }

    // MARK: JSON

    var defaultValueTransformer: Transformation? { .jsonValue }
    var defaultPropertyTransformer: Transformation? { .jsonValue }
    var takesNull: Bool { true }

    // MARK: Archives

    var archivedKind: ArchiveLayout.Kind? { .string }

    /// Writes the value's JSON text, every number as exactly as it was read.
    func archive(_ value: Any, forKey key: String, into coder: NSCoder) throws {
        let json = try ArchivedValueCoding.typed(value, JSONValue.self, .leaf(self))
        coder.encode(json.description as NSString, forKey: key)
    }

    func unarchive(forKey key: String, from coder: NSCoder) throws -> Any {
        try ArchivedValueCoding.decodeText(forKey: key, from: coder, as: .leaf(self)) { text in
            (try? JSONReader.nativeObject(with: Data(text.utf8), maximumDepth: JSONAdapter.DecodingOptions.default.maximumNestingDepth))
                .flatMap { try? JSONValue(json: $0) }
        }
    }
}

/// JSON value ↔ ``JSONValue``: the default for `JSONValue` properties and elements.
extension Transformation {
    static let jsonValue = Transformation(
        forward: { value in
            guard let value else { return JSONValue.null }
            return try JSONValue(json: value)
        },
        reverse: { value in
            guard let value else { return nil }
            guard let json = value as? JSONValue else { throw StrataError.expected("JSONValue", found: value) }
            return json.foundation
        }
    ).holdingJSONValues(as: .value)
}
