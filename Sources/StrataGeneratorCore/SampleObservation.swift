import Foundation

/// Everything the samples hold at one place of their shape: how often a value
/// was there, how often it was `null`, and each kind of value seen, merged over
/// every sample (and every element of every array).
///
/// The inference (``TypeInference``) reads a type from it once all samples are in.
final class ValueObservation {
    /// How many times a value (`null` included) was present here.
    var occurrences = 0
    /// How many of those were `null`.
    var nulls = 0
    /// How many were `true` or `false`.
    var booleans = 0
    /// The spellings of the integers seen (no fraction, no exponent).
    var integers: [String] = []
    /// The spellings of the other numbers seen.
    var fractions: [String] = []
    /// The strings seen.
    var strings: [String] = []
    /// The merged shape of every object seen here, with how many there were.
    var object: ObjectObservation?
    /// The elements of every array seen here, with how many arrays there were.
    var elements: ValueObservation?
    var arrays = 0

    /// Adds one value to what was seen here.
    func observe(_ value: JSONSample) {
        occurrences += 1
        switch value {
        case .null: nulls += 1
        case .bool: booleans += 1
        case .number(let text):
            if JSONSample.isIntegerSpelling(text) { integers.append(text) } else { fractions.append(text) }
        case .string(let text): strings.append(text)
        case .object(let members):
            let object = self.object ?? ObjectObservation()
            object.observe(members)
            self.object = object
        case .array(let items):
            arrays += 1
            let elements = self.elements ?? ValueObservation()
            for item in items { elements.observe(item) }
            self.elements = elements
        }
    }

    /// Adds everything `other` saw to what was seen here, as if its values had
    /// been observed here too.
    func absorb(_ other: ValueObservation) {
        occurrences += other.occurrences
        nulls += other.nulls
        booleans += other.booleans
        integers += other.integers
        fractions += other.fractions
        strings += other.strings
        arrays += other.arrays
        if let otherObject = other.object {
            let object = self.object ?? ObjectObservation()
            object.absorb(otherObject)
            self.object = object
        }
        if let otherElements = other.elements {
            let elements = self.elements ?? ValueObservation()
            elements.absorb(otherElements)
            self.elements = elements
        }
    }

    /// The kinds of non-null value seen, in words, for a message about a conflict.
    var kindsSeen: [String] {
        var kinds: [String] = []
        if booleans > 0 { kinds.append("a boolean") }
        if !integers.isEmpty || !fractions.isEmpty { kinds.append("a number") }
        if !strings.isEmpty { kinds.append("a string") }
        if object != nil { kinds.append("an object") }
        if arrays > 0 { kinds.append("an array") }
        return kinds
    }
}

/// The merged shape of the objects seen at one place: their keys in order of
/// first appearance, what each key held, and every value of any key together
/// (for dictionaries, objects whose keys are data, read as `[String: T]`).
final class ObjectObservation {
    /// How many objects were seen.
    var count = 0
    /// Every key, in the order the samples first show it.
    var keys: [String] = []
    /// What each key held.
    var fields: [String: ValueObservation] = [:]
    /// Whether the objects are a dictionary rather than a model, as
    /// ``DictionaryRule`` decides for their place (set by ``ObjectKindMerging``).
    var readsAsDictionary = false
    /// The objects seen, by each key that holds a string in them, with that
    /// string: what ``TaggedObjectRule`` splits them by.
    var taggedObjects: [String: [(tag: String, members: [JSONMember])]] = [:]
    /// The objects split by their tag, when ``TaggedObjectRule`` says they are a
    /// tagged enum (set by ``ObjectKindMerging``).
    var variants: TaggedVariants?
    /// For the objects of one case of a tagged enum: the key of their tag, which
    /// the enum reads, so that their model leaves it out.
    var caseTagKey: String?
    /// For the merged objects of a kind generic over the array elements of some
    /// keys (see ``ObjectKindMerging``): those keys, in ``keys`` order.
    var parameterKeys: [String] = []
    /// For the objects of a generic kind at some places: the kind, and the
    /// elements those places hold at its parameter keys.
    var specialization: GenericUse?
    /// Every member value, whatever its key: the fields merged, made when first
    /// asked for.
    ///
    /// Only dictionaries need it; observed along the way, it would
    /// observe each object again at every level above it, twice the work for
    /// each level of nesting.
    lazy var allValues: ValueObservation = {
        let all = ValueObservation()
        for key in keys {
            if let field = fields[key] { all.absorb(field) }
        }
        return all
    }()

    /// Adds one object.
    ///
    /// A key written twice in one object counts once, with its last value, as
    /// JSON readers take it.
    func observe(_ members: [JSONMember]) {
        count += 1
        var last: [String: JSONSample] = [:]
        var order: [String] = []
        for member in members {
            if last.updateValue(member.value, forKey: member.key) == nil { order.append(member.key) }
        }
        for key in order {
            guard let value = last[key] else { continue }
            field(forKey: key).observe(value)
        }
        for key in order {
            if case .string(let tag) = last[key], TaggedObjectRule.isTag(tag) {
                taggedObjects[key, default: []].append((tag, members))
            }
        }
    }

    /// Adds everything `other` saw to what was seen here, as if its objects had
    /// been observed here too.
    func absorb(_ other: ObjectObservation) {
        count += other.count
        for (key, objects) in other.taggedObjects { taggedObjects[key, default: []] += objects }
        for key in other.keys {
            guard let otherField = other.fields[key] else { continue }
            field(forKey: key).absorb(otherField)
        }
    }

    /// What was seen at `key`, kept from now on (in ``keys`` order) if it is new.
    private func field(forKey key: String) -> ValueObservation {
        if let existing = fields[key] { return existing }
        let field = ValueObservation()
        fields[key] = field
        keys.append(key)
        return field
    }
}

extension ObjectObservation {
    /// Whether every key is digits, or a UUID, and no value is `null`: one of the
    /// signs of a dictionary (see ``DictionaryRule``).
    var isKeyedByIDs: Bool {
        guard !keys.isEmpty, !fields.values.contains(where: { $0.nulls > 0 }) else { return false }
        return keys.allSatisfy { key in
            (!key.isEmpty && key.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
                || (key.utf8.count == 36 && UUID(uuidString: key) != nil)
        }
    }
}

/// The objects of one place split by their tag: one observation for each group
/// of tags whose objects have the same keys (see ``TaggedObjectRule``).
struct TaggedVariants {
    /// One case model's objects, and the tags they carry.
    struct Variant {
        /// The tags, in the order the samples show them.
        var tags: [String]
        /// The objects of those tags.
        var objects: ObjectObservation
    }

    /// The key of the tag: `object`, `type`, `kind` or `event`.
    var tagKey: String
    /// The groups, in the order the samples show their first tag.
    var variants: [Variant]
}

/// The objects of a generic kind at some places: the kind's merged objects, and
/// the array elements those places hold at each of its parameter keys.
struct GenericUse {
    /// The kind's objects, every place together.
    var base: ObjectObservation
    /// The elements at each parameter key, at these places only.
    var arguments: [String: ValueObservation]
}
