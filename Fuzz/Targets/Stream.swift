import Foundation

// Fuzz target: the framing of streams (JSON Lines, text sequences, concatenated
// JSON, arrays, an array in an envelope, server-sent events).
//
// - Every framing reads any bytes without crashing or hanging.
// - Cut into chunks anywhere (one byte at a time, and in runs whose length the
//   input's first byte chooses), a stream gives the same elements, the same
//   recoveries and the same error as when it is read whole.
//
// Run with `Fuzz/run stream SECONDS`.

/// What a stream gives: each element, each recovery, and the error that ends it.
func streamOutcome<Element>(
    _ bytes: [UInt8], framer: any StreamFramer, decoding: ElementDecoding<Element>, chunkLength: Int?,
    describe: (Element) -> String
) -> [String] {
    var outcome: [String] = []
    let report = StreamReport()
    var cursor = ElementCursor(
        buffer: chunkLength == nil ? FrameBuffer(framer: framer, whole: Data(bytes)) : FrameBuffer(framer: framer),
        framing: "the stream", recovery: .skipsInvalidElements, report: report)
    let decode = decoding.makeDecoder()
    var offset = 0
    reading: while true {
        let step: FramerStep
        do {
            step = try cursor.nextFrame()
            if case .frame(let frame) = step, let element = try cursor.decode(frame, with: decode) {
                outcome.append(describe(element))
            }
        } catch {
            outcome.append("error: \(error)")
            break
        }
        switch step {
        case .frame:
            continue
        case .finished:
            break reading
        case .needsMore:
            guard let chunkLength, offset < bytes.count else {
                cursor.buffer.finish()
                continue
            }
            let end = min(offset + chunkLength, bytes.count)
            cursor.buffer.append(Array(bytes[offset..<end]))
            offset = end
        }
    }
    outcome += report.diagnostics.recoveries.map(\.description)
    if let envelope = report.envelope { outcome.append("envelope: \(envelope)") }
    return outcome
}

/// Checks one framing: read whole, one byte at a time, and in runs of `length`.
func checkFraming<Element>(
    _ bytes: [UInt8], name: String, makeFramer: () -> any StreamFramer, decoding: ElementDecoding<Element>,
    length: Int, describe: (Element) -> String
) {
    let whole = streamOutcome(bytes, framer: makeFramer(), decoding: decoding, chunkLength: nil, describe: describe)
    for chunkLength in [1, length] {
        let chunked = streamOutcome(bytes, framer: makeFramer(), decoding: decoding, chunkLength: chunkLength, describe: describe)
        if chunked != whole {
            fatalError("\(name) read in chunks of \(chunkLength) differs from read whole:\n\(chunked)\n\(whole)")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStream(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let length = Int(bytes.first ?? 0) % 13 + 2
    let values = ElementDecoding<JSONValue>(valueWith: .default)
    let framings: [JSONFraming] = [.lines, .textSequence, .concatenated, .array, .array(at: "a.b")]
    for framing in framings {
        checkFraming(
            bytes, name: "\(framing)", makeFramer: { framing.makeFramer(options: .default) }, decoding: values,
            length: length, describe: { "value: \($0)" })
    }
    checkFraming(
        bytes, name: "server-sent events", makeFramer: { EventFramer() },
        decoding: ElementDecoding(events: ElementDecoding(text: ())), length: length,
        describe: { "event: \($0.event) \($0.id ?? "-") \($0.retry ?? -1) \($0.data.debugDescription)" })
    return 0
}
