/// Whether the objects at one place are a dictionary (`[String: T]`, or
/// `[String: JSONValue]` when their values disagree) rather than a model: their
/// keys are data, not names.
///
/// The rule, in order:
///
/// 1. A key named with `--model` is a model, one named with `--dictionary` a
///    dictionary.
/// 2. An object that is empty in every sample (`{}`) is a dictionary: a model
///    would have no property to keep what the next response holds.
/// 3. An object whose keys are all ids (digits, or UUIDs) is a dictionary.
/// 4. An object at a key named like free-form data (`metadata`, `custom_fields`,
///    `annotations`, …; see ``freeFormNames``) is a dictionary.
/// 5. An object with more than ``maximumModelKeys`` keys is a dictionary.
/// 6. Objects seen at least twice at one place whose keys differ, no key in more
///    than half of them (`{"order_id": "6735"}`, then `{"plan": "pro"}`), are a
///    dictionary.
///
/// ```swift
/// // {"metadata": {"order_id": "6735"}} → var metadata: [String: String] = [:]
/// // {"metadata": {}}                   → var metadata: [String: JSONValue] = [:]
/// ```
struct DictionaryRule: Sendable {
    /// Keys whose objects are always dictionaries (`--dictionary`).
    var dictionaryKeys: Set<String> = []
    /// Keys whose objects are always models (`--model`).
    var modelKeys: Set<String> = []

    /// Key names, as their words joined in lower case (`custom_fields`,
    /// `customFields` → `customfields`), whose objects hold free-form data.
    static let freeFormNames: Set<String> = [
        "metadata", "customfields", "customdata", "customattributes", "extradata", "annotations", "headers",
        "translations", "localizations",
    ]

    /// The most keys a model is given; an object with more is a dictionary.
    static let maximumModelKeys = 100

    init(options: GeneratorOptions) {
        dictionaryKeys = options.dictionaryKeys
        modelKeys = options.modelKeys
    }

    /// Whether `object`, found at `key` (`nil` for the values of a dictionary),
    /// directly or as the elements of an array (`isElement`), is a dictionary.
    func readsAsDictionary(_ object: ObjectObservation, key: String?, isElement: Bool) -> Bool {
        if let key, modelKeys.contains(key) { return false }
        if let key, dictionaryKeys.contains(key) { return true }
        if object.keys.isEmpty || object.isKeyedByIDs { return true }
        if let key, !isElement, Self.freeFormNames.contains(SwiftNaming.wordsOfKey(key).joined().lowercased()) {
            return true
        }
        if object.keys.count > Self.maximumModelKeys { return true }
        return object.count >= 2 && !object.fields.values.contains { $0.occurrences * 2 > object.count }
    }
}
