import Foundation

/// An object of a class cluster, read from JSON data by the scanner source.
///
/// It is read while no user code may run, so it keeps the members its
/// `classForParsing(_:)` reads and the object's JSON text, already checked. The
/// engine asks `classForParsing(_:)` when it assigns the object, in plan order,
/// then reads the text into the chosen class (see
/// ``JSONAdapter/decodeCluster(_:_:)``).
///
/// A class, so that a ``Slot`` holding one stays the size it is.
final class ClusterObject {
    /// The members ``JSONSerializing/classForParsingJSONKeys`` names.
    let members: [String: Any]
    /// The object's JSON text, from its `{` to its `}`.
    let text: [UInt8]
    /// The nesting limit of the read it comes from, which the text, nested less
    /// deep on its own, never reaches.
    let maximumDepth: Int
    /// How many levels of models below the object may be read into slots.
    let levelsLeft: Int
    /// Whether models below the object may be decoded as they are read.
    let streams: Bool
    /// The class chosen last for objects of the same read with the same members.
    let lastChoice: LastChoice?
    /// The model of the object decoded as a class before the choice, and that class
    /// (see ``ClusterMembers/readAhead(from:recent:levelsLeft:streams:)``).
    let decodedAhead: (type: ObjectIdentifier, model: Any)?

    init(
        members: [String: Any], text: [UInt8], maximumDepth: Int, levelsLeft: Int, streams: Bool,
        lastChoice: LastChoice?, decodedAhead: (type: ObjectIdentifier, model: Any)? = nil
    ) {
        self.members = members
        self.lastChoice = lastChoice
        self.decodedAhead = decodedAhead
        self.text = text
        self.maximumDepth = maximumDepth
        self.levelsLeft = levelsLeft
        self.streams = streams
    }
}
