/// Whether the objects at one place are told apart by a tag, and so are a
/// tagged enum (`JSONTaggedEnum`) with one model for each kind of object,
/// rather than one model holding the fields of them all.
///
/// The rule: the objects at a place are split by the first of ``tagKeys`` that
///
/// - every one of them has, holding a string that reads as a word (a letter,
///   then letters, digits, `_`, `-`, `.` or `:`; at most 64 characters);
/// - holds at least two and at most ``maximumTags`` different tags;
/// - and partitions their shapes: grouping the tags whose objects have the same
///   set of keys gives at least two groups.
///
/// Failing those, by the first other key, in payload order, whose values
/// partition the shapes beyond doubt: a word in every object, from two to
/// ``maximumOtherTags`` different ones, some seen more than once (a name or an
/// id is not a tag), and each group of tags with a key no other group has
/// (`"shape": "circle"` with `radius`, `"shape": "square"` with `side`).
///
/// Each group is one case model; tags whose objects have the same keys share it.
/// GitHub's owners, `"type": "User"` and `"type": "Organization"` with the same
/// keys, stay one model with a `type` string.
///
/// ```swift
/// // [{"object": "card", "last4": "4242"}, {"object": "bank_account", "routing_number": "110000000"}]
/// // → enum Datum: JSONTaggedEnum { case card(Card); case bankAccount(BankAccount); case other(JSONValue) … }
/// ```
enum TaggedObjectRule {
    /// The members that may hold a tag, in the order they are tried.
    static let tagKeys = ["object", "type", "kind", "event"]

    /// The most tags one enum is given; objects with more stay one model.
    static let maximumTags = 32

    /// The most tags a key other than ``tagKeys`` may hold to split the objects.
    static let maximumOtherTags = 8

    /// The objects of `object` split by their tag, or `nil` when the rule does
    /// not split them.
    static func variants(of object: ObjectObservation) -> TaggedVariants? {
        let otherKeys = object.keys.filter { !tagKeys.contains($0) }
        for key in tagKeys + otherKeys {
            let isNamedTag = tagKeys.contains(key)
            guard let objects = object.taggedObjects[key], objects.count == object.count else { continue }
            var tags: [String] = []
            var keySets: [String: Set<String>] = [:]
            var membersByTag: [String: [[JSONMember]]] = [:]
            for (tag, members) in objects {
                if keySets[tag] == nil { tags.append(tag) }
                keySets[tag, default: []].formUnion(members.map(\.key))
                membersByTag[tag, default: []].append(members)
            }
            guard tags.count >= 2, tags.count <= (isNamedTag ? maximumTags : maximumOtherTags) else { continue }
            if !isNamedTag, tags.count == objects.count { continue }
            var groups: [(keys: Set<String>, tags: [String])] = []
            for tag in tags {
                let keys = keySets[tag] ?? []
                if let index = groups.firstIndex(where: { $0.keys == keys }) {
                    groups[index].tags.append(tag)
                } else {
                    groups.append((keys, [tag]))
                }
            }
            guard groups.count >= 2 else { continue }
            if !isNamedTag {
                let partitions = groups.indices.allSatisfy { index in
                    let others = groups.indices.filter { $0 != index }.reduce(into: Set<String>()) { $0.formUnion(groups[$1].keys) }
                    return !groups[index].keys.subtracting(others).isEmpty
                }
                guard partitions else { continue }
            }
            let variants = groups.map { group in
                let observation = ObjectObservation()
                observation.caseTagKey = key
                for tag in group.tags {
                    for members in membersByTag[tag] ?? [] { observation.observe(members) }
                }
                return TaggedVariants.Variant(tags: group.tags, objects: observation)
            }
            return TaggedVariants(tagKey: key, variants: variants)
        }
        return nil
    }

    /// Whether `text` reads as a tag: a word a case can be named for.
    static func isTag(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
            text.unicodeScalars.count <= 64
        else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.:".unicodeScalars.contains($0))
        }
    }
}
