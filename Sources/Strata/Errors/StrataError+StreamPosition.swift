extension StrataError {
    /// Where an element of a stream is: which element, on which line, at which
    /// byte of the stream.
    ///
    /// Errors from a stream's elements carry it, and so do errors in the stream's
    /// framing (``StrataError/streamPosition``); the element's index also starts
    /// the error's ``StrataError/path``: `[3].id`.
    public struct StreamPosition: Sendable, Hashable, CustomStringConvertible {
        /// The element's index in the stream, from 0: the line, record, value,
        /// array element or event that failed, counting the ones left out.
        public let elementIndex: Int
        /// The line the element starts on, from 1 (lines end with LF).
        public let line: Int
        /// The offset of the element's first byte from the stream's start (a BOM
        /// counts).
        public let byteOffset: Int

        /// Creates a position.
        public init(elementIndex: Int, line: Int, byteOffset: Int) {
            self.elementIndex = elementIndex
            self.line = line
            self.byteOffset = byteOffset
        }

        /// `line 4, byte 312 of the stream`.
        public var description: String {
            "line \(line), byte \(byteOffset) of the stream"
        }
    }

    /// The error with `position` as its stream position and the element's index in
    /// front of its path.
    func located(at position: StreamPosition) -> StrataError {
        var error = prefixed(with: [.index(position.elementIndex)])
        error.streamPosition = position
        return error
    }
}
