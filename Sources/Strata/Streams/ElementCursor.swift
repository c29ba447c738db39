import Foundation

/// The elements of a stream, one at a time, from the bytes its reader appends:
/// each element framed (``StreamFramer``), decoded by the reader's
/// ``ElementDecoding``, and its errors given the element's position.
///
/// An element that fails ends the stream with its error, unless the stream skips
/// invalid elements: then the error is recorded in the diagnostics and the stream
/// goes on. An error in the framing always ends it.
///
/// The cursor is not generic: only ``decode(_:with:)`` is, so that finding a
/// frame and reading more bytes look up no generic metadata.
@usableFromInline
struct ElementCursor {
    @usableFromInline
    var buffer: FrameBuffer
    private let framing: String
    private let recovery: JSONRecovery
    let report: StreamReport
    /// The index of the next element.
    private var index = 0
    /// Whether the stream has ended, or an error ended it.
    private(set) var isFinished = false

    init(buffer: FrameBuffer, framing: String, recovery: JSONRecovery, report: StreamReport) {
        self.buffer = buffer
        self.framing = framing
        self.recovery = recovery
        self.report = report
    }

    /// The next element's frame, ``FramerStep/needsMore`` when the bytes held do
    /// not hold it yet, or ``FramerStep/finished`` once the stream has ended.
    @usableFromInline
    mutating func nextFrame() throws -> FramerStep {
        guard !isFinished else { return .finished }
        do {
            guard recovery.subtracting(.skipsInvalidElements).isEmpty else {
                throw StrataError(
                    .invalidOptions,
                    "A stream takes only the recovery .skipsInvalidElements: a default for null or for an invalid value "
                        + "belongs to a property. Give it in jsonRecoveryByPropertyKey.")
            }
            let step: FramerStep
            do {
                step = try buffer.next()
            } catch {
                throw StrataError(.invalidJSON, "The stream is not valid \(framing). \(error.reason)")
                    .located(at: StrataError.StreamPosition(elementIndex: index, line: error.line, byteOffset: error.offset))
            }
            if case .finished = step { end() }
            return step
        } catch {
            end()
            throw error
        }
    }

    /// The element `frame` holds, decoded by `decode`; `nil` when it fails and the
    /// stream skips invalid elements (the failure is then in the diagnostics).
    @usableFromInline
    mutating func decode<Element>(_ frame: StreamFrame, with decode: ElementDecoding<Element>.Decode) throws -> Element? {
        let position = StrataError.StreamPosition(elementIndex: index, line: frame.line, byteOffset: frame.start)
        index += 1
        guard recovery.contains(.skipsInvalidElements) else {
            do {
                return try buffer.withBytes(of: frame) { bytes in try decode(bytes, frame) }
            } catch let error as StrataError {
                end()
                throw error.located(at: position)
            } catch {
                end()
                throw error
            }
        }
        var diagnostics = JSONDiagnostics()
        defer {
            report.append(
                diagnostics.recoveries.map {
                    JSONDiagnostics.Recovery(action: $0.action, error: $0.error.located(at: position))
                })
        }
        do {
            return try RecoveryLog.collecting(into: &diagnostics) {
                try buffer.withBytes(of: frame) { bytes in try decode(bytes, frame) }
            }
        } catch let error as StrataError {
            diagnostics.recoveries.append(JSONDiagnostics.Recovery(action: .skippedElement, error: error))
            return nil
        } catch {
            end()
            throw error
        }
    }

    /// Ends the stream: no more elements, and the envelope read so far reported.
    private mutating func end() {
        isFinished = true
        report.setEnvelope(buffer.envelope)
    }
}
