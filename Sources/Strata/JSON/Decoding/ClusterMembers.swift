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
    /// Each key as bytes whose absence from a stretch of JSON text shows that no
    /// member there has that key; `nil` when a key has no such bytes.
    private let searchedKeys: [TagKeyBytes]?
    /// For a single key with ``searchedKeys``: `{`, the key in quotes, and `:`, how an
    /// object that begins with it and is written without spaces begins.
    let leadingKey: [UInt8]?
    /// The class each type `classForParsing(_:)` chose decodes with, by type.
    private let chosenClasses = Locked<[ObjectIdentifier: any ChosenClass]>([:])
    /// The class last chosen for objects whose declared members are written as the
    /// key's texts (see ``RecentClusterMembers``), by any read: where the reads of an
    /// array start from (see ``readAhead(from:recent:levelsLeft:streams:)``).
    private let rememberedChoices = Locked<[[[UInt8]]: RememberedChoice]>([:])
    /// How many texts ``rememberedChoices`` holds at most: a cluster has a few kinds.
    private static let rememberedLimit = 64

    init(_ keys: Set<String>) {
        self.keys = keys.sorted()
        utf8Keys = self.keys.map { Array($0.utf8) }
        keysAreASCII = self.keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
        let searchedKeys = self.keys.compactMap(TagKeyBytes.init)
        self.searchedKeys = searchedKeys.count == self.keys.count ? searchedKeys : nil
        leadingKey =
            searchedKeys.count == 1 && self.keys.count == 1
            ? [Byte.openBrace] + searchedKeys[0].quoted + [Byte.colon] : nil
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
                if let index = declaredIndex(of: try scanner.memberKey(afterComma: afterComma)) {
                    try recent.readValue(ofKey: index, from: &scanner)
                } else {
                    try scanner.skipValuePlainContainersFirst()
                }
                afterComma = true
            } while try scanner.nextMember()
        }
        return try recent.members(of: self, from: &scanner)
    }

    /// The index in ``keys`` of a member's key, or `nil` for a key not declared.
    @inline(__always)
    private func declaredIndex(of key: JSONAdapter.MemberScanner.MemberKey) -> Int? {
        switch key {
        case .ascii(let bytes):
            keysAreASCII
                ? utf8Keys.firstIndex { $0.elementsEqual(bytes) }
                : keys.firstIndex(of: String(decoding: bytes, as: UTF8.self))
        case .decoded(let key):
            keys.firstIndex(of: key)
        }
    }

    /// The object at the scanner's position, with its declared members, decoded in
    /// one pass as a class before `classForParsing(_:)` is asked for it.
    ///
    /// Done when the object begins with its declared members, written as those of a
    /// recent object of the same read, none comes later (no later bytes may spell a
    /// declared key), and it decodes as it is read (`streams`) as the class last
    /// chosen for those members. The scanner is then after the object. `nil`, with
    /// the scanner where it was, otherwise: ``read(from:recent:)`` then reads it.
    ///
    /// The choice is still made for the object, in order: the model is the one
    /// ``ChosenClass/decode(from:levelsLeft:streams:)`` gives for that class, used
    /// only when the choice is that class.
    func readAhead(
        from scanner: inout JSONAdapter.MemberScanner, recent: inout RecentClusterMembers, levelsLeft: Int,
        streams: Bool
    ) -> DecodedAhead? {
        guard streams, let searchedKeys, recent.holdsMembers else { return nil }
        let start = scanner.position
        let same: (members: [String: Any], choice: LastChoice)
        let leadingEnd: Int
        if let leading = recent.sameLeadingMember(at: scanner.index, in: scanner.input) {
            same = (leading.members, leading.choice)
            leadingEnd = leading.end
        } else {
            guard let end = try? readLeadingMembers(from: &scanner, recent: &recent), let members = recent.sameMembers()
            else {
                scanner.position = start
                return nil
            }
            scanner.position = start
            same = members
            leadingEnd = end
        }
        guard !same.choice.declinesAhead, let predicted = same.choice.predicted else { return nil }
        guard let model = predicted.chosen.decodeAhead(from: &scanner, levelsLeft: levelsLeft),
            !searchedKeys.contains(where: { scanner.mayHoldKey($0, from: leadingEnd) })
        else {
            // Not tried again for these members in this read: the object is read twice.
            same.choice.declinesAhead = true
            scanner.position = start
            return nil
        }
        return DecodedAhead(members: same.members, choice: same.choice, type: predicted.type, model: model)
    }

    /// Reads the declared members the object at the scanner's position begins with,
    /// into `recent`, and returns the index after the last one's value (after the
    /// `{` when there is none).
    ///
    /// Stops once every declared key has been read: what comes after is searched
    /// for them (see ``readAhead(from:recent:levelsLeft:streams:)``).
    private func readLeadingMembers(
        from scanner: inout JSONAdapter.MemberScanner, recent: inout RecentClusterMembers
    ) throws(JSONParsingError) -> Int {
        recent.beginObject(keyCount: keys.count)
        guard try scanner.beginObject() else { return scanner.index }
        var end = scanner.index
        var unread = keys.count
        var afterComma = false
        while let index = declaredIndex(of: try scanner.memberKey(afterComma: afterComma)) {
            if !recent.hasValue(ofKey: index) { unread -= 1 }
            try recent.readValue(ofKey: index, from: &scanner)
            end = scanner.index
            guard unread > 0, try scanner.nextMember() else { break }
            afterComma = true
        }
        return end
    }

    /// The class last chosen, by any read, for objects whose declared members are
    /// written as `texts`.
    func rememberedChoice(for texts: [[UInt8]]) -> RememberedChoice? {
        rememberedChoices.withLock { $0[texts] }
    }

    /// Remembers `choice` for objects whose declared members are written as `texts`.
    func remember(_ choice: RememberedChoice, for texts: [[UInt8]]) {
        rememberedChoices.withLock { choices in
            if choices.count >= Self.rememberedLimit, choices[texts] == nil { choices.removeAll() }
            choices[texts] = choice
        }
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

/// An object of a class cluster decoded ahead of its choice (see
/// ``ClusterMembers/readAhead(from:recent:levelsLeft:streams:)``).
struct DecodedAhead {
    /// The declared members, as a recent object's.
    let members: [String: Any]
    /// The choice kept with those members.
    let choice: LastChoice
    /// The class the model is of.
    let type: ObjectIdentifier
    /// The model, exactly of that class.
    let model: Any
}
