/// A member an object written by an ``EmitterSink`` starts with, before the
/// members of its model: a tagged enum's tag at its key (see
/// `JSONAdapter.encode(_:taggedWith:into:)`).
///
/// A class: the sink holds it for the object about to begin, and handing on a
/// reference retains one object where a copy would retain both strings.
final class LeadingMember: Sendable {
    /// The member's key.
    let key: String
    /// The member's value, a string.
    let value: String
    /// The key and the value as the JSON text a ``JSONEmitter`` writes for them,
    /// worked out once: `nil` when either has no ``QuotedKey`` form.
    let quoted: (key: QuotedKey, value: QuotedKey)?

    /// Whether `key`, a member's key (`quotedKey` its JSON text when it has one), is
    /// this member's.
    func hasKey(_ key: String?, quotedKey: QuotedKey?) -> Bool {
        if let quoted, let quotedKey {
            return quoted.key.count == quotedKey.count && quoted.key.words == quotedKey.words
        }
        return key == self.key
    }

    /// The member `key: value`.
    init(key: String, value: String) {
        self.key = key
        self.value = value
        if let quotedKey = QuotedKey(key), let quotedValue = QuotedKey(value) {
            quoted = (quotedKey, quotedValue)
        } else {
            quoted = nil
        }
    }
}
