/// What the decode engine's one loop (``JSONAdapter/assignMapped(_:from:into:)``)
/// takes each entry's value from: ``DecodeSource``, whose dictionary, slots and
/// values give the entries in plan order, or ``TextSource``, which reads an
/// object's members as the scanner reaches them, in the document's order.
///
/// The loop is inlined where it is called, each time with one concrete source,
/// so each of these requirements is a direct call there and the steps of the
/// other source are left out; the model's type stays generic.
protocol EntrySource {
    /// Whether the source reads its object as the loop asks for each entry, in the
    /// document's order (the text source): its entries never have a recovery, and
    /// its required keys are checked once the object is read.
    static var readsText: Bool { get }

    /// The index of the entry the loop assigns after the one at `index` (`-1`
    /// before the first), or `nil` when none is left; `count` is the plan's number
    /// of entries, for a source that gives them in plan order.
    mutating func nextEntry(after index: Int, count: Int) throws -> Int?

    /// Stores the value of the entry at `index` straight into its field in `model`
    /// and returns `true`, when the plan's store strategy for the entry is a direct
    /// store and the value has that strategy's form; `false`, having read nothing,
    /// otherwise.
    ///
    /// The loop asks it of a source that ``readsText`` only.
    mutating func storesDirectly<M: Model>(
        _ entry: MappingPlan<M>.Entry, at index: Int, of plan: MappingPlan<M>, into model: inout M
    ) throws -> Bool

    /// The slot of `entry`, the entry at `index` of `plan`; `read` is set to the
    /// index of the path the value was read from, for a
    /// ``JSONKeyPath/firstPresent(_:_:)`` entry (left alone otherwise).
    mutating func take<M: Model>(
        _ entry: MappingPlan<M>.Entry, at index: Int, of plan: MappingPlan<M>, read: inout Int
    ) throws -> Slot

    /// Takes and assigns the value of an entry that has a recovery, or in whose
    /// value one may happen: the engine's recovering step.
    ///
    /// The loop asks it of a source that does not read text only: a model is
    /// decoded as it is read only when no entry may recover.
    mutating func assignRecovering<M: Model>(
        _ entry: MappingPlan<M>.Entry, at index: Int, of plan: MappingPlan<M>, into model: inout M
    ) throws

    /// Checks the required keys of `plan` before any value is assigned: one error
    /// listing each that is absent or unmet. Nothing for the text source.
    func checkRequiredKeys<M>(of plan: MappingPlan<M>) throws

    /// Checks the required keys of `plan` once every entry is assigned: for the
    /// text source, which gives way to the slots then. Nothing for the others.
    func checkRequiredKeysRead<M>(of plan: MappingPlan<M>) throws
}
