import Foundation
import Strata

// Strata's streaming example (`swift run StrataStreamExample`): a chat
// completion streamed as server-sent events, the shape LLM APIs send, decoded
// event by event as the bytes arrive. The feed is made here, chunk by chunk, as a
// network connection would deliver it: each chunk cuts the feed at an arbitrary
// byte, inside an event or a line.

/// One event's data: a tagged enum, told apart by its "type".
enum CompletionEvent: JSONTaggedEnum {
    case start(Start)
    case delta(Delta)
    case stop(Stop)

    static let tagKeyPath: JSONKeyPath = "type"
    static let casesByTag: [String: JSONTaggedCase<CompletionEvent>] = [
        "message_start": .model(Start.self, CompletionEvent.start),
        "content_delta": .model(Delta.self, CompletionEvent.delta),
        "message_stop": .model(Stop.self, CompletionEvent.stop),
    ]
}

struct Start: JSONSerializing {
    var model = ""
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

struct Delta: JSONSerializing {
    var text = ""
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

struct Stop: JSONSerializing {
    var reason = ""
    var outputTokens = 0
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

/// The feed a server sends: a comment, a start event, one delta per word, and a
/// stop event, each with an id.
func makeFeed(words: [String]) -> Data {
    var events: [(event: String, data: String)] = [("message_start", #"{"type":"message_start","model":"strata-1"}"#)]
    for word in words {
        events.append(("content_delta", #"{"type":"content_delta","text":"\#(word) "}"#))
    }
    events.append(("message_stop", #"{"type":"message_stop","reason":"end_turn","output_tokens":\#(words.count)}"#))
    var feed = ": stream opened\n\n"
    for (index, event) in events.enumerated() {
        feed += "event: \(event.event)\nid: \(index + 1)\ndata: \(event.data)\n\n"
    }
    return Data(feed.utf8)
}

/// The feed as a network delivers it: chunks of 7 bytes, each after a pause.
struct Delivery: AsyncSequence {
    typealias Element = Data
    let feed: Data

    struct AsyncIterator: AsyncIteratorProtocol {
        let feed: Data
        var offset = 0

        mutating func next() async throws -> Data? {
            guard offset < feed.count else { return nil }
            try await Task.sleep(nanoseconds: 1_000_000)
            let end = Swift.min(offset + 7, feed.count)
            defer { offset = end }
            return feed.subdata(in: offset..<end)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(feed: feed) }
}

let words = "Strata decodes each event as soon as its blank line arrives".split(separator: " ").map(String.init)
let feed = makeFeed(words: words)
print("A feed of \(feed.count) bytes, delivered 7 bytes at a time:")

var text = ""
do {
    for try await event in JSONAdapter.events(of: CompletionEvent.self, from: Delivery(feed: feed)) {
        switch event.data {
        case .start(let start):
            print("event \(event.id ?? "-") (\(event.event)): model \(start.model)")
        case .delta(let delta):
            text += delta.text
        case .stop(let stop):
            print("event \(event.id ?? "-") (\(event.event)): \(stop.reason), \(stop.outputTokens) tokens")
        }
    }
} catch {
    print("The stream failed: \(error)")
    exit(1)
}
print("text: \(text.trimmingCharacters(in: .whitespaces))")
