import Foundation

/// Server-sent events (`text/event-stream`) whose data is JSON, as LLM and event
/// APIs send them: each event's joined `data:` lines decoded, its `event:`,
/// `id:` and `retry:` fields kept (see ``ServerSentEvent``).
///
/// Errors, positions and `recovery:` are as for the other streams (see
/// `JSONAdapter+Streams.swift`): an event whose data fails ends the stream,
/// unless it skips invalid elements.
extension JSONAdapter {
    /// The events of a stream in memory or in a file, their data decoded as `T`.
    ///
    /// - Parameters:
    ///   - type: The model type of each event's data.
    ///   - source: The data, or the file, to read.
    ///   - options: The limits of each event's read.
    ///   - recovery: `.skipsInvalidElements` to leave out, and report, the events
    ///     whose data fails.
    public static func events<T: JSONSerializing>(
        of type: T.Type, from source: JSONStreamSource, options: DecodingOptions = .default,
        recovery: JSONRecovery = []
    ) -> JSONElements<ServerSentEvent<T>> {
        JSONElements(
            events: source, recovery: recovery, decoding: ElementDecoding(events: ElementDecoding(model: T.self, options: options)))
    }

    /// The events of a stream in memory or in a file, their data decoded as the
    /// tagged enum `T`.
    public static func events<T: JSONTaggedEnum>(
        of type: T.Type, from source: JSONStreamSource, options: DecodingOptions = .default,
        recovery: JSONRecovery = []
    ) -> JSONElements<ServerSentEvent<T>> {
        JSONElements(
            events: source, recovery: recovery,
            decoding: ElementDecoding(events: ElementDecoding(taggedEnum: T.self, options: options)))
    }

    /// The events of a stream in memory or in a file, their data read as JSON values.
    public static func events(
        of type: JSONValue.Type, from source: JSONStreamSource, options: DecodingOptions = .default,
        recovery: JSONRecovery = []
    ) -> JSONElements<ServerSentEvent<JSONValue>> {
        JSONElements(
            events: source, recovery: recovery, decoding: ElementDecoding(events: ElementDecoding(valueWith: options)))
    }

    /// The events of a stream in memory or in a file, their data as text.
    public static func events(from source: JSONStreamSource) -> JSONElements<ServerSentEvent<String>> {
        JSONElements(events: source, recovery: [], decoding: ElementDecoding(events: ElementDecoding(text: ())))
    }

    /// The events of an asynchronous sequence of bytes, such as
    /// `URLSession.AsyncBytes`, each decoded as `T` once its blank line arrives.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(for: request)
    /// for try await event in JSONAdapter.events(of: Delta.self, from: bytes) {
    ///     print(event.event, event.data.text)
    /// }
    /// ```
    @inlinable
    public static func events<T: JSONSerializing, Bytes: AsyncSequence>(
        of type: T.Type, from bytes: Bytes, options: DecodingOptions = .default, recovery: JSONRecovery = []
    ) -> AsyncJSONElements<ServerSentEvent<T>> where Bytes.Element == UInt8 {
        AsyncJSONElements.events(bytes, recovery: recovery, payload: ElementDecoding(model: T.self, options: options))
    }

    /// The events of an asynchronous sequence of bytes, their data decoded as the
    /// tagged enum `T`.
    @inlinable
    public static func events<T: JSONTaggedEnum, Bytes: AsyncSequence>(
        of type: T.Type, from bytes: Bytes, options: DecodingOptions = .default, recovery: JSONRecovery = []
    ) -> AsyncJSONElements<ServerSentEvent<T>> where Bytes.Element == UInt8 {
        AsyncJSONElements.events(bytes, recovery: recovery, payload: ElementDecoding(taggedEnum: T.self, options: options))
    }

    /// The events of an asynchronous sequence of bytes, their data read as JSON values.
    @inlinable
    public static func events<Bytes: AsyncSequence>(
        of type: JSONValue.Type, from bytes: Bytes, options: DecodingOptions = .default, recovery: JSONRecovery = []
    ) -> AsyncJSONElements<ServerSentEvent<JSONValue>> where Bytes.Element == UInt8 {
        AsyncJSONElements.events(bytes, recovery: recovery, payload: ElementDecoding(valueWith: options))
    }

    /// The events of an asynchronous sequence of bytes, their data as text.
    @inlinable
    public static func events<Bytes: AsyncSequence>(from bytes: Bytes) -> AsyncJSONElements<ServerSentEvent<String>>
    where Bytes.Element == UInt8 {
        AsyncJSONElements.events(bytes, recovery: [], payload: ElementDecoding(text: ()))
    }

    /// The events of an asynchronous sequence of `Data` chunks, their data decoded as `T`.
    @inlinable
    public static func events<T: JSONSerializing, Chunks: AsyncSequence>(
        of type: T.Type, from chunks: Chunks, options: DecodingOptions = .default, recovery: JSONRecovery = []
    ) -> AsyncJSONElements<ServerSentEvent<T>> where Chunks.Element == Data {
        AsyncJSONElements.events(chunks, recovery: recovery, payload: ElementDecoding(model: T.self, options: options))
    }

    /// The events of an asynchronous sequence of `Data` chunks, their data read as JSON values.
    @inlinable
    public static func events<Chunks: AsyncSequence>(
        of type: JSONValue.Type, from chunks: Chunks, options: DecodingOptions = .default, recovery: JSONRecovery = []
    ) -> AsyncJSONElements<ServerSentEvent<JSONValue>> where Chunks.Element == Data {
        AsyncJSONElements.events(chunks, recovery: recovery, payload: ElementDecoding(valueWith: options))
    }

    /// The events of an asynchronous sequence of `Data` chunks, their data decoded
    /// as the tagged enum `T`.
    @inlinable
    public static func events<T: JSONTaggedEnum, Chunks: AsyncSequence>(
        of type: T.Type, from chunks: Chunks, options: DecodingOptions = .default, recovery: JSONRecovery = []
    ) -> AsyncJSONElements<ServerSentEvent<T>> where Chunks.Element == Data {
        AsyncJSONElements.events(chunks, recovery: recovery, payload: ElementDecoding(taggedEnum: T.self, options: options))
    }

    /// The events of an asynchronous sequence of `Data` chunks, their data as text.
    @inlinable
    public static func events<Chunks: AsyncSequence>(from chunks: Chunks) -> AsyncJSONElements<ServerSentEvent<String>>
    where Chunks.Element == Data {
        AsyncJSONElements.events(chunks, recovery: [], payload: ElementDecoding(text: ()))
    }
}
