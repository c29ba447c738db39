/// One event of a server-sent events stream (`text/event-stream`), its data
/// decoded as `Payload`.
///
/// ```swift
/// for try await event in JSONAdapter.events(of: Completion.self, from: bytes) {
///     print(event.event, event.id ?? "-", event.data.text)
/// }
/// ```
///
/// As the HTML standard reads the stream: the event's `data:` lines are joined
/// with LF, `event:` names it, `id:` sets the last event ID (kept by the events
/// after it), and `retry:` the reconnection time; lines that begin with `:` are
/// comments; a blank line dispatches the event, and an event with no `data:` is
/// not dispatched. A stream that ends inside an event, before its blank line,
/// ends with an error.
public struct ServerSentEvent<Payload> {
    /// The event's type: its `event:` field, or `message` when it has none.
    public var event: String
    /// The last event ID: the value of the latest `id:` field, on this event or one
    /// before it; `nil` before any.
    public var id: String?
    /// The reconnection time in milliseconds from the latest `retry:` field; `nil`
    /// before any.
    public var retry: Int?
    /// The event's data: its `data:` lines joined with LF, decoded.
    public var data: Payload

    /// Creates an event.
    public init(event: String = "message", id: String? = nil, retry: Int? = nil, data: Payload) {
        self.event = event
        self.id = id
        self.retry = retry
        self.data = data
    }

    /// The same event with `data` as its data.
    func with<Other>(data: Other) -> ServerSentEvent<Other> {
        ServerSentEvent<Other>(event: event, id: id, retry: retry, data: data)
    }
}

extension ServerSentEvent: Sendable where Payload: Sendable {}
extension ServerSentEvent: Equatable where Payload: Equatable {}
extension ServerSentEvent: Hashable where Payload: Hashable {}
