import Foundation

/// State shared by the objects of one archiving or unarchiving run.
///
/// `NSCoding` calls `encode(with:)` and `init(coder:)` without a way to pass
/// arguments or return errors, so the bridge passes them through task-local
/// values bound around each coder call. Coding is synchronous, so the values are
/// only ever read on the thread that bound them.
enum ArchiveContext {
    /// The current archiving run, bound by ``encoding(_:)``.
    @TaskLocal static var session: EncodingSession?
    /// What the object about to be decoded must hold, bound by ``expecting(_:at:_:)``.
    @TaskLocal static var expectation: DecodingExpectation?
    /// The cursor for the object about to be decoded, bound by ``expecting(_:at:_:)``.
    @TaskLocal private static var pendingCursor: ArchiveCursor?
    /// The object being decoded, in a checked archive (see ``ArchiveCursor``).
    @TaskLocal static var cursor: ArchiveCursor?

    /// Runs `body` in an archiving session (the current one, or a new one), then
    /// throws the first error recorded by an object's `encode(with:)`.
    static func encoding<T>(_ body: (EncodingSession) throws -> T) throws -> T {
        if let session {
            return try body(session)
        }
        let session = EncodingSession()
        let result = try $session.withValue(session) { try body(session) }
        if let error = session.firstError { throw error }
        return result
    }

    /// Runs `body` with `expectation` (and the object's cursor) bound for the
    /// object it decodes.
    static func expecting<T>(_ expectation: DecodingExpectation, at cursor: ArchiveCursor?, _ body: () throws -> T) rethrows -> T {
        try $expectation.withValue(expectation) { try $pendingCursor.withValue(cursor) { try body() } }
    }

    /// Runs `body`, the `init(coder:)` of a bridge object, with what it must hold;
    /// decodes within `body` see the object's own cursor and no expectation.
    static func decodingObject<T>(_ body: (DecodingExpectation?) -> T) -> T {
        let expectation = expectation
        let cursor = pendingCursor
        return $expectation.withValue(nil) {
            $pendingCursor.withValue(nil) { $cursor.withValue(cursor) { body(expectation) } }
        }
    }
}

/// What a decoded bridge object must contain: which model type, or which
/// collection type.
enum DecodingExpectation: @unchecked Sendable {
    // @unchecked: the payloads are metatypes and `PropertyType`, which holds metatypes.
    case model(any SecureCodingModel.Type)
    case collection(PropertyType)
}

/// One archiving run: the wrapper of each class-model object (so that an object
/// written twice is one object in the archive, and conditional references find
/// it), the objects being written (to refuse cycles), and the first error.
final class EncodingSession: @unchecked Sendable {
    // @unchecked: a session is created by one archiving call and only touched
    // synchronously, on that call's thread, by the coder callbacks it triggers.
    private var wrappers: [ObjectIdentifier: ArchivedModel] = [:]
    private var inProgress: Set<ObjectIdentifier> = []
    /// Where the object being written is, from the root model in.
    private var path: [StrataError.PathComponent] = []
    private(set) var firstError: StrataError?

    /// Keeps the first error, with the path of the object being written in
    /// front; `encode(with:)` cannot throw.
    func record(_ error: any Error) {
        guard firstError == nil else { return }
        let error = error as? StrataError
            ?? StrataError(.unsupportedValue, "Archiving failed: \(error)", underlyingError: error)
        firstError = error.prefixed(with: path)
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
