import Foundation

/// A ``JSONTaggedEnum``: a JSON object whose tag chooses the case; archived as
/// the JSON text of that object, as a ``JSONValue`` is.
///
/// `@unchecked Sendable`: it holds only a metatype, an immutable process-wide
/// type object.
struct TaggedEnumProperty: LeafPropertyType, @unchecked Sendable {
    /// The enum.
    let enumType: any JSONTaggedEnum.Type

    static func classify(_ type: Any.Type) -> TaggedEnumProperty? {
        (type as? any JSONTaggedEnum.Type).map(TaggedEnumProperty.init(enumType:))
    }

    var valueType: Any.Type { enumType }

    // MARK: JSON

    var defaultValueTransformer: Transformation? { .tagged(enumType) }
    var defaultPropertyTransformer: Transformation? { .tagged(enumType) }
    var convertsWithUserCode: Bool { true }

    /// Audits `object` as the case its tag chooses (see
    /// ``JSONTaggedEnum/auditTagged(_:at:into:)``): what the mapping audit does
    /// for a value of this type.
    func audit(_ object: [String: Any], at path: [StrataError.PathComponent], into audit: inout JSONMappingAudit) throws {
        try enumType.auditTagged(object, at: path, into: &audit)
    }

    /// Writes an `[Enum]` (or an `[Enum]?` holding one) element by element, each
    /// as the tagged transformer's `reverse` gives it, one model level deeper.
    var arrayTextWriter: (@Sendable (Any) -> ((inout EmitterSink) throws -> Void)?)? {
        let enumType = self.enumType
        return { value in
            func writer<T: JSONTaggedEnum>(_: T.Type) -> ((inout EmitterSink) throws -> Void)? {
                guard let values = exactValue(value, as: [T].self) ?? exactValue(value, as: [T]?.self) ?? nil else { return nil }
                return { sink in try JSONAdapter.writeTaggedElements(values, table: .shared, asTransformed: true, into: &sink) }
            }
            return writer(enumType)
        }
    }

    // MARK: Archives

    var archivedKind: ArchiveLayout.Kind? { .string }

    /// Writes the value's tagged object as JSON text, as `JSONAdapter.data(from:)` writes it.
    func archive(_ value: Any, forKey key: String, into coder: NSCoder) throws {
        func text<T: JSONTaggedEnum>(as _: T.Type) throws -> String {
            let typed = try ArchivedValueCoding.typed(value, T.self, .leaf(self))
            return String(decoding: try JSONAdapter.data(from: typed), as: UTF8.self)
        }
        coder.encode(try text(as: enumType) as NSString, forKey: key)
    }

    /// Reads the value back from its JSON text, as `JSONAdapter.model(of:from:)`
    /// reads a tagged object: an archived text of another enum, or a tag the enum no
    /// longer knows, is an error.
    func unarchive(forKey key: String, from coder: NSCoder) throws -> Any {
        func value<T: JSONTaggedEnum>(as _: T.Type) throws -> T {
            let text = try ArchivedValueCoding.decodeString(forKey: key, from: coder, as: .leaf(self))
            return try JSONAdapter.model(of: T.self, from: Data(text.utf8))
        }
        return try value(as: enumType)
    }
}

/// JSON object ↔ ``JSONTaggedEnum`` value: the default for a tagged enum's
/// properties and elements.
///
/// An object the scanner source read is given as its ``ObjectText`` and read as
/// JSON data holding a tagged object is read: the same value, or the same error,
/// as from its dictionary. An array of them is read so too, element by element, by
/// the default transformer of the array (see ``Transformation/readsObjectTextElements``),
/// and an `Array` of them is written straight as JSON text (see
/// ``LeafPropertyType/arrayTextWriter``).
///
/// A tagged object held by a property or an element is a model level of its
/// own, in both directions, as its case's model is: the two levels together take
/// about twice the stack of one model's.
extension Transformation {
    static func tagged(_ enumType: any JSONTaggedEnum.Type) -> Transformation {
        Transformation(
            forward: { value in
                guard let value else { return nil }
                if let text = value as? ObjectText { return try JSONAdapter.nested { try enumType.decodeTagged(text) } }
                guard let object = value as? [String: Any] else {
                    throw StrataError.expected("a JSON object with a tag", for: "\(enumType)", found: value)
                }
                return try JSONAdapter.nested { try enumType.decodeTagged(object) }
            },
            reverse: { value in
                guard let value else { return nil }
                return try JSONAdapter.nested { try enumType.encodeTagged(value) }
            }
        )
        .readingObjectText()
        .writingText { value in
            func writer<T: JSONTaggedEnum>(_: T.Type) -> ((inout EmitterSink) throws -> Void)? {
                guard let tagged = value as? T else { return nil }
                return { sink in try JSONAdapter.nested { try T.writeTagged(tagged, table: .shared, into: &sink) } }
            }
            return writer(enumType)
        }
    }
}
