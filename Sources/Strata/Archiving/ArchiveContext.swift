import Foundation

/// State shared by the objects of one archiving or unarchiving run.
///
/// `NSCoding` calls `encode(with:)` and `init(coder:)` without a way to pass
/// arguments or return errors. Archiving passes its ``ArchivingRun`` in a
/// task-local value, bound once per run. Unarchiving keeps its
/// ``DecodingState`` in a table keyed by the coder, set and restored around each
/// nested object: a task-local binding there would cost kilobytes of stack per
/// nesting level in debug builds, on the unarchiver's recursion. Coding is
/// synchronous, so a coder's state is only used on the thread decoding with it.
enum ArchiveContext {
    /// The current archiving run, bound by ``encoding(_:)``.
    @TaskLocal static var run: ArchivingRun?

    /// The decoding state of each coder that is decoding Strata objects.
    private static let decodingStates = Locked<[ObjectIdentifier: DecodingState]>([:])

    private static func state(of coder: NSCoder) -> DecodingState? {
        decodingStates.withLock { $0[ObjectIdentifier(coder)] }
    }

    /// Replaces the state of `coder` by `make(current state)`; returns the state replaced.
    private static func replaceState(of coder: NSCoder, with make: (DecodingState?) -> DecodingState?) -> DecodingState? {
        decodingStates.withLock { states in
            let saved = states[ObjectIdentifier(coder)]
            states[ObjectIdentifier(coder)] = make(saved)
            return saved
        }
    }

    private static func restoreState(_ state: DecodingState?, of coder: NSCoder) {
        decodingStates.withLock { $0[ObjectIdentifier(coder)] = state }
    }

    /// The object `coder` is decoding, in an archive checked by ``ArchiveValidator``.
    static func cursor(of coder: NSCoder) -> ArchiveCursor? {
        state(of: coder)?.cursor
    }

    /// Runs `body`, which decodes the root of a checked archive from `coder`,
    /// with `cursor` (the archive's `$top`) as the object being decoded.
    static func decoding<T>(from coder: NSCoder, at cursor: ArchiveCursor, _ body: () throws -> T) rethrows -> T {
        let saved = replaceState(of: coder) { _ in DecodingState(cursor: cursor) }
        defer { restoreState(saved, of: coder) }
        return try body()
    }

    /// Runs `body`, which decodes one object from `coder`, with `expectation`
    /// (and the object's cursor) set for that object.
    ///
    /// This and ``decodingObject(from:_:)`` are frames of every nesting level of
    /// the unarchiver's recursion: keep them small.
    static func expecting(
        _ expectation: DecodingExpectation, at cursor: ArchiveCursor?, from coder: NSCoder, _ body: () -> Any?
    ) -> Any? {
        let saved = replaceState(of: coder) { DecodingState(cursor: $0?.cursor, next: (expectation, cursor)) }
        defer { restoreState(saved, of: coder) }
        return body()
    }

    /// Runs `body`, the `init(coder:)` of a bridge object, with what the object
    /// must hold; decodes within `body` see the object's own cursor and no
    /// expectation (an object the bridge did not ask for expects nothing).
    static func decodingObject(
        from coder: NSCoder, _ body: (DecodingExpectation?) -> Result<Any, StrataError>
    ) -> Result<Any, StrataError> {
        let saved = replaceState(of: coder) { $0?.next.map { DecodingState(cursor: $0.cursor) } }
        defer { restoreState(saved, of: coder) }
        return body(saved?.next?.expectation)
    }

    /// Runs `body` in an archiving run (the current one, or a new one), then
    /// throws the first error recorded by an object's `encode(with:)`.
    static func encoding<T>(_ body: (ArchivingRun) throws -> T) throws -> T {
        if let run {
            return try body(run)
        }
        let run = ArchivingRun()
        let result = try $run.withValue(run) { try body(run) }
        if let error = run.firstError { throw error }
        return result
    }

}

