import Foundation

/// Streams of JSON decoded element by element: JSON Lines, RFC 7464 text
/// sequences, concatenated JSON, the elements of an array (at the top level or
/// inside an envelope), and server-sent events; from data, a file, or an
/// asynchronous sequence of bytes or of `Data` chunks.
///
/// Each element is decoded as a document of its own is by
/// `JSONAdapter.model(of:from:options:)`, and memory holds one
/// element and one chunk at a time. Each element's error carries its position
/// (``StrataError/streamPosition``), and its path starts with its index: `[3].id`.
/// With `recovery: .skipsInvalidElements`, an element that fails, even one that
/// is not valid JSON, is left out and reported in the stream's `diagnostics`,
/// and the stream goes on; an error in the framing itself (an array's commas and
/// brackets) always ends it.
extension JSONAdapter {
    // MARK: Framed elements, read synchronously

    /// The models in a stream in memory or in a file, decoded one at a time.
    ///
    /// ```swift
    /// var orders = JSONAdapter.models(of: Order.self, from: .file(url), framing: .lines)
    /// while let order = try orders.next() { … }
    /// ```
    /// - Parameters:
    ///   - type: The model type of each element.
    ///   - source: The data, or the file, to read.
    ///   - framing: How the stream separates its elements.
    ///   - options: The limits of each element's read.
    ///   - recovery: `.skipsInvalidElements` to leave out, and report, the elements
    ///     that fail; no other recovery applies to a stream.
    public static func models<T: JSONSerializing>(
        of type: T.Type, from source: JSONStreamSource, framing: JSONFraming, options: DecodingOptions = .default,
        recovery: JSONRecovery = []
    ) -> JSONElements<T> {
        JSONElements(
            source: source, framing: framing, options: options, recovery: recovery,
            decoding: ElementDecoding(model: T.self, options: options))
    }

    /// The tagged enum values in a stream in memory or in a file, decoded one at a
    /// time; the parameters are those of the model form.
    public static func models<T: JSONTaggedEnum>(
        of type: T.Type, from source: JSONStreamSource, framing: JSONFraming, options: DecodingOptions = .default,
        recovery: JSONRecovery = []
    ) -> JSONElements<T> {
        JSONElements(
            source: source, framing: framing, options: options, recovery: recovery,
            decoding: ElementDecoding(taggedEnum: T.self, options: options))
    }

    /// The JSON values in a stream in memory or in a file, read one at a time.
    public static func models(
        of type: JSONValue.Type, from source: JSONStreamSource, framing: JSONFraming,
        options: DecodingOptions = .default, recovery: JSONRecovery = []
    ) -> JSONElements<JSONValue> {
        JSONElements(
            source: source, framing: framing, options: options, recovery: recovery,
            decoding: ElementDecoding(valueWith: options))
    }

    // MARK: Framed elements, read as their bytes arrive

    /// The models in an asynchronous sequence of bytes, such as
    /// `URLSession.AsyncBytes`, each decoded as soon as its last byte arrives.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(from: url)
    /// for try await order in JSONAdapter.models(of: Order.self, from: bytes, framing: .lines) { … }
    /// ```
    @inlinable
    public static func models<T: JSONSerializing, Bytes: AsyncSequence>(
        of type: T.Type, from bytes: Bytes, framing: JSONFraming, options: DecodingOptions = .default,
        recovery: JSONRecovery = []
    ) -> AsyncJSONElements<T> where Bytes.Element == UInt8 {
        AsyncJSONElements.reading(
            bytes, framing: framing, options: options, recovery: recovery, decoding: ElementDecoding(model: T.self, options: options))
    }

    /// The models in an asynchronous sequence of `Data` chunks, each decoded as
    /// soon as its last byte arrives.
    @inlinable
    public static func models<T: JSONSerializing, Chunks: AsyncSequence>(
        of type: T.Type, from chunks: Chunks, framing: JSONFraming, options: DecodingOptions = .default,
        recovery: JSONRecovery = []
    ) -> AsyncJSONElements<T> where Chunks.Element == Data {
        AsyncJSONElements.reading(
            chunks, framing: framing, options: options, recovery: recovery, decoding: ElementDecoding(model: T.self, options: options))
    }

    /// The tagged enum values in an asynchronous sequence of bytes.
    @inlinable
    public static func models<T: JSONTaggedEnum, Bytes: AsyncSequence>(
        of type: T.Type, from bytes: Bytes, framing: JSONFraming, options: DecodingOptions = .default,
        recovery: JSONRecovery = []
    ) -> AsyncJSONElements<T> where Bytes.Element == UInt8 {
        AsyncJSONElements.reading(
            bytes, framing: framing, options: options, recovery: recovery, decoding: ElementDecoding(taggedEnum: T.self, options: options))
    }

    /// The tagged enum values in an asynchronous sequence of `Data` chunks.
    @inlinable
    public static func models<T: JSONTaggedEnum, Chunks: AsyncSequence>(
        of type: T.Type, from chunks: Chunks, framing: JSONFraming, options: DecodingOptions = .default,
        recovery: JSONRecovery = []
    ) -> AsyncJSONElements<T> where Chunks.Element == Data {
        AsyncJSONElements.reading(
            chunks, framing: framing, options: options, recovery: recovery, decoding: ElementDecoding(taggedEnum: T.self, options: options))
    }

    /// The JSON values in an asynchronous sequence of bytes.
    @inlinable
    public static func models<Bytes: AsyncSequence>(
        of type: JSONValue.Type, from bytes: Bytes, framing: JSONFraming, options: DecodingOptions = .default,
        recovery: JSONRecovery = []
    ) -> AsyncJSONElements<JSONValue> where Bytes.Element == UInt8 {
        AsyncJSONElements.reading(
            bytes, framing: framing, options: options, recovery: recovery, decoding: ElementDecoding(valueWith: options))
    }

    /// The JSON values in an asynchronous sequence of `Data` chunks.
    @inlinable
    public static func models<Chunks: AsyncSequence>(
        of type: JSONValue.Type, from chunks: Chunks, framing: JSONFraming, options: DecodingOptions = .default,
        recovery: JSONRecovery = []
    ) -> AsyncJSONElements<JSONValue> where Chunks.Element == Data {
        AsyncJSONElements.reading(
            chunks, framing: framing, options: options, recovery: recovery, decoding: ElementDecoding(valueWith: options))
    }
}
