import Foundation

/// A class that a cluster's `classForParsing(_:)` chose, as its cluster knows it
/// (see ``ClusterMembers/chosenClass(_:)``): decodes exactly that class from an
/// object's bytes, with its plan looked up once.
protocol ChosenClass: AnyObject, Sendable {
    /// A model of exactly this class, decoded from the object at the scanner's
    /// position, which has been checked (see ``JSONAdapter/decodeExactly(_:from:levelsLeft:streams:)``).
    func decode(from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int, streams: Bool) throws -> Any
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
/// choice again finds its ``ChosenClass`` without looking it up.
/// `classForParsing(_:)` is still asked for every object. Used in one task.
final class LastChoice {
    private var type: ObjectIdentifier?
    private var chosen: (any ChosenClass)?

    /// How `type` decodes, as `members` knows it.
    func chosenClass(_ type: any JSONSerializing.Type, of members: ClusterMembers) -> any ChosenClass {
        let identifier = ObjectIdentifier(type)
        if identifier == self.type, let chosen { return chosen }
        let made = members.chosenClass(type)
        self.type = identifier
        chosen = made
        return made
    }
}
