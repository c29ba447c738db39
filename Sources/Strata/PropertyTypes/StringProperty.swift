import Foundation

/// `String`: a JSON string, archived as an `NSString`.
struct StringProperty: LeafPropertyType {
    static func classify(_ type: Any.Type) -> StringProperty? { type == String.self ? StringProperty() : nil }

    var valueType: Any.Type { String.self }
    var name: String { "String" }

    // MARK: JSON

    var defaultValueTransformer: Transformation? { DefaultTransformers.scalar(self) }
    var lenientTransformer: Transformation { LenientTransformers.string }
    var convertsExactValuesToThemselves: Bool { true }

    // MARK: Archives

    var archivedKind: ArchiveLayout.Kind? { .string }

    func archive(_ value: Any, forKey key: String, into coder: NSCoder) throws {
        coder.encode(try ArchivedValueCoding.typed(value, String.self, .leaf(self)) as NSString, forKey: key)
    }

    func unarchive(forKey key: String, from coder: NSCoder) throws -> Any {
        try ArchivedValueCoding.decodeString(forKey: key, from: coder, as: .leaf(self))
    }

    // MARK: Storage

    func fastAccess(optional: Bool) -> FastAccess? {
        .stored(String.self, optional: optional)
    }
}
