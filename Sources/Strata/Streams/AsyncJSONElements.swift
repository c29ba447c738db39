import Foundation

/// The elements of an asynchronous stream of bytes, decoded one at a time as
/// their bytes arrive.
///
/// ```swift
/// let (bytes, _) = try await URLSession.shared.bytes(from: url)
/// for try await event in JSONAdapter.models(of: Event.self, from: bytes, framing: .lines) {
///     handle(event)
/// }
/// ```
///
/// Memory holds the element being decoded and the bytes that came in last,
/// whatever the stream's length. Each iterator reads the byte sequence anew. What
/// the stream recovered from, and the envelope's members, are shared by its
/// iterators: ask ``diagnostics`` and ``envelope`` once the loop ends.
public struct AsyncJSONElements<Element>: AsyncSequence {
    private let makeSource: () -> AsyncByteSource
    private let makeFramer: () -> any StreamFramer
    private let decoding: ElementDecoding<Element>
    private let framing: String
    private let recovery: JSONRecovery
    private let report = StreamReport()

    @usableFromInline
    init(
        source: @escaping () -> AsyncByteSource, framing: JSONFraming, options: JSONAdapter.DecodingOptions,
        recovery: JSONRecovery, decoding: ElementDecoding<Element>
    ) {
        makeSource = source
        makeFramer = { framing.makeFramer(options: options) }
        self.decoding = decoding
        self.framing = framing.description
        self.recovery = recovery
    }

    @usableFromInline
    init(events source: @escaping () -> AsyncByteSource, recovery: JSONRecovery, decoding: ElementDecoding<Element>) {
        makeSource = source
        makeFramer = { EventFramer() }
        self.decoding = decoding
        framing = "server-sent events"
        self.recovery = recovery
    }

    /// What the stream recovered from so far: each element it left out
    /// (``JSONDiagnostics/Recovery/Action/skippedElement``), and the recoveries of
    /// its elements' properties, each with its element's index and position.
    public var diagnostics: JSONDiagnostics { report.diagnostics }

    /// The envelope's members other than the array, once the stream has ended, for
    /// ``JSONFraming/array(at:)``; `nil` otherwise.
    public var envelope: JSONValue? { report.envelope }

    /// Reads the elements as their bytes arrive, checking between elements and
    /// between runs of bytes whether the task is cancelled.
    public struct AsyncIterator: AsyncIteratorProtocol {
        @usableFromInline
        var cursor: ElementCursor
        @usableFromInline
        let source: AsyncByteSource
        @usableFromInline
        let decode: ElementDecoding<Element>.Decode

        init(cursor: ElementCursor, source: @escaping AsyncByteSource, decode: @escaping ElementDecoding<Element>.Decode) {
            self.cursor = cursor
            self.source = source
            self.decode = decode
        }

        /// The next element, or `nil` at the end of the stream.
        ///
        /// - Throws: a ``StrataError`` whose ``StrataError/streamPosition`` says
        ///   where the element is; `CancellationError` once the task is cancelled;
        ///   the byte sequence's own errors. After an error, the stream has ended.
        @inlinable
        public mutating func next() async throws -> Element? {
            while true {
                try Task.checkCancellation()
                switch try cursor.nextFrame() {
                case .frame(let frame):
                    // A run of bytes ends after an element's last byte: the bytes
                    // held then hold nothing more to look at.
                    if frame.endsBytesHeld { cursor.buffer.noteScanned() }
                    if let element = try cursor.decode(frame, with: decode) { return element }
                case .finished: return nil
                case .needsMore:
                    if try await !source(cursor.buffer.bytesForAppending()) { cursor.buffer.finish() }
                }
            }
        }
    }

    /// An iterator over the elements.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(
            cursor: ElementCursor(
                buffer: FrameBuffer(framer: makeFramer()), framing: framing, recovery: recovery, report: report),
            source: makeSource(), decode: decoding.makeDecoder())
    }
}

extension AsyncJSONElements {
    /// The elements, separated by `framing`, of an asynchronous sequence of bytes.
    @inlinable
    static func reading<Bytes: AsyncSequence>(
        _ bytes: Bytes, framing: JSONFraming, options: JSONAdapter.DecodingOptions, recovery: JSONRecovery,
        decoding: ElementDecoding<Element>
    ) -> AsyncJSONElements where Bytes.Element == UInt8 {
        AsyncJSONElements(
            source: { AsyncByteSequenceSource.source(bytes, framing: framing) }, framing: framing, options: options,
            recovery: recovery, decoding: decoding)
    }

    /// The elements, separated by `framing`, of an asynchronous sequence of `Data` chunks.
    @inlinable
    static func reading<Chunks: AsyncSequence>(
        _ chunks: Chunks, framing: JSONFraming, options: JSONAdapter.DecodingOptions, recovery: JSONRecovery,
        decoding: ElementDecoding<Element>
    ) -> AsyncJSONElements where Chunks.Element == Data {
        AsyncJSONElements(
            source: { AsyncChunkSequenceSource.source(chunks) }, framing: framing, options: options, recovery: recovery,
            decoding: decoding)
    }

    /// The server-sent events of an asynchronous sequence of bytes, their data decoded by `payload`.
    @inlinable
    static func events<Bytes: AsyncSequence, Payload>(
        _ bytes: Bytes, recovery: JSONRecovery, payload: ElementDecoding<Payload>
    ) -> AsyncJSONElements where Bytes.Element == UInt8, Element == ServerSentEvent<Payload> {
        AsyncJSONElements(
            events: { AsyncByteSequenceSource.source(bytes, framing: nil) }, recovery: recovery,
            decoding: ElementDecoding(events: payload))
    }

    /// The server-sent events of an asynchronous sequence of `Data` chunks, their data decoded by `payload`.
    @inlinable
    static func events<Chunks: AsyncSequence, Payload>(
        _ chunks: Chunks, recovery: JSONRecovery, payload: ElementDecoding<Payload>
    ) -> AsyncJSONElements where Chunks.Element == Data, Element == ServerSentEvent<Payload> {
        AsyncJSONElements(
            events: { AsyncChunkSequenceSource.source(chunks) }, recovery: recovery, decoding: ElementDecoding(events: payload))
    }
}
