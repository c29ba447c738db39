/// What JSON `null`, or `nil`, is for a value of one ``PropertyType``: the one
/// rule every route consults.
///
/// A property's validated setter, the required-key check, the reads of a field
/// from JSON text, an archive's collection elements and the element routine of
/// every collection all ask ``PropertyType/nullRule``, so `null` means the same
/// for a property and for an element, from a dictionary, from `Data` and from
/// an archive.
///
/// ```swift
/// PropertyType(String?.self).nullRule    // .isNil
/// PropertyType(JSONValue.self).nullRule  // .isValue: JSONValue.null
/// PropertyType(String.self).nullRule     // .isRefused
/// ```
enum NullRule: Sendable {
    /// `null` is `nil`: the type is optional.
    case isNil
    /// `null` is a value of the type, which its transformer reads (`JSONValue.null`;
    /// see ``LeafPropertyType/takesNull``).
    case isValue
    /// `null` is refused, with a `nullForNonOptional` error naming where it was.
    case isRefused
}

extension PropertyType {
    /// What `null` is for a value of this type: `nil` for an optional, a value for a
    /// type that takes `null`, refused otherwise.
    var nullRule: NullRule {
        switch self {
        case .optional: .isNil
        case .leaf(let leaf) where leaf.takesNull: .isValue
        default: .isRefused
        }
    }
}
