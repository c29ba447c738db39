import Foundation

/// Reads a stream's elements as models of `T`: the scanner source's read of one
/// document (`modelReadingObject(of:from:maximumNestingDepth:levelsLeft:)`), with
/// what it looks up per document looked up once per stream.
///
/// `T`'s plan and key table are found once, and one array of slots is kept from
/// element to element, as a top-level array's elements are read. Each element is
/// decoded by the same engine steps in the same order, so a model, or an error,
/// is what `JSONAdapter.model(of:from:options:)` gives for the
/// element's bytes; an element that is not an object, or a type whose objects
/// are not read member by member, goes through that method itself.
final class StreamModelReader<T: JSONSerializing> {
    private let plan = MappingPlan<T>.shared
    private let keys: MemberKeyTable?
    private let options: JSONAdapter.DecodingOptions
    /// The slots of the last element, all missing again, for the next.
    private var spareSlots: [Slot] = []

    init(options: JSONAdapter.DecodingOptions) {
        self.options = options
        keys = JSONAdapter.readsObjects(plan)
    }

    /// The model in `bytes`, one element's bytes.
    func decode(_ bytes: UnsafeRawBufferPointer) throws -> T {
        let view = ByteView(bytes)
        guard let keys, Self.beginsWithObject(view) else { return try documentRead(bytes) }
        return try JSONAdapter.reading(with: options) { levelsLeft in
            try decode(view, keys: keys, levelsLeft: levelsLeft, else: bytes)
        }
    }

    /// The model read by `JSONAdapter.model(of:from:options:)` itself: for an
    /// element that is not an object, or a type whose objects are not read member
    /// by member.
    private func documentRead(_ bytes: UnsafeRawBufferPointer) throws -> T {
        try JSONAdapter.model(of: T.self, from: Data(bytes), options: options)
    }

    /// Whether the first byte of `bytes` that is not whitespace opens an object.
    private static func beginsWithObject(_ bytes: ByteView) -> Bool {
        var index = 0
        while index < bytes.count, isJSONWhitespace(bytes[unchecked: index]) { index += 1 }
        return index < bytes.count && bytes[unchecked: index] == Byte.openBrace
    }

    /// The model in `bytes`, which begin with an object; read by
    /// ``documentRead(_:)`` from `whole` when the scanner finds otherwise.
    private func decode(_ bytes: ByteView, keys: MemberKeyTable, levelsLeft: Int, else whole: UnsafeRawBufferPointer) throws -> T {
        var slots: [Slot] = []
        do {
            var scanner = JSONAdapter.MemberScanner(
                input: bytes, builder: NativeJSONBuilder(), maximumDepth: options.maximumNestingDepth)
            try scanner.beginDocument(topLevelContainerRequired: false)
            guard scanner.nextByte == Byte.openBrace else { return try documentRead(whole) }
            var streams = !RecoveryLog.mayBeActive
            if streams, JSONAdapter.streamsModels(plan) {
                // Decoded as it is read; read again into slots if that gives up.
                let start = scanner.position
                do {
                    let model = try JSONAdapter.decodeStreaming(plan, keys: keys, from: &scanner, levelsLeft: levelsLeft)
                    try scanner.endDocument()
                    return model
                } catch {
                    scanner.position = start
                    streams = false
                }
            }
            swap(&slots, &spareSlots)
            if slots.count != keys.count { slots = .missing(count: keys.count) }
            try JSONAdapter.readObject(plan, keys: keys, into: &slots, from: &scanner, levelsLeft: levelsLeft, streams: streams)
            try scanner.endDocument()
        } catch let error as JSONParsingError {
            throw JSONAdapter.invalidJSON(error)
        }
        var source = DecodeSource.slots(consume slots)
        let model = try JSONAdapter.decodeMapped(plan, from: &source)
        spareSlots = source.reclaimSlots()
        return model
    }
}
