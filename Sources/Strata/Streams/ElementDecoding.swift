import Foundation

/// How a stream's element becomes a value: its bytes handed to the one decode
/// engine, through the entry point for one document of the element's type.
@usableFromInline
struct ElementDecoding<Element> {
    /// Decodes an element from its bytes, valid during the call, and its frame.
    @usableFromInline
    typealias Decode = (UnsafeRawBufferPointer, StreamFrame) throws -> Element

    /// Makes the decoder of one read of the stream, which may keep what it looks
    /// up from one element to the next.
    let makeDecoder: () -> Decode

    init(decode: @escaping Decode) {
        makeDecoder = { decode }
    }

    init(makeDecoder: @escaping () -> Decode) {
        self.makeDecoder = makeDecoder
    }
}

extension ElementDecoding where Element: JSONSerializing {
    /// Models, each read as `JSONAdapter.model(of:from:options:)` reads a document.
    @usableFromInline
    init(model _: Element.Type, options: JSONAdapter.DecodingOptions) {
        makeDecoder = {
            let reader = StreamModelReader<Element>(options: options)
            return { bytes, _ in try reader.decode(bytes) }
        }
    }
}

extension ElementDecoding where Element: JSONTaggedEnum {
    /// Values of a tagged enum, each read as a document holding one.
    @usableFromInline
    init(taggedEnum _: Element.Type, options: JSONAdapter.DecodingOptions) {
        self.init { bytes, _ in try JSONAdapter.model(of: Element.self, from: Data(bytes), options: options) }
    }
}

extension ElementDecoding where Element == JSONValue {
    /// Any JSON value.
    @usableFromInline
    init(valueWith options: JSONAdapter.DecodingOptions) {
        self.init { bytes, _ in try JSONAdapter.jsonValue(from: bytes, options: options) }
    }
}

extension ElementDecoding where Element == String {
    /// An event's data as text.
    @usableFromInline
    init(text _: Void) {
        self.init { bytes, _ in String(decoding: bytes, as: UTF8.self) }
    }
}

extension ElementDecoding {
    /// Server-sent events whose data `payload` decodes.
    @usableFromInline
    init<Payload>(events payload: ElementDecoding<Payload>) where Element == ServerSentEvent<Payload> {
        makeDecoder = {
            let decode = payload.makeDecoder()
            return { bytes, frame in
                let decoded = try decode(bytes, frame)
                return (frame.event ?? ServerSentEvent(data: ())).with(data: decoded)
            }
        }
    }
}

extension JSONAdapter {
    /// The JSON value `bytes` hold, with `options`' nesting limit, read straight as
    /// a ``JSONValue``: the value `JSONValue(json:)` makes of the parsed document.
    static func jsonValue(from bytes: UnsafeRawBufferPointer, options: DecodingOptions) throws -> JSONValue {
        try options.check()
        do {
            var scanner = JSONScanner(
                input: ByteView(bytes), builder: JSONValueTreeBuilder(), maximumDepth: options.maximumNestingDepth)
            return try scanner.parseDocument(topLevelContainerRequired: false)
        } catch {
            throw invalidJSON(error)
        }
    }
}
