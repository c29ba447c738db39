import Foundation

/// A class that a cluster's `classForParsing(_:)` chose, as its cluster knows it
/// (see ``ClusterMembers/chosenClass(_:)``): decodes exactly that class from an
/// object's bytes, with its plan looked up once.
protocol ChosenClass: AnyObject, Sendable {
    /// A model of exactly this class, decoded from the object at the scanner's
    /// position, which has been checked (see ``JSONAdapter/decodeExactly(_:from:levelsLeft:streams:)``).
    func decode(from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int, streams: Bool) throws -> Any
    /// A model of exactly this class decoded as the object at the scanner's
    /// position is read, before `classForParsing(_:)` is asked for it: what
    /// ``decode(from:levelsLeft:streams:)`` gives when it decodes as it reads.
    ///
    /// `nil` when the class does not decode so, or when the read gives up: the
    /// caller sets the scanner back.
    func decodeAhead(from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int) -> Any?
}

/// The ``ChosenClass`` of `U`.
///
/// A class chosen for an object is decoded as exactly that class: its own
/// `classForParsing(_:)` is not asked again, so, with no other hook of its own and
/// nothing but such models inside it, it is decoded as it is read (see
/// `JSONAdapter+Streaming.swift`), whatever its `classForParsing(_:)`.
final class ChosenClassType<U: JSONSerializing>: ChosenClass {
    /// `U`'s plan, asked for once, when the class is first chosen.
    private let plan = MappingPlan<U>.shared
    /// Whether `U` as a chosen class is decoded as it is read: 0 while unknown,
    /// 1 yes, 2 no (see ``MappingPlan/streamsModels(visiting:asChosen:)``).
    private let streamingDecision = AtomicWords(count: 1)

    func decode(from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int, streams: Bool) throws -> Any {
        var streamsBelow = streams
        if streams, let keys = plan.memberKeys, streamsAsChosen() {
            // Decoded as it is read; read again into slots if that gives up.
            let start = scanner.position
            do {
                return try JSONAdapter.decodeStreaming(plan, keys: keys, from: &scanner, levelsLeft: levelsLeft)
            } catch {
                scanner.position = start
                streamsBelow = false
            }
        }
        return try JSONAdapter.decodeExactly(plan, from: &scanner, levelsLeft: levelsLeft, streams: streamsBelow)
    }

    func decodeAhead(from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int) -> Any? {
        guard let keys = plan.memberKeys, streamsAsChosen() else { return nil }
        // Caught rather than `try?`: in this code, not specialised for `U`, a `U?` looks up
        // its metadata on every call.
        do {
            let model: Any = try JSONAdapter.decodeStreaming(plan, keys: keys, from: &scanner, levelsLeft: levelsLeft)
            return model
        } catch {
            return nil
        }
    }

    /// Whether `U`, chosen, is decoded as it is read: decided once every hook it
    /// depends on is known.
    private func streamsAsChosen() -> Bool {
        switch streamingDecision.loadRelaxed() {
        case 1: return true
        case 2: return false
        default:
            var visiting: [ObjectIdentifier] = []
            guard let streams = plan.streamsModels(visiting: &visiting, asChosen: true) else { return false }
            streamingDecision.storeReleasing(streams ? 1 : 2)
            return streams
        }
    }
}

/// The class last chosen for objects with the same declared members.
///
/// Kept by one read beside those members (see ``RecentClusterMembers``): the same
/// choice again finds its ``ChosenClass`` without looking it up, and an object
/// with those members is decoded as that class before the choice is made (see
/// ``ClusterMembers/readAhead(from:recent:levelsLeft:streams:)``).
/// `classForParsing(_:)` is still asked for every object. Used in one task.
final class LastChoice {
    /// The text of each declared member's value (see ``RecentClusterMembers``).
    private let texts: [[UInt8]]
    private var type: ObjectIdentifier?
    private var chosen: (any ChosenClass)?
    /// Whether an object with these members read as ``predicted`` gave up.
    var declinesAhead = false

    /// The choice for members written as `texts`, starting with the one `cluster`
    /// remembers for them.
    init(texts: [[UInt8]], of cluster: ClusterMembers) {
        self.texts = texts
        if let remembered = cluster.rememberedChoice(for: texts) {
            type = remembered.type
            chosen = remembered.chosen
        }
    }

    /// The class last chosen for these members, and its type.
    var predicted: RememberedChoice? {
        guard let type, let chosen else { return nil }
        return RememberedChoice(type: type, chosen: chosen)
    }

    /// How `type` decodes, as `members` knows it.
    func chosenClass(_ type: any JSONSerializing.Type, of members: ClusterMembers) -> any ChosenClass {
        let identifier = ObjectIdentifier(type)
        if identifier == self.type, let chosen { return chosen }
        let made = members.chosenClass(type)
        self.type = identifier
        chosen = made
        declinesAhead = false
        members.remember(RememberedChoice(type: identifier, chosen: made), for: texts)
        return made
    }
}

/// A class chosen for a cluster's objects with some declared members, and its type.
struct RememberedChoice: Sendable {
    let type: ObjectIdentifier
    let chosen: any ChosenClass
}
