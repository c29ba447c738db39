/// The recoveries of a decode that reports them (a call with `diagnostics:`),
/// held by the read in progress (``JSONAdapter/RecoveryContext/recoveries``).
///
/// A recovery is recorded where it happens, with its path from there; each level
/// the value's path runs through (a property, an element) puts its own step in
/// front of the recoveries recorded inside it, as errors get theirs on the way
/// out. So each level costs nothing unless a decode somewhere reports recoveries:
/// ``current`` is then one atomic load.
final class RecoveryLog: Sendable {
    private let recoveries = Locked<[JSONDiagnostics.Recovery]>([])

    /// How many reads that report recoveries, or properties that skip invalid
    /// elements, are running, on any thread: while none is, nothing needs the
    /// read's context to learn that no recovery is in play.
    private static let activeCount = AtomicWords(count: 1)

    /// Whether a read that reports recoveries, or a property that skips invalid
    /// elements, may be in progress on this thread.
    ///
    /// A read counts itself before it runs, on its own thread, so a load here sees
    /// it.
    @inline(__always)
    static var mayBeActive: Bool { activeCount.loadRelaxed() > 0 }

    /// Runs `body` counted in ``mayBeActive``.
    static func counted<R>(_ body: () throws -> R) rethrows -> R {
        activeCount.addRelaxed(1)
        defer { activeCount.subtractRelaxed(1) }
        return try body()
    }

    /// The log of the read in progress, or `nil` when it reports nothing.
    @inline(__always)
    static var current: RecoveryLog? {
        mayBeActive ? JSONAdapter.recoveryContext.recoveries : nil
    }

    /// Runs `body` with a new log as the read's, and appends what it recorded to
    /// `diagnostics`, whether `body` returns or throws.
    static func collecting<R>(into diagnostics: inout JSONDiagnostics, _ body: () throws -> R) throws -> R {
        let log = RecoveryLog()
        defer { diagnostics.recoveries += log.recoveries.withLock { $0 } }
        var context = JSONAdapter.recoveryContext
        context.recoveries = log
        return try counted { try JSONAdapter.$recoveryContext.withValue(context, operation: body) }
    }

    /// Where the next recovery will be recorded: a mark for ``prefix(from:with:)``
    /// and ``discard(from:)``.
    var mark: Int { recoveries.withLock { $0.count } }

    /// Records that the decode did `action` instead of failing with `error`.
    func record(_ action: JSONDiagnostics.Recovery.Action, _ error: StrataError) {
        recoveries.withLock { $0.append(JSONDiagnostics.Recovery(action: action, error: error)) }
    }

    /// Puts `components` in front of the paths of the recoveries recorded since `mark`.
    func prefix(from mark: Int, with components: [StrataError.PathComponent]) {
        guard !components.isEmpty else { return }
        recoveries.withLock { recoveries in
            for index in recoveries.indices.dropFirst(mark) {
                recoveries[index] = JSONDiagnostics.Recovery(
                    action: recoveries[index].action, error: recoveries[index].error.prefixed(with: components))
            }
        }
    }

    /// Forgets the recoveries recorded since `mark`: they were inside a value that
    /// failed as a whole, so none of them is in the model.
    func discard(from mark: Int) {
        recoveries.withLock { $0.removeSubrange(min(mark, $0.count)...) }
    }

    /// Orders the recoveries recorded since `mark` by the key their paths start
    /// with, keeping the order of each key's own: the members of a dictionary are
    /// read in no fixed order, and a report should not change from run to run.
    func sortByFirstKey(from mark: Int) {
        recoveries.withLock { recoveries in
            guard mark < recoveries.count else { return }
            let sorted = recoveries[mark...].enumerated().sorted { first, second in
                let (a, b) = (firstKey(of: first.element), firstKey(of: second.element))
                return a != b ? a < b : first.offset < second.offset
            }
            recoveries.replaceSubrange(mark..., with: sorted.map(\.element))
        }
    }

    private func firstKey(of recovery: JSONDiagnostics.Recovery) -> String {
        if case .key(let key) = recovery.path.first { return key }
        return ""
    }
}
