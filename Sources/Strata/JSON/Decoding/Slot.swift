/// One plan entry's value, as a decode source found it: what the decode engine
/// assigns (see ``JSONAdapter/decodeMapped(_:from:)``).
///
/// A source fills one slot per entry of a ``MappingPlan``; every rule that applies
/// to the value (null handling, required keys, transformers, nested models) is
/// the engine's, so both sources follow the same ones.
enum Slot {
    /// The object has no value for the entry: the property keeps its default.
    case missing
    /// A JSON value for the entry's transformer, `nil` for `null`. For the elements
    /// of ``array(_:)``, the value as parsed (`NSNull` for `null`).
    case json(Any?)
    /// The members of a nested model's object, one slot per entry of the nested
    /// type's plan, read straight from JSON data.
    case object([Slot])
    /// The elements of an array of nested models, each an ``object(_:)`` or a
    /// ``json(_:)`` value, read straight from JSON data.
    case array([Slot])

    /// Whether the slot holds a value that is not `null`: what a required key needs.
    var isPresent: Bool {
        switch self {
        case .missing, .json(nil): return false
        case .json, .object, .array: return true
        }
    }
}

/// Where the decode engine takes each entry's ``Slot`` from.
///
/// Two sources exist: ``DictionarySource`` looks each entry up in a
/// `[String: Any]`, and ``MemberSource`` hands out the slots the scanner read
/// from JSON data (see ``JSONAdapter/readObject(_:keys:from:depth:)``).
protocol DecodeSource {
    /// The slot of `entry`, the entry at `index` of its plan; called once per entry,
    /// in plan order. Throws when the source cannot look the entry up (a dotted key
    /// path that runs through a value that is not an object).
    mutating func take<M>(_ entry: MappingPlan<M>.Entry, at index: Int) throws -> Slot
    /// Whether `entry` has a value that is not `null`, for required keys; called
    /// before any ``take(_:at:)``.
    func isPresent<M>(_ entry: MappingPlan<M>.Entry, at index: Int) throws -> Bool
}
