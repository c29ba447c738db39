import Foundation

/// A ``JSONTaggedEnum``: a JSON object whose tag chooses the case; not archived.
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

    // MARK: Archives

    var archiveProblem: String? {
        "\(enumType) is a tagged enum, which Strata archives do not hold; archive its cases' models instead"
    }

    var archivedKind: ArchiveLayout.Kind? { nil }

    func archive(_ value: Any, forKey key: String, into coder: NSCoder) throws {
        throw StrataError(.unsupportedValue, "\(enumType) is a tagged enum, which Strata archives do not hold.")
    }

    func unarchive(forKey key: String, from coder: NSCoder) throws -> Any {
        throw StrataError(.unsupportedValue, "\(enumType) is a tagged enum, which Strata archives do not hold.")
    }
}

/// JSON object ↔ ``JSONTaggedEnum`` value: the default for a tagged enum's
/// properties and elements.
extension Transformation {
    static func tagged(_ enumType: any JSONTaggedEnum.Type) -> Transformation {
        Transformation(
            forward: { value in
                guard let value else { return nil }
                guard let object = value as? [String: Any] else {
                    throw StrataError.expected("a JSON object with a tag", for: "\(enumType)", found: value)
                }
                return try enumType.decodeTagged(object)
            },
            reverse: { value in
                guard let value else { return nil }
                return try enumType.encodeTagged(value)
            })
    }
}
