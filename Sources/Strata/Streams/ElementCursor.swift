import Foundation

/// The elements of a stream, one at a time, from the bytes its reader appends:
/// each element framed (``StreamFramer``), decoded (``ElementDecoding``), and its
/// errors given the element's position.
///
/// An element that fails ends the stream with its error, unless the stream skips
/// invalid elements: then the error is recorded in the diagnostics and the stream
/// goes on. An error in the framing always ends it.
struct ElementCursor<Element> {
    /// What a step found.
    enum Step {
        case element(Element)
        case needsMore
        case finished
    }

    var buffer: FrameBuffer
    private let decode: ElementDecoding<Element>.Decode
    private let framing: String
    private let recovery: JSONRecovery
    let report: StreamReport
    /// The index of the next element.
    private var index = 0
    private var isDone = false

    init(buffer: FrameBuffer, decoding: ElementDecoding<Element>, framing: String, recovery: JSONRecovery, report: StreamReport) {
        self.buffer = buffer
        decode = decoding.makeDecoder()
        self.framing = framing
        self.recovery = recovery
        self.report = report
    }

    /// The next element, or what the cursor needs to find it.
    mutating func step() throws -> Step {
        guard !isDone else { return .finished }
        do {
            return try findElement()
        } catch {
            isDone = true
            report.setEnvelope(buffer.envelope)
            throw error
        }
    }

    private mutating func findElement() throws -> Step {
        guard recovery.subtracting(.skipsInvalidElements).isEmpty else {
            throw StrataError(
                .invalidOptions,
                "A stream takes only the recovery .skipsInvalidElements: a default for null or for an invalid value "
                    + "belongs to a property. Give it in jsonRecoveryByPropertyKey.")
        }
        let skips = recovery.contains(.skipsInvalidElements)
        while true {
            let step: FramerStep
            do {
                step = try buffer.next()
            } catch {
                throw StrataError(.invalidJSON, "The stream is not valid \(framing). \(error.reason)")
                    .located(at: StrataError.StreamPosition(elementIndex: index, line: error.line, byteOffset: error.offset))
            }
            switch step {
            case .needsMore:
                return .needsMore
            case .finished:
                isDone = true
                report.setEnvelope(buffer.envelope)
                return .finished
            case .frame(let frame):
                let position = StrataError.StreamPosition(elementIndex: index, line: frame.line, byteOffset: frame.start)
                index += 1
                guard skips else {
                    do {
                        return .element(try buffer.withBytes(of: frame) { bytes in try decode(bytes, frame) })
                    } catch let error as StrataError {
                        throw error.located(at: position)
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
                    return .element(
                        try RecoveryLog.collecting(into: &diagnostics) {
                            try buffer.withBytes(of: frame) { bytes in try decode(bytes, frame) }
                        })
                } catch let error as StrataError {
                    diagnostics.recoveries.append(JSONDiagnostics.Recovery(action: .skippedElement, error: error))
                }
            }
        }
    }
}
