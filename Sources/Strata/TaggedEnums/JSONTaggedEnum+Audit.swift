import Foundation

/// The mapping audit of tagged enums: an object is audited as the model of the
/// case its tag chooses, at the top level and in a property (through
/// ``TaggedEnumProperty/audit(_:at:into:)``).
extension JSONAdapter {
    /// Compares a tagged enum's cases with a payload, as
    /// `audit(of:from:)` does for a model: each object is audited as the model of
    /// the case its tag chooses, the tag counted as mapped.
    ///
    /// ```swift
    /// let audit = try JSONAdapter.audit(of: IssueEvent.self, from: recordedEvents)
    /// #expect(audit.unmappedKeys == [])   // ["[2].label.color"] when Labeled.Label lacks color
    /// ```
    ///
    /// - Throws: as `audit(of:from:)` for a model does.
    public static func audit<T: JSONTaggedEnum>(of type: T.Type, from data: Data) throws -> JSONMappingAudit {
        try auditDocument(data, as: T.self) { object, path, audit in try T.auditTagged(object, at: path, into: &audit) }
    }
}

extension JSONTaggedEnum {
    /// Audits `object` as the case its tag chooses, its tag counted as mapped.
    ///
    /// See `JSONAdapter.audit(of:from:)`. An object whose tag no case and no
    /// fallback takes is unmapped as a whole, member by member.
    static func auditTagged(
        _ object: [String: Any], at path: [StrataError.PathComponent], into audit: inout JSONMappingAudit
    ) throws {
        let tagPath = try tagPath()
        var read = 0
        let slot = try DecodeSource.value(at: tagKeyPath, in: object, read: &read)
        let tag: String? = if case .json(let found as String) = slot { found } else { nil }
        guard let chosen = tag.flatMap({ casesByTag[$0] }) ?? unknownTagCase else {
            audit.unmappedKeys += object.keys.sorted().map { StrataError.description(of: path + [.key($0)]) }
            return
        }
        let listed = audit.unmappedKeys.count
        try chosen.audit(object, path, &audit)
        let tagDescription = StrataError.description(of: path + tagPath.components)
        audit.unmappedKeys.replaceSubrange(
            listed..., with: audit.unmappedKeys[listed...].filter { $0 != tagDescription })
    }
}
