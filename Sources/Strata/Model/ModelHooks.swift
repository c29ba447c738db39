/// Which of a model type's customisation hooks are still the protocol's defaults,
/// learned the first time each hook runs, so the hot paths can skip calls that
/// would only hand their input back.
///
/// Swift cannot ask whether a type implements a protocol requirement itself. So the
/// default implementations report themselves instead: while a probe is running,
/// each default notes the type it ran for (see ``noteDefault(_:of:)``). A probe
/// wraps the first real call of a hook for a type, with the real arguments, so
/// probing changes nothing the caller can observe: when the default noted that
/// type during the call, the type uses the default; otherwise it has its own.
///
/// A note is a permanent fact (a type's witness never changes), so notes left by
/// other threads' calls, or by a default that runs for another type inside the
/// call, are harmless. When in doubt (a probe that throws, two probes that
/// disagree), the hook counts as the type's own and keeps being called: skipping
/// is only ever an optimisation.
final class ModelHooks: Sendable {
    /// A hook the mapping layer can skip when it is the default.
    enum Hook: Int, CaseIterable {
        /// ``Model/validateValue(_:forKey:)``, which by default returns the value.
        case validateValue
        /// ``Model/validate()``, which by default does nothing.
        case validate
        /// ``JSONSerializing/classForParsing(_:)``, which by default returns `Self`.
        case classForParsing
        /// ``JSONSerializing/serializablePropertyKeys(_:)``, which by default returns its argument.
        case serializablePropertyKeys
    }

    /// What is known about one hook of this type.
    enum Usage: UInt8 {
        /// No call of the hook has finished yet: the next one is probed.
        case unknown = 0
        /// The protocol's default: callers skip it.
        case isDefault = 1
        /// The type's own: callers call it.
        case isCustom = 2
    }

    private let model: ObjectIdentifier
    /// One ``Usage`` per ``Hook``, two bits each.
    private let usages = AtomicWords(count: 1)

    init(for model: Any.Type) {
        self.model = ObjectIdentifier(model)
    }

    /// What is known about `hook`.
    @inline(__always)
    func usage(of hook: Hook) -> Usage {
        let bits = UInt8(truncatingIfNeeded: usages.loadRelaxed() >> (hook.rawValue * 2) & 0b11)
        // Both bits set: two probes disagreed (a class hierarchy); keep calling the hook.
        return Usage(rawValue: bits) ?? .isCustom
    }

    /// Whether `hook` is known to be the default (`false` while unknown).
    @inline(__always)
    func isDefault(_ hook: Hook) -> Bool { usage(of: hook) == .isDefault }

    /// Runs `call`, a call of `hook` made while its usage is ``Usage/unknown``
    /// (the first, or one of several first ones made at once), and records
    /// whether the default implementation ran.
    ///
    /// A call that throws is the type's own hook: no default throws.
    func probe<Value>(_ hook: Hook, _ call: () throws -> Value) rethrows -> Value {
        Self.activeProbes.addSequentiallyConsistent(1)
        defer { Self.activeProbes.subtractSequentiallyConsistent(1) }
        let value: Value
        do {
            value = try call()
        } catch {
            record(.isCustom, for: hook)
            throw error
        }
        let ranDefault = Self.notes.withLock { $0.contains(Note(model: model, hook: hook)) }
        record(ranDefault ? .isDefault : .isCustom, for: hook)
        return value
    }

    private func record(_ usage: Usage, for hook: Hook) {
        usages.bitwiseOrRelaxed(UInt(usage.rawValue) << (hook.rawValue * 2))
    }

    /// Called by each default implementation: notes that the default of `hook` ran
    /// for `model`, when any probe is listening.
    ///
    /// Outside probes this is one atomic load.
    @inline(__always)
    static func noteDefault(_ hook: Hook, of model: Any.Type) {
        guard activeProbes.loadSequentiallyConsistent() > 0 else { return }
        _ = notes.withLock { $0.insert(Note(model: ObjectIdentifier(model), hook: hook)) }
    }

    private struct Note: Hashable {
        let model: ObjectIdentifier
        let hook: Hook
    }

    /// How many probes are running, on any thread.
    private static let activeProbes = AtomicWords(count: 1)
    /// Every (type, hook) whose default ran while a probe was listening.
    ///
    /// At most one per model type and hook.
    private static let notes = Locked<Set<Note>>([])
}
