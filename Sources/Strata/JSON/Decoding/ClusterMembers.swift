import Foundation

/// The members of a JSON object that a class cluster's `classForParsing(_:)` reads
/// (``JSONSerializing/classForParsingJSONKeys``): what every route hands it, found
/// in a dictionary or read from the object's bytes.
final class ClusterMembers: Sendable {
    /// The declared keys, sorted.
    let keys: [String]
    /// Each key's UTF-8, for comparing a member's plain key where it stands.
    private let utf8Keys: [[UInt8]]
    /// Whether every key is ASCII: a plain key in the input then matches one only by
    /// its bytes (a non-ASCII key may equal another spelling of it).
    private let keysAreASCII: Bool
    /// The class each type `classForParsing(_:)` chose decodes with, by type.
    private let chosenClasses = Locked<[ObjectIdentifier: any ChosenClass]>([:])

    init(_ keys: Set<String>) {
        self.keys = keys.sorted()
        utf8Keys = self.keys.map { Array($0.utf8) }
        keysAreASCII = self.keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    }

    /// The declared members `object` has.
    func members(of object: [String: Any]) -> [String: Any] {
        var members: [String: Any] = [:]
        for key in keys {
            if let value = object[key] { members[key] = value }
        }
        return members
    }

    /// The declared members of the object at the scanner's position.
    ///
    /// They are parsed as the reader parses a document, or, written as those of an
    /// object read before, handed as they were then (see ``RecentClusterMembers``);
    /// every other member is checked and skipped, and the scanner is left after the
    /// object. A later duplicate key replaces an earlier one, as it does in the
    /// dictionary the reader builds.
    func read(
        from scanner: inout JSONAdapter.MemberScanner, recent: inout RecentClusterMembers
    ) throws(JSONParsingError) -> [String: Any] {
        recent.beginObject(keyCount: keys.count)
        if try scanner.beginObject() {
            var afterComma = false
            repeat {
                let index: Int?
                switch try scanner.memberKey(afterComma: afterComma) {
                case .ascii(let bytes):
                    index =
                        keysAreASCII
                        ? utf8Keys.firstIndex { $0.elementsEqual(bytes) }
                        : keys.firstIndex(of: String(decoding: bytes, as: UTF8.self))
                case .decoded(let key):
                    index = keys.firstIndex(of: key)
                }
                if let index {
                    try recent.readValue(ofKey: index, from: &scanner)
                } else {
                    try scanner.skipValuePlainContainersFirst()
                }
                afterComma = true
            } while try scanner.nextMember()
        }
        return try recent.members(named: keys, from: &scanner)
    }

    /// How `type`, a class `classForParsing(_:)` chose, decodes: made once per type.
    func chosenClass(_ type: any JSONSerializing.Type) -> any ChosenClass {
        let identifier = ObjectIdentifier(type)
        if let known = chosenClasses.withLock({ $0[identifier] }) { return known }
        func make<U: JSONSerializing>(_: U.Type) -> any ChosenClass { ChosenClassType<U>() }
        let made = make(type)
        chosenClasses.withLock { $0[identifier] = made }
        return made
    }
}
