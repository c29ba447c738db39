import Strata

/// The key maps Strata generates, asked of Strata itself: which JSON key a
/// generated map gives a property key.
///
/// The generator never re-implements Strata's snake-case rule. It asks
/// `JSONKeyPath.snakeCased(for:)` (or `identity(for:)`) for the key of a
/// one-property list, so a name it picks is checked by the rule the generated
/// model will run with.
///
/// ```swift
/// KeyRule.snakeCased.jsonKey(forPropertyKey: "avatarURL")  // "avatar_url"
/// KeyRule.identity.jsonKey(forPropertyKey: "avatarURL")    // "avatarURL"
/// ```
///
/// A rule's raw value is the name of the `JSONKeyPath` function that makes its map.
public enum KeyRule: String, Equatable, Sendable, CaseIterable {
    /// `JSONKeyPath.snakeCased(for:)`: `avatarURL` → `avatar_url`.
    case snakeCased
    /// `JSONKeyPath.identity(for:)`: every property key is its own JSON key.
    case identity

    /// The JSON key this rule's generated map gives `propertyKey`.
    public func jsonKey(forPropertyKey propertyKey: String) -> String {
        let keys: PropertyKeys<Probe> = [propertyKey: \Probe.slot]
        let map =
            switch self {
            case .snakeCased: JSONKeyPath.snakeCased(for: keys)
            case .identity: JSONKeyPath.identity(for: keys)
            }
        return map[propertyKey]?.dottedPaths.first ?? propertyKey
    }
}

/// A model with one writable property, to ask Strata's key rules about a key.
private struct Probe {
    var slot = 0
}
