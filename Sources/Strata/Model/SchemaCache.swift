/// A process-wide cache of the per-type artefacts Strata builds once: model
/// schemas, JSON mappings and the other plans.
///
/// Entries are immutable and never evicted (there is one per model type and
/// kind). Each is also published in ``PublishedEntries``, where the calls that
/// follow find it without taking the lock.
enum SchemaCache {
    /// What is cached for a model type.
    enum Kind: Int, Sendable {
        case schema
        case jsonMapping
        case propertyKeyed
        case archivePlan
        case archiveClassNames
        case storedProperties
        case taggedCases
    }

    struct Key: Hashable {
        let model: ObjectIdentifier
        let kind: Kind
    }

    private static let entries = Locked<[Key: any AnyObject & Sendable]>([:])
    private static let published = PublishedEntries()

    /// Returns the cached `kind` artefact of `model`, building it with `make` the
    /// first time.
    ///
    /// Each kind is always stored with the same class for a given model type, so the
    /// downcast is checked by construction; it is unchecked because a checked cast to
    /// a generic class costs a metadata look-up on every call, on the hot path.
    static func value<Model, Value: AnyObject & Sendable>(
        _ kind: Kind, for model: Model.Type, make: () -> Value
    ) -> Value {
        let key = Key(model: ObjectIdentifier(model), kind: kind)
        if let cached = published.value(for: key) ?? entries.withLock({ $0[key] }) {
            return knownClassObject(cached, as: Value.self)
        }
        // Built outside the lock: building may recurse into other types' entries.
        let made = make()
        return entries.withLock { entries in
            if let raced = entries[key] { return knownClassObject(raced, as: Value.self) }
            entries[key] = made
            published.publish(made, for: key)
            return made
        }
    }
}

/// The cache's entries, read without a lock: a fixed table of slots
/// (``RetainedObjects``), each set once to an entry the table keeps as long as it
/// lives.
///
/// Every call that decodes or encodes asks the cache for its type's plan: under the
/// lock, that is a mutex taken and released and a dictionary hashed, about 500
/// instructions, more than a small model's fields cost to store. Here it is one
/// atomic load and a comparison. A key whose slot another key took first is found
/// in the locked dictionary: the table only makes the look-up faster, never
/// changes what it finds.
final class PublishedEntries: Sendable {
    /// One published entry: its key and value, immutable.
    private final class Entry: Sendable {
        let key: SchemaCache.Key
        let value: any AnyObject & Sendable

        init(key: SchemaCache.Key, value: any AnyObject & Sendable) {
            self.key = key
            self.value = value
        }
    }

    /// Each slot empty or holding an ``Entry``.
    private let slots: RetainedObjects
    /// How far the mixed address is shifted right to leave a slot's index.
    private let shift: UInt

    /// A table of `1 << log2SlotCount` slots (0 to 16 bits); the cache's has 256, well
    /// above the number of model types and kinds most programs use.
    init(log2SlotCount: Int = 8) {
        let bits = min(max(log2SlotCount, 0), 16)
        slots = RetainedObjects(count: 1 << bits)
        shift = UInt(UInt.bitWidth - bits)
    }

    /// The slot of `key`: the model type's address (aligned, so its low bits carry
    /// nothing) mixed by a multiplication, its top bits, then the kind.
    private func slot(of key: SchemaCache.Key) -> Int {
        let mixed = (UInt(bitPattern: key.model) &>> 4) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: (mixed &>> shift) &+ UInt(key.kind.rawValue)) & (slots.count - 1)
    }

    /// The value published for `key`, or `nil` when none is (yet, or its slot holds
    /// another key's).
    func value(for key: SchemaCache.Key) -> (any AnyObject & Sendable)? {
        // Every slot holds an `Entry` (see `publish`).
        guard let entry = slots.object(at: slot(of: key), as: Entry.self) else { return nil }
        return entry.key == key ? entry.value : nil
    }

    /// Publishes `value` for `key` when its slot is free; called with the cache's
    /// lock held, so two calls never race for a slot.
    func publish(_ value: any AnyObject & Sendable, for key: SchemaCache.Key) {
        let index = slot(of: key)
        guard slots.isEmpty(at: index) else { return }
        slots.publish(Entry(key: key, value: value), at: index)
    }
}
