/// `M`'s JSON plan, asked for once and then read without the schema cache or a
/// look-up of `MappingPlan<M>`'s generic metadata: for code not specialised for
/// `M` that needs the plan once per model it decodes (the nested-model
/// transformers, ``NestedModelType``).
///
/// ```swift
/// let plans = PlanReference<Owner>()
/// let owner = try JSONAdapter.decode(plans.plan, from: json)
/// ```
///
/// Not fetched when made: a plan may be made while the plan of a type that holds
/// `M` is built, and `M` may hold that type.
final class PlanReference<M: JSONSerializing>: Sendable {
    /// The plan once asked for, in slot 0 (empty until then).
    ///
    /// A ``RetainedObjects`` slot rather than an `AtomicLazyReference<MappingPlan<M>>`: in code not
    /// specialised for `M`, the lazy reference's `load()` looks up the generic
    /// metadata of `Unmanaged<MappingPlan<M>>` on every call.
    private let slot = RetainedObjects(count: 1)

    /// Runs `body` with `M`'s plan, borrowed: without the retain and release that
    /// taking it out of ``plan`` costs, once per model decoded.
    @inline(__always)
    func withPlan<Result>(_ body: (MappingPlan<M>) throws -> Result) rethrows -> Result {
        if slot.isEmpty(at: 0) { slot.publish(MappingPlan<M>.shared, at: 0) }
        // The slot only ever holds `M`'s plan, and holds it from now on.
        return try slot.withObject(at: 0, as: MappingPlan<M>.self, body)
    }

    /// `M`'s plan.
    var plan: MappingPlan<M> {
        // The slot only ever holds `M`'s plan.
        if let plan = slot.object(at: 0, as: MappingPlan<M>.self) { return plan }
        return slot.publish(MappingPlan<M>.shared, at: 0)
    }
}
