import Foundation

/// `UUID`: a JSON string that `UUID(uuidString:)` reads, written in upper case as
/// `uuidString` gives it (both by ``UUIDText``); archived as the same text.
struct UUIDProperty: LeafPropertyType {
    static func classify(_ type: Any.Type) -> UUIDProperty? { type == UUID.self ? UUIDProperty() : nil }

    var valueType: Any.Type { UUID.self }
    var name: String { "UUID" }

    // MARK: JSON

    var defaultValueTransformer: Transformation? { .uuid }
    var defaultPropertyTransformer: Transformation? { .uuid }
    var hasFixedJSONConversion: Bool { true }

    // MARK: Archives

    var archivedKind: ArchiveLayout.Kind? { .string }

    func archive(_ value: Any, forKey key: String, into coder: NSCoder) throws {
        let uuid = try ArchivedValueCoding.typed(value, UUID.self, .leaf(self))
        coder.encode(UUIDText.text(of: uuid) as NSString, forKey: key)
    }

    func unarchive(forKey key: String, from coder: NSCoder) throws -> Any {
        try ArchivedValueCoding.decodeText(forKey: key, from: coder, as: .leaf(self), UUIDText.uuid(from:))
    }

    // MARK: Storage

    func fastAccess(optional: Bool) -> FastAccess? {
        .stored(UUID.self, optional: optional, writtenAs: UUIDText.text(of:))
    }
}

/// `String` ↔ `UUID`: ``ValueTransformer/uuid``, the default for `UUID` properties.
extension Transformation {
    static let uuid = Transformation(
        { (text: String) throws -> UUID in
            guard let uuid = UUIDText.uuid(from: text) else {
                throw StrataError.expected(
                    "a UUID such as \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"", found: text, code: .transformerFailed)
            }
            return uuid
        },
        reverse: { (uuid: UUID) in UUIDText.text(of: uuid) }
    )
    // The canonical form from its 36 bytes, as `UUIDText.uuid(from:)` reads it first.
    .readingPlainStrings { UUIDText.canonical($0) }
}
