import Foundation

/// The members of a JSON object that a class cluster's `classForParsing(_:)` reads
/// (``JSONSerializing/classForParsingJSONKeys``): what every route hands it, found
/// in a dictionary or read from the object's bytes.
final class ClusterMembers: Sendable {
    /// The declared keys, sorted.
    let keys: [String]
    /// The keys, for finding them among an object's members.
    private let table: MemberKeyTable

    init(_ keys: Set<String>) {
        self.keys = keys.sorted()
        table = MemberKeyTable(keys: self.keys)
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
    /// They are parsed as the reader parses a document; every other member is
    /// checked and skipped, and the scanner is left after the object. A later duplicate key replaces an earlier
    /// one, as it does in the dictionary the reader builds.
    func read(from scanner: inout JSONAdapter.MemberScanner) throws(JSONParsingError) -> [String: Any] {
        var members: [String: Any] = [:]
        guard !keys.isEmpty else {
            try scanner.skipValue()
            return members
        }
        var reader = MappedMembers(table)
        while let index = try reader.next(in: &scanner) {
            members[keys[index]] = try scanner.parseValueTree()
        }
        return members
    }
}
