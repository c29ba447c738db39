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

    /// The model in `data`, one element's bytes.
    func decode(_ data: Data) throws -> T {
        guard let keys else { return try JSONAdapter.model(of: T.self, from: data, options: options) }
        let read = try JSONAdapter.reading(with: options) { levelsLeft in
            try data.withUnsafeBytes { raw in try decode(ByteView(raw), keys: keys, levelsLeft: levelsLeft) }
        }
        guard let read else { return try JSONAdapter.model(of: T.self, from: data, options: options) }
        return read
    }

    /// The model in `bytes`, or `nil` when they do not begin with an object.
    private func decode(_ bytes: ByteView, keys: MemberKeyTable, levelsLeft: Int) throws -> T? {
        guard bytes.count > 0 else { return nil }
        var slots: [Slot] = []
        do {
            var scanner = JSONAdapter.MemberScanner(
                input: bytes, builder: NativeJSONBuilder(), maximumDepth: options.maximumNestingDepth)
            try scanner.beginDocument(topLevelContainerRequired: false)
            guard scanner.nextByte == Byte.openBrace else { return nil }
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
        } catch {
            throw JSONAdapter.invalidJSON(error)
        }
        var source = DecodeSource.slots(consume slots)
        let model = try JSONAdapter.decodeMapped(plan, from: &source)
        spareSlots = source.reclaimSlots()
        return model
    }
}
