/// How the object of a tagged enum's case that holds a model is read from JSON
/// bytes, its tag found: the case's model decoded as its type is from JSON data,
/// one nesting level deeper, then made into the case.
///
/// A class, so that ``TaggedCaseTable`` keeps one per case in an array of
/// objects, not generic over the enum: the one-pass read (see
/// `JSONAdapter+TaggedReading.swift`), in code not specialised for the enum, takes
/// a case's reader out of it and calls it with no look-up of generic metadata, and
/// the read returns the case itself, never an optional of it.
final class ScannedCaseReader<Enum: JSONTaggedEnum>: Sendable {
    /// The member keys of the model's plan when the object at the scanner's
    /// position (an object) is read by ``read``: `nil` when the model must be
    /// decoded from its dictionary, or when no level of models is left (`levelsLeft`
    /// is 0; the dictionary's decode then reports the depth).
    let objectKeys: @Sendable (_ levelsLeft: Int) -> MemberKeyTable?
    /// Reads the case from the object at the scanner's position with the keys
    /// ``objectKeys`` gave; the scanner is left after the object.
    let read: @Sendable (inout JSONAdapter.MemberScanner, _ levelsLeft: Int, MemberKeyTable) throws -> Enum

    /// The reader of a case holding an `M`, made by `makeCase`.
    init<M: JSONSerializing>(_: M.Type, _ makeCase: @escaping @Sendable (M) -> Enum) {
        // `M`'s plan asked for once, on the first read: the table is made while
        // plans are built, and `M` may hold the enum.
        let plans = PlanReference<M>()
        objectKeys = { levelsLeft in
            guard levelsLeft > 0 else { return nil }
            return plans.withPlan { plan in JSONAdapter.readsObjects(plan) }
        }
        read = { scanner, levelsLeft, keys in
            try plans.withPlan { plan in
                makeCase(try JSONAdapter.nestedModelReadingObject(plan, keys: keys, from: &scanner, levelsLeft: levelsLeft))
            }
        }
    }
}