/// A coder's unarchiving state: the object being decoded, and what the next
/// object must hold.
struct DecodingState: Sendable {
    /// The object being decoded, in a checked archive.
    var cursor: ArchiveCursor?
    /// What the object about to be decoded must hold, and its cursor.
    var next: (expectation: DecodingExpectation, cursor: ArchiveCursor?)?
}

/// What a decoded bridge object must contain: which model type, or which
/// collection type.
enum DecodingExpectation: @unchecked Sendable {
    // @unchecked: the payloads are metatypes and `PropertyType`, which holds metatypes.
    case model(any SecureCodingModel.Type)
    case collection(PropertyType)
}

/// One archiving run: the wrapper of each class-model object (so that an object
/// written twice is one object in the archive), the objects written
/// unconditionally (so that conditional references find them, in any order), the
/// objects being written (to refuse cycles), and the first error.
final class ArchivingRun: @unchecked Sendable {
    // @unchecked: a run is created by one archiving call and only touched
    // synchronously, on that call's thread, by the coder callbacks it triggers.
    private var wrappers: [ObjectIdentifier: ArchivedModel] = [:]
    private var inProgress: Set<ObjectIdentifier> = []
    /// The class-model objects the archive writes unconditionally, found by
    /// ``prepare(root:)``; `nil` when no root's model types hold a conditional reference.
    private var unconditional: Set<ObjectIdentifier>?
    /// Where the object being written is, from the root model in.
    private var path: [StrataError.PathComponent] = []
    private(set) var firstError: StrataError?

    /// Keeps the first error, with the path of the object being written in
    /// front; `encode(with:)` cannot throw.
    func record(_ error: any Error) {
        guard firstError == nil else { return }
        let error =
            error as? StrataError
            ?? StrataError(.unsupportedValue, "Archiving failed: \(error)", underlyingError: error)
        firstError = error.prefixed(with: path)
    }

    /// Prepares the run for `root`, a model about to be written: when its
    /// model types hold conditional class-model references, collects the objects
    /// its archive writes unconditionally (``UnconditionalObjects``).
    func prepare<S: SecureCodingModel>(root: S) {
        guard ArchivePlan<S>.hasConditionalReferences else { return }
        var found = unconditional ?? []
        UnconditionalObjects.collect(from: root, into: &found)
        unconditional = found
    }

    /// Whether a conditional reference to `object` is written: `true` when the
    /// archive writes `object` unconditionally (before or after this reference),
    /// `false` when it does not; `nil` when ``prepare(root:)`` found no
    /// conditional references, so `NSKeyedArchiver` decides.
    func keepsConditionalReference(to object: AnyObject) -> Bool? {
        unconditional?.contains(ObjectIdentifier(object))
    }

    /// Runs `body`, which writes the nested object at `component`.
    func at<T>(_ component: StrataError.PathComponent, _ body: () throws -> T) rethrows -> T {
        path.append(component)
        defer { path.removeLast() }
        return try body()
    }

    /// The wrapper for `model`: shared for a class instance (so that it is one
    /// object in the archive), new for a value.
    /// - Throws: when `model` is a class instance that is being written already:
    ///   a cycle, which keyed unarchiving cannot read back.
    func wrapper<S: SecureCodingModel>(for model: S) throws -> ArchivedModel {
        guard S.self is AnyClass else { return ArchivedModel(model) }
        let id = ObjectIdentifier(model as AnyObject)
        guard !inProgress.contains(id) else {
            throw StrataError(
                .unsupportedValue,
                "This \(S.self) object refers back to itself through its properties; archives cannot hold cycles. "
                    + "Mark the back reference .excluded and restore it after decoding.")
        }
        if let wrapper = wrappers[id] { return wrapper }
        let wrapper = ArchivedModel(model)
        wrappers[id] = wrapper
        return wrapper
    }

    /// Runs `body` while `model` is being written, so that ``wrapper(for:)``
    /// refuses references back to it.
    func writing<S: SecureCodingModel>(_ model: S, _ body: () throws -> Void) rethrows {
        guard S.self is AnyClass else { return try body() }
        let id = ObjectIdentifier(model as AnyObject)
        inProgress.insert(id)
        defer { inProgress.remove(id) }
        try body()
    }
}
