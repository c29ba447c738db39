/// How a model's mapping meets a real payload: the JSON paths the models map and
/// the payload lacks, and the JSON paths the payload has and no model maps.
///
/// Made by `JSONAdapter.audit(of:from:)`, for a test that reviews a model
/// against a recorded response: a key mapped by the wrong name (`last_4` for
/// Stripe's `last4`) shows up twice, absent under one name and unmapped under
/// the other.
///
/// ```swift
/// let audit = try JSONAdapter.audit(of: Customer.self, from: recordedResponse)
/// #expect(audit.absentKeys == [])
/// #expect(audit.unmappedKeys == ["sources.data[0].fingerprint"])   // left out on purpose
/// ```
///
/// Paths are written as error paths are (``StrataError/pathDescription``), with
/// the concrete index of each array element: `sources.data[1].last4`.
public struct JSONMappingAudit: Sendable, Hashable, CustomStringConvertible {
    /// The JSON paths the models map and the payload lacks.
    ///
    /// In the order the models were read. A key sent as `null` is present, and
    /// not listed.
    public internal(set) var absentKeys: [String] = []

    /// The JSON paths the payload has and no model maps, in the order they were
    /// read, each object's keys in sorted order.
    ///
    /// A key on a mapped path that holds an object is not listed itself; its
    /// members that no path goes through are (`sources.has_more` when only
    /// `sources.data` is mapped). A class cluster's discriminator is listed unless
    /// the chosen model maps it; a tagged enum's tag is not, when a case or the
    /// fallback takes the object (the enum maps it).
    public internal(set) var unmappedKeys: [String] = []

    /// Creates an empty audit.
    public init() {}

    /// Whether the models map every key of the payload, and the payload has every
    /// key the models map.
    public var isComplete: Bool { absentKeys.isEmpty && unmappedKeys.isEmpty }

    /// One line per key: `absent: path` or `unmapped: path`.
    public var description: String {
        (absentKeys.map { "absent: " + $0 } + unmappedKeys.map { "unmapped: " + $0 }).joined(separator: "\n")
    }
}
