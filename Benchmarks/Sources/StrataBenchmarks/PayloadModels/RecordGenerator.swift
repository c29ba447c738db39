import Foundation

/// Writes a JSON array of `Record`s, the same bytes for the same count on every
/// run (a fixed linear congruential sequence, no system randomness).
enum RecordGenerator {
    /// The JSON array of `count` records.
    static func json(count: Int) -> Data {
        var generator = Sequence(seed: 0x5EED)
        var text = "["
        text.reserveCapacity(count * 260 + 2)
        for index in 0..<count {
            if index > 0 { text += ",\n" }
            appendRecord(index: index, to: &text, using: &generator)
        }
        text += "]"
        return Data(text.utf8)
    }

    /// The same records as JSON Lines: one record per line, each line ending with LF.
    static func lines(count: Int) -> Data {
        var generator = Sequence(seed: 0x5EED)
        var text = ""
        text.reserveCapacity(count * 260)
        for index in 0..<count {
            appendRecord(index: index, to: &text, using: &generator)
            text += "\n"
        }
        return Data(text.utf8)
    }

    /// The same records as a server-sent events feed: one event per record, with
    /// its type, its id and the record as its data, and a comment every 100 events.
    static func events(count: Int) -> Data {
        var generator = Sequence(seed: 0x5EED)
        var text = ""
        text.reserveCapacity(count * 290)
        for index in 0..<count {
            if index % 100 == 0 { text += ": keep-alive\n\n" }
            text += "event: record\nid: \(index + 1)\ndata: "
            appendRecord(index: index, to: &text, using: &generator)
            text += "\n\n"
        }
        return Data(text.utf8)
    }

    /// The number of records whose JSON array takes about `bytes` bytes.
    static func count(forApproximateBytes bytes: Int) -> Int {
        max(1, bytes * 1_000 / json(count: 1_000).count)
    }

    private static func appendRecord(index: Int, to text: inout String, using generator: inout Sequence) {
        let kinds = RecordKind.allCases
        let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
        let a = generator.next(), b = generator.next()
        let uuid = UUID(uuid: withUnsafeBytes(of: (a, b)) { bytes in
            (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
             bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])
        }).uuidString
        let name = "\(words[Int(a % 8)].capitalized) \(words[Int(b % 8)].capitalized) \(index)"
        let email = a % 5 == 0 ? "null" : "\"user\(index)@example.com\""
        let score = Double(b % 40_000) / 4  // exact in binary: the same Double on every path
        let tagCount = Int(a % 4)
        let tags = (0..<tagCount).map { "\"\(words[(Int(b >> 8) + $0) % 8])\"" }.joined(separator: ",")
        let homepage = b % 3 == 0 ? "null" : "\"https://example.com/people/\(index)\""
        text += """
            {"id":\(index + 1),"uuid":"\(uuid)","name":"\(name)","email":\(email),"score":\(score),\
            "active":\(a % 2 == 0),"tags":[\(tags)],"kind":"\(kinds[Int(b % 4)].rawValue)",\
            "created_at":\(1_600_000_000 + Int(a % 100_000_000)),"homepage":\(homepage)}
            """
    }

    /// A 64-bit linear congruential generator (Knuth's MMIX constants).
    private struct Sequence {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
    }
}
