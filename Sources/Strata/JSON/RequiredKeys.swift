/// Which mapped keys a JSON object must have for a model to be read from it:
/// a model's ``JSONSerializing/requiredKeys``.
///
/// A required key that is absent, or `null`, fails the model with one
/// ``StrataError/Code/missingRequiredKeys`` error that lists every such key by
/// its JSON key path. Keys listed in ``JSONSerializing/requiredPropertyKeys``
/// are required whatever the rule.
///
/// ```swift
/// struct Customer: JSONSerializing {
///     var id = ""
///     var email: String?
///     static let requiredKeys: RequiredKeys = .nonOptional   // id required; email may be absent or null
///     static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
/// }
/// ```
public enum RequiredKeys: Sendable, Hashable {
    /// Only the keys in ``JSONSerializing/requiredPropertyKeys``: Mantle's
    /// behaviour, and the default.
    case listed
    /// Every mapped property whose type is not optional, as `Codable` requires
    /// them; an optional property's key may be absent or `null`.
    case nonOptional
    /// Every mapped property, optionals included.
    case allMapped
}

extension RequiredKeys {
    /// Whether the rule requires the key of a mapped property that is `optional`
    /// or not.
    func requires(optional: Bool) -> Bool {
        switch self {
        case .listed: false
        case .nonOptional: !optional
        case .allMapped: true
        }
    }
}

/// What keeps a required key's value from meeting its requirement.
enum UnmetRequirement {
    /// The key is absent.
    case absent
    /// The key is `null`, which counts as absent: the property's type does not take
    /// `null` as a value (``PropertyType/nullRule``), and the entry does not recover
    /// from it (``JSONRecovery/defaultForNull``).
    case null
}

extension MappingPlan.Entry {
    /// What keeps `slot` from giving this required entry its value, or `nil` when it
    /// gives it: the one required-key rule, which the check of the slots and a model
    /// decoded as it is read both apply.
    func unmetRequirement(by slot: Slot) -> UnmetRequirement? {
        switch slot {
        case .missing: .absent
        case .json(nil) where !recovery.contains(.defaultForNull) && property.nullRule != .isValue: .null
        case .json, .converted, .object, .array, .cluster: nil
        }
    }
}
