import Foundation

/// The one error type Strata throws: what went wrong, where, and what to do about it.
///
/// Every error carries a ``code``, the ``path`` of the failing value in JSON terms
/// (`contributors[1].id`, `meta.created_at`) or in property keys for key-value
/// coding, a sentence a person can act on, and the error thrown by user code
/// (a validator or a transformer), if any.
///
/// ```swift
/// do {
///     _ = try JSONAdapter.model(of: Repo.self, from: ["id": "12"])
/// } catch let error as StrataError {
///     print(error)
///     // id: Expected Int for 'id' of Repo, found the string "12". Fix the
///     // payload, or give 'id' a transformer that converts it.
/// }
/// ```
public struct StrataError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The kind of failure.
    public enum Code: String, Sendable, CaseIterable {
        /// The input is not a JSON object where a model was expected.
        case invalidJSONDictionary
        /// The data is not valid JSON; the ``StrataError/reason`` says what is wrong
        /// and where (line and column).
        case invalidJSON
        /// An intermediate of a dotted key path is not a JSON object.
        case invalidJSONKeyPath
        /// The model's schema or JSON mapping is wrong (a programming error).
        case invalidMapping
        /// `classForParsing(_:)` chose no type, or one that is not a subtype.
        case noClassFound
        /// A value does not have the type the property or transformer expects.
        case typeMismatch
        /// A value transformer failed.
        case transformerFailed
        /// `null` (or `nil`) for a property that is not optional.
        case nullForNonOptional
        /// `validateValue(_:forKey:)` or `validate()` refused the model.
        case validationFailed
        /// Keys the model requires are absent from the JSON.
        case missingRequiredKeys
        /// A key that is not in the model's `propertyKeys`.
        case unknownKey
        /// A key whose key path cannot be written.
        case readOnlyKey
        /// A value that JSON (or an archive) cannot represent.
        case unsupportedValue
        /// Models nest deeper than the options' `maximumModelDepth` (64 levels by
        /// default, and always for archives), or a class graph being written has a cycle.
        case nestingTooDeep
        /// An option passed to ``JSONAdapter`` is out of range, such as a limit
        /// below 1 (a programming error).
        case invalidOptions
        /// The data is not an archive of the expected model.
        case invalidArchive
        /// The archive was written by a newer version of the model.
        case unsupportedModelVersion
        /// A migration hook, `decodeValue(forKey:with:modelVersion:)`, threw.
        case migrationFailed
    }

    /// One step of a ``StrataError/path``.
    public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
        /// A key of a JSON object, or a property key.
        case key(String)
        /// An index into an array.
        case index(Int)

        /// `name` for a key, `[3]` for an index.
        public var description: String {
            switch self {
            case .key(let key): return key
            case .index(let index): return "[\(index)]"
            }
        }
    }

    /// The kind of failure.
    public let code: Code
    /// Where the failing value is, from the outermost container in.
    public internal(set) var path: [PathComponent]
    /// What went wrong and what to do, as one or two sentences.
    public let reason: String
    /// The error thrown by user code (a transformer, a validator, a migration), if any.
    public let underlyingError: (any Error)?
    /// Where in a stream the failing element is: its index, line and byte offset
    /// (see ``StreamPosition``); `nil` for an error outside a stream.
    public internal(set) var streamPosition: StreamPosition? {
        get { details?.streamPosition }
        set { details = Details(expectation: expectation, streamPosition: newValue) }
    }
    /// The parts of an "Expected …, found …" reason, which the engines complete
    /// with the property, the model and the fix (see `StrataError+Expected.swift`).
    var expectation: Expectation? {
        get { details?.expectation }
        set { details = Details(expectation: newValue, streamPosition: streamPosition) }
    }
    /// What most errors do not have, out of line: an error is thrown through every
    /// frame of a deep decode, and each frame holds room for one, so its size is
    /// part of how deep a document the stack allows.
    private var details: Details?

    /// The storage of ``expectation`` and ``streamPosition``.
    private final class Details: Sendable {
        let expectation: Expectation?
        let streamPosition: StreamPosition?

        init(expectation: Expectation?, streamPosition: StreamPosition?) {
            self.expectation = expectation
            self.streamPosition = streamPosition
        }
    }

    /// Creates an error.
    ///
    /// The path is usually filled in as the error travels out.
    public init(_ code: Code, _ reason: String, path: [PathComponent] = [], underlyingError: (any Error)? = nil) {
        self.code = code
        self.reason = reason
        self.path = path
        self.underlyingError = underlyingError
    }

    /// The path as it reads in JSON: `contributors[1].id`; empty for the top level.
    public var pathDescription: String {
        Self.description(of: path)
    }

    /// `path` as it reads in JSON: `contributors[1].id`; empty for the top level.
    ///
    /// The one spelling of a path, shared by the writer's errors.
    static func description(of path: [PathComponent]) -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index:
                text += component.description
            }
        }
        return text
    }

    /// `path: reason`, or the reason alone at the top level; an error in a stream
    /// ends with where its element is: `(line 4, byte 312 of the stream)`.
    public var description: String {
        let location = pathDescription
        let text = location.isEmpty ? reason : "\(location): \(reason)"
        guard let streamPosition else { return text }
        return "\(text) (\(streamPosition))"
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }

    /// The error with `components` in front of its path.
    func prefixed(with components: [PathComponent]) -> StrataError {
        var error = self
        error.path = components + path
        return error
    }
}

extension StrataError {
    /// Runs `body`, giving any error it throws the path `components` in front:
    /// a ``StrataError`` keeps its code; another error is wrapped with `code` and
    /// `reason`, and kept as ``underlyingError``.
    static func at<T>(
        _ components: @autoclosure () -> [PathComponent],
        wrapping code: Code,
        _ reason: @autoclosure () -> String,
        _ body: () throws -> T
    ) throws -> T {
        do {
            return try body()
        } catch {
            throw placed(error, at: components(), wrapping: code, reason())
        }
    }

    /// `error` with the path `components` in front, as ``at(_:wrapping:_:_:)``
    /// throws it: a ``StrataError`` keeps its code; another error is wrapped with
    /// `code` and `reason`, and kept as ``underlyingError``.
    static func placed(
        _ error: any Error, at components: [PathComponent], wrapping code: Code, _ reason: @autoclosure () -> String
    ) -> StrataError {
        if let error = error as? StrataError { return error.prefixed(with: components) }
        return StrataError(code, "\(reason()): \(error)", path: components, underlyingError: error)
    }
}
