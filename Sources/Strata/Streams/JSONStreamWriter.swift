import Foundation

/// Writes models to a file or an output stream one at a time, as JSON Lines, a
/// JSON text sequence, or the elements of one JSON array.
///
/// ```swift
/// let writer = try JSONStreamWriter(contentsOf: url, framing: .lines)
/// for order in orders { try writer.append(order) }
/// try writer.finish()
/// ```
///
/// Memory holds one buffer of output (``bufferSize`` bytes), written out as it
/// fills. ``finish()`` writes what is left and, for an array, its `]`; a writer
/// that is not finished leaves its output incomplete. Each write goes through
/// the encode engine as `JSONAdapter.data(from:options:formatting:)` does.
public final class JSONStreamWriter {
    /// Where the bytes go.
    private enum Sink {
        case file(FileHandle, closes: Bool)
        case stream(OutputStream)
    }

    private let sink: Sink
    private let kind: JSONFraming.Kind
    private let options: JSONAdapter.EncodingOptions
    private let formatting: JSONAdapter.OutputFormatting
    private var buffer: [UInt8] = []
    private var count = 0
    private var isFinished = false

    /// How many bytes of output are held before they are written: 64 KiB.
    public static let bufferSize = 64 * 1024

    /// A writer that creates the file at `url`, or empties it.
    ///
    /// - Parameters:
    ///   - url: The file to write.
    ///   - framing: ``JSONFraming/lines``, ``JSONFraming/textSequence``,
    ///     ``JSONFraming/concatenated`` or ``JSONFraming/array``.
    ///   - options: How each model is written (`nil` as `null` or left out).
    ///   - formatting: `.sortedKeys`; `.prettyPrinted` only for an array.
    /// - Throws: ``StrataError/Code-swift.enum/invalidOptions`` for a framing or
    ///   formatting the writer cannot write; the file's own errors.
    public convenience init(
        contentsOf url: URL, framing: JSONFraming, options: JSONAdapter.EncodingOptions = .default,
        formatting: JSONAdapter.OutputFormatting = []
    ) throws {
        try Self.check(framing, formatting)
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        try self.init(sink: .file(handle, closes: true), framing: framing, options: options, formatting: formatting)
    }

    /// A writer that appends to an open file, which ``finish()`` leaves open.
    public convenience init(
        fileHandle: FileHandle, framing: JSONFraming, options: JSONAdapter.EncodingOptions = .default,
        formatting: JSONAdapter.OutputFormatting = []
    ) throws {
        try self.init(sink: .file(fileHandle, closes: false), framing: framing, options: options, formatting: formatting)
    }

    /// A writer to an output stream, which it opens if it is not open, and which
    /// ``finish()`` leaves open.
    public convenience init(
        stream: OutputStream, framing: JSONFraming, options: JSONAdapter.EncodingOptions = .default,
        formatting: JSONAdapter.OutputFormatting = []
    ) throws {
        if stream.streamStatus == .notOpen { stream.open() }
        try self.init(sink: .stream(stream), framing: framing, options: options, formatting: formatting)
    }

    private init(
        sink: Sink, framing: JSONFraming, options: JSONAdapter.EncodingOptions, formatting: JSONAdapter.OutputFormatting
    ) throws {
        try Self.check(framing, formatting)
        self.sink = sink
        kind = framing.kind
        self.options = options
        self.formatting = formatting
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Throws for what the writer cannot write.
    private static func check(_ framing: JSONFraming, _ formatting: JSONAdapter.OutputFormatting) throws {
        guard framing.keyPath.isEmpty else {
            throw StrataError(
                .invalidOptions,
                "JSONStreamWriter writes a top-level array, not one inside an envelope. Write the envelope's other "
                    + "members around it, or write .array.")
        }
        if formatting.contains(.prettyPrinted), framing.kind != .array {
            throw StrataError(
                .invalidOptions,
                "Pretty-printed JSON has line breaks inside each element, which \(framing) cannot hold. "
                    + "Leave out .prettyPrinted, or write .array.")
        }
    }

    /// How many elements have been appended.
    public var elementCount: Int { count }

    /// Appends a model.
    ///
    /// - Throws: a ``StrataError`` from encoding it, or an error of the file or
    ///   stream; ``StrataError/Code-swift.enum/invalidOptions`` after ``finish()``.
    public func append<T: JSONSerializing>(_ model: T) throws {
        try append(encoded: JSONAdapter.data(from: model, options: options, formatting: formatting))
    }

    /// Appends a tagged enum's value.
    public func append<T: JSONTaggedEnum>(_ value: T) throws {
        try append(encoded: JSONAdapter.data(from: value, options: options, formatting: formatting))
    }

    /// Appends a JSON value, as compact JSON.
    public func append(_ value: JSONValue) throws {
        try append(encoded: Data(value.description.utf8))
    }

    /// Appends each model of `models`.
    public func append<Models: Sequence>(contentsOf models: Models) throws where Models.Element: JSONSerializing {
        for model in models { try append(model) }
    }

    /// Writes what the writer holds and, for an array, its `]` (or `[]` when no
    /// element was appended); closes the file the writer opened.
    public func finish() throws {
        guard !isFinished else { return }
        isFinished = true
        if kind == .array {
            if count == 0 { buffer.append(Byte.openBracket) }
            if formatting.contains(.prettyPrinted), count > 0 { buffer.append(Byte.newline) }
            buffer.append(Byte.closeBracket)
        }
        if kind == .array || kind == .concatenated { buffer.append(Byte.newline) }
        try flush()
        if case .file(let handle, true) = sink { try handle.close() }
    }

    /// Appends one element's JSON text, with what separates it from the others.
    private func append(encoded: Data) throws {
        guard !isFinished else {
            throw StrataError(.invalidOptions, "The writer has finished: make a new one to write more.")
        }
        switch kind {
        case .lines:
            buffer.append(contentsOf: encoded)
            buffer.append(Byte.newline)
        case .textSequence:
            buffer.append(Byte.recordSeparator)
            buffer.append(contentsOf: encoded)
            buffer.append(Byte.newline)
        case .concatenated:
            if count > 0 { buffer.append(Byte.newline) }
            buffer.append(contentsOf: encoded)
        case .array:
            buffer.append(count == 0 ? Byte.openBracket : Byte.comma)
            if formatting.contains(.prettyPrinted) { buffer.append(contentsOf: [Byte.newline, Byte.space, Byte.space]) }
            if formatting.contains(.prettyPrinted) {
                // Each line of the element indented one level further.
                for byte in encoded {
                    buffer.append(byte)
                    if byte == Byte.newline { buffer.append(contentsOf: [Byte.space, Byte.space]) }
                }
            } else {
                buffer.append(contentsOf: encoded)
            }
        }
        count += 1
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Writes the buffer out.
    private func flush() throws {
        guard !buffer.isEmpty else { return }
        switch sink {
        case .file(let handle, _):
            try handle.write(contentsOf: buffer)
        case .stream(let stream):
            var written = 0
            while written < buffer.count {
                let result =
                    buffer[written...].withContiguousStorageIfAvailable { bytes in
                        bytes.baseAddress.map { stream.write($0, maxLength: bytes.count) } ?? 0
                    } ?? 0
                guard result > 0 else {
                    throw stream.streamError ?? CocoaError(.fileWriteUnknown)
                }
                written += result
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
