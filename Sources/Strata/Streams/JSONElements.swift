import Foundation

/// The elements of a stream in memory or in a file, decoded one at a time:
/// read them with ``next()``, or with `for try await`.
///
/// ```swift
/// var records = JSONAdapter.models(of: Record.self, from: .file(url), framing: .lines)
/// while let record = try records.next() {
///     total += record.amount
/// }
/// ```
///
/// Memory holds the element being decoded and one chunk of the file, whatever
/// the file's size. A copy made before the first element is read reads the stream
/// on its own; copies made later, and copies over a
/// ``JSONStreamSource/fileHandle(_:)``, read from the same file handle.
/// What the stream recovered from, and the envelope's members, are shared by
/// the copies: ask ``diagnostics`` and ``envelope`` once the loop ends.
public struct JSONElements<Element> {
    @usableFromInline
    var cursor: ElementCursor
    @usableFromInline
    var reader: ChunkReader
    @usableFromInline
    let decode: ElementDecoding<Element>.Decode

    init(
        source: JSONStreamSource, framing: JSONFraming, options: JSONAdapter.DecodingOptions, recovery: JSONRecovery,
        decoding: ElementDecoding<Element>
    ) {
        reader = ChunkReader(source)
        cursor = ElementCursor(
            buffer: reader.makeBuffer(framer: framing.makeFramer(options: options)), framing: framing.description,
            recovery: recovery, report: StreamReport())
        decode = decoding.makeDecoder()
    }

    init(events source: JSONStreamSource, recovery: JSONRecovery, decoding: ElementDecoding<Element>) {
        reader = ChunkReader(source)
        cursor = ElementCursor(
            buffer: reader.makeBuffer(framer: EventFramer()), framing: "server-sent events", recovery: recovery,
            report: StreamReport())
        decode = decoding.makeDecoder()
    }

    /// The next element, or `nil` at the end of the stream.
    ///
    /// - Throws: a ``StrataError`` whose ``StrataError/streamPosition`` says where
    ///   the element is, and whose path begins with its index; after an error, the
    ///   stream has ended. An element that fails is left out instead when the
    ///   stream skips invalid elements, and reported in ``diagnostics``. A file that
    ///   cannot be read throws `FileHandle`'s error.
    @inlinable
    public mutating func next() throws -> Element? {
        while true {
            switch try cursor.nextFrame() {
            case .frame(let frame):
                if let element = try cursor.decode(frame, with: decode) { return element }
            case .finished: return nil
            case .needsMore:
                if let chunk = try reader.nextChunk() {
                    cursor.buffer.append(chunk)
                } else {
                    cursor.buffer.finish()
                }
            }
        }
    }

    /// What the stream recovered from so far: each element it left out
    /// (``JSONDiagnostics/Recovery/Action/skippedElement``), and the recoveries of
    /// its elements' properties, each with its element's index and position.
    public var diagnostics: JSONDiagnostics { cursor.report.diagnostics }

    /// The envelope's members other than the array, once the stream has ended, for
    /// ``JSONFraming/array(at:)``; `nil` otherwise.
    public var envelope: JSONValue? { cursor.report.envelope }
}

extension JSONElements: AsyncSequence {
    /// Reads the elements, checking between them whether the task is cancelled.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var elements: JSONElements

        /// The next element, or `nil` at the end of the stream.
        ///
        /// - Throws: what ``JSONElements/next()`` throws, and `CancellationError`
        ///   once the task is cancelled.
        public mutating func next() async throws -> Element? {
            try Task.checkCancellation()
            return try elements.next()
        }
    }

    /// An iterator over the elements.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(elements: self)
    }
}

extension JSONFraming {
    /// The framer that cuts streams of this framing.
    func makeFramer(options: JSONAdapter.DecodingOptions) -> any StreamFramer {
        switch kind {
        case .lines: return LineFramer(separator: Byte.newline)
        case .textSequence: return LineFramer(separator: Byte.recordSeparator)
        case .concatenated, .array: return ValueFramer(framing: self, maximumDepth: max(options.maximumNestingDepth, 1))
        }
    }
}
