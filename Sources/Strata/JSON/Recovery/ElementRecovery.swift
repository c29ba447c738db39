/// The recovery rules of one collection being decoded, element by element: the
/// one place the element loops of Strata's transformers (arrays, sets,
/// `[String: T]`, arrays of models) ask whether an element that failed is left
/// out (``JSONRecovery/skipsInvalidElements``), and give the recoveries inside
/// an element its index or key.
///
/// Made once per collection; costs one atomic load unless a decode that reports
/// recoveries is running.
struct ElementRecovery {
    private let log: RecoveryLog?
    /// Whether the property being read skips invalid elements, as it was when the
    /// collection's read began (a transformer may read it one model deeper).
    private let skipsInvalidElements: Bool

    init() {
        guard RecoveryLog.mayBeActive else {
            (log, skipsInvalidElements) = (nil, false)
            return
        }
        let context = JSONAdapter.recoveryContext
        (log, skipsInvalidElements) = (context.recoveries, context.skipsInvalidElements)
    }

    /// The rules of a top-level array, which has no property.
    ///
    /// It skips its invalid elements when `skipsInvalidElements` (the caller's
    /// recovery), and records them in the log of the read in progress. The
    /// elements' own properties follow their own recoveries.
    init(skipsInvalidElements: Bool) {
        log = RecoveryLog.mayBeActive ? JSONAdapter.recoveryContext.recoveries : nil
        self.skipsInvalidElements = skipsInvalidElements && log != nil
    }

    /// Runs `body` with the collections of the property being read skipping their
    /// invalid elements (``JSONRecovery/skipsInvalidElements``).
    static func skippingInvalidElements<R>(_ body: () throws -> R) rethrows -> R {
        var context = JSONAdapter.recoveryContext
        context.skipsInvalidElements = true
        return try RecoveryLog.counted { try JSONAdapter.$recoveryContext.withValue(context, operation: body) }
    }

    /// After an element at `component` is converted: puts `component` in front of
    /// the paths of the recoveries recorded inside it, since `mark` (``mark``,
    /// taken before the element).
    @inline(__always)
    func converted(at component: StrataError.PathComponent, from mark: Int?) {
        guard let log, let mark else { return }
        log.prefix(from: mark, with: [component])
    }

    /// After an element fails as a whole: forgets the recoveries recorded inside
    /// it, since `mark` (``mark``, taken before the element), none of which is in
    /// the model; its error then goes to ``skip(_:)``.
    @inline(__always)
    func failed(from mark: Int?) {
        guard let log, let mark else { return }
        log.discard(from: mark)
    }

    /// Called with the error of an element that failed: records that the element is
    /// left out when the property being decoded skips invalid elements and the
    /// failure is one a recovery may hide; rethrows `error` otherwise.
    func skip(_ error: any Error) throws {
        guard skipsInvalidElements, let failure = error as? StrataError,
            JSONRecovery.canRecover(from: failure)
        else { throw error }
        log?.record(.skippedElement, failure)
    }

    /// Where the next recovery will be recorded, for ``converted(at:from:)``,
    /// ``failed(from:)`` and ``sortByKey(from:)``; `nil` when the read reports
    /// nothing.
    @inline(__always)
    var mark: Int? { log?.mark }

    /// For a dictionary, whose members are read in no fixed order: orders the
    /// recoveries recorded since `mark` by the key their paths start with.
    func sortByKey(from mark: Int?) {
        guard let log, let mark else { return }
        log.sortByFirstKey(from: mark)
    }
}
