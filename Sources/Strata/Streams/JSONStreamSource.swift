import Foundation

/// Where a stream read synchronously comes from: data in memory, or a file read
/// in chunks.
///
/// ```swift
/// let records = JSONAdapter.models(of: Record.self, from: .file(url), framing: .lines)
/// ```
public enum JSONStreamSource {
    /// Data in memory, whose elements are decoded where they lie, with no copy.
    case data(Data)
    /// The file at a URL, opened when the first element is read and read in
    /// chunks of ``chunkSize`` bytes.
    case file(URL)
    /// An open file (or pipe), read from where it stands in chunks of
    /// ``chunkSize`` bytes; it is not closed.
    case fileHandle(FileHandle)

    /// How many bytes a file is read in at a time: 512 KiB.
    public static let chunkSize = 512 * 1024
}

/// A ``JSONStreamSource``'s bytes, chunk by chunk.
@usableFromInline
struct ChunkReader {
    private var source: JSONStreamSource
    private var handle: FileHandle?

    init(_ source: JSONStreamSource) {
        self.source = source
    }

    /// The buffer to read `framer`'s elements from: the whole data for data.
    func makeBuffer(framer: any StreamFramer) -> FrameBuffer {
        if case .data(let data) = source { return FrameBuffer(framer: framer, whole: data) }
        return FrameBuffer(framer: framer)
    }

    /// The next chunk, or `nil` at the end.
    @usableFromInline
    mutating func nextChunk() throws -> Data? {
        switch source {
        case .data:
            return nil
        case .file(let url):
            if handle == nil { handle = try FileHandle(forReadingFrom: url) }
            guard let handle, let chunk = try handle.read(upToCount: JSONStreamSource.chunkSize), !chunk.isEmpty else {
                try handle?.close()
                handle = nil
                source = .data(Data())
                return nil
            }
            return chunk
        case .fileHandle(let handle):
            guard let chunk = try handle.read(upToCount: JSONStreamSource.chunkSize), !chunk.isEmpty else { return nil }
            return chunk
        }
    }
}
