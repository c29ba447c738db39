import Foundation

extension JSONAdapter {
    /// Compares `T`'s mapping with a payload: which keys the models map and the
    /// payload lacks, and which keys the payload has and no model maps, through
    /// nested models, arrays of models and class clusters.
    ///
    /// Meant for a test that reviews a model against a real response, where a key
    /// mapped by the wrong name would otherwise keep its default without a word:
    ///
    /// ```swift
    /// @Test func theCardMapsStripesKeys() throws {
    ///     let audit = try JSONAdapter.audit(of: Card.self, from: Data(#"{"id": "card_1", "last4": "4242"}"#.utf8))
    ///     #expect(audit.absentKeys == [])     // ["last_4"] if last4 were mapped by snake case's old rule
    ///     #expect(audit.unmappedKeys == [])   // ["last4"] then, too
    /// }
    /// ```
    ///
    /// The data may hold an object, or an array of objects (whose paths start with
    /// the index). Nothing is decoded and no hook but `classForParsing(_:)` runs:
    /// a value of the wrong type is not an audit failure (decoding reports it).
    /// Nested models are followed where their property's default transformer reads
    /// them; a property with a transformer of its own maps its whole value.
    ///
    /// - Throws: ``StrataError/Code/invalidJSON`` for data that is not JSON,
    ///   ``StrataError/Code/invalidMapping`` for a mapping that is invalid (of `T`
    ///   or of a model reached), and ``StrataError/Code/invalidJSONDictionary`` when
    ///   the data holds neither an object nor an array.
    public static func audit<T: JSONSerializing>(of type: T.Type, from data: Data) throws -> JSONMappingAudit {
        try auditDocument(data, as: T.self) { object, path, audit in try auditObject(T.self, object, at: path, into: &audit) }
    }

    /// Audits the object `data` holds, or each object of its array, with `auditObject`.
    static func auditDocument(
        _ data: Data, as type: Any.Type,
        _ auditObject: ([String: Any], [StrataError.PathComponent], inout JSONMappingAudit) throws -> Void
    ) throws -> JSONMappingAudit {
        let json = try parse(data, maximumNestingDepth: DecodingOptions.default.maximumNestingDepth)
        var audit = JSONMappingAudit()
        if let object = json as? [String: Any] {
            try auditObject(object, [], &audit)
        } else if let elements = json as? [Any] {
            for (index, element) in elements.enumerated() {
                guard let object = element as? [String: Any] else { continue }
                try auditObject(object, [.index(index)], &audit)
            }
        } else {
            throw notAnObject(json, for: type)
        }
        return audit
    }

    /// Audits `object` as `T`, or as the type `T.classForParsing(_:)` chooses; an
    /// object for which it chooses none is unmapped as a whole, member by member.
    static func auditObject<T: JSONSerializing>(
        _ type: T.Type, _ object: [String: Any], at path: [StrataError.PathComponent], into audit: inout JSONMappingAudit
    ) throws {
        // Handed what decoding hands it: the declared members, when there are any.
        let given = MappingPlan<T>.shared.clusterMembers?.members(of: object) ?? object
        guard let chosen = T.classForParsing(given) else {
            audit.unmappedKeys += object.keys.sorted().map { StrataError.description(of: path + [.key($0)]) }
            return
        }
        func auditChosen<U: JSONSerializing>(_: U.Type) throws {
            try auditMapped(MappingPlan<U>.resolved(), object, at: path, into: &audit)
        }
        try auditChosen(chosen)
    }

    /// Audits `object` against `plan`'s entries.
    private static func auditMapped<U: JSONSerializing>(
        _ plan: MappingPlan<U>, _ object: [String: Any], at path: [StrataError.PathComponent],
        into audit: inout JSONMappingAudit
    ) throws {
        var routes: [AuditRoute] = []
        var keptMembers: Set<String>?
        for entry in plan.entries {
            // The property that keeps the unmapped members: it reads every member the
            // other entries leave, so none of them is unmapped (see below).
            if let mapped = entry.unmappedExcept {
                keptMembers = Set(object.keys).subtracting(mapped)
                continue
            }
            var read = 0
            // A key into a value that is not an object is the payload's mistake, which
            // decoding reports: the key is not absent.
            if case .missing = (try? DecodeSource.lookUp(entry, in: object, read: &read)) ?? .json(nil) {
                audit.absentKeys.append(StrataError.description(of: path + entry.errorPath))
            }
            let leaf: AuditRoute.Leaf =
                switch entry.kind {
                case .value: entry.isCustomTransformer ? .whole : AuditRoute.Leaf(entry.property.type)
                case .model: (entry.nested as? any ModelAuditing).map(AuditRoute.Leaf.model) ?? .whole
                case .models: (entry.nested as? any ModelAuditing).map(AuditRoute.Leaf.models) ?? .whole
                }
            routes += entry.keyPath.paths.map { AuditRoute(rest: $0.components[...], leaf: leaf) }
        }
        let listed = audit.unmappedKeys.count
        try walk(object, routes, at: path, into: &audit)
        if let keptMembers {
            let kept = Set(keptMembers.map { StrataError.description(of: path + [.key($0)]) })
            audit.unmappedKeys.replaceSubrange(listed..., with: audit.unmappedKeys[listed...].filter { !kept.contains($0) })
        }
    }

    /// Lists the members of `value` that no route goes through, and audits the
    /// models at the routes' ends.
    private static func walk(
        _ value: Any, _ routes: [AuditRoute], at path: [StrataError.PathComponent], into audit: inout JSONMappingAudit
    ) throws {
        if let end = routes.first(where: { $0.rest.isEmpty }) {
            switch end.leaf {
            case .whole:
                return
            case .model(let nested):
                guard let object = value as? [String: Any] else { return }
                try nested.audit(object, at: path, into: &audit)
            case .models(let nested):
                guard let elements = value as? [Any] else { return }
                for (index, element) in elements.enumerated() {
                    guard let object = element as? [String: Any] else { continue }
                    try nested.audit(object, at: path + [.index(index)], into: &audit)
                }
            }
            return
        }
        func follow(_ component: StrataError.PathComponent, _ member: Any) throws {
            let next = routes.filter { $0.rest.first == component }.map { AuditRoute(rest: $0.rest.dropFirst(), leaf: $0.leaf) }
            if next.isEmpty {
                audit.unmappedKeys.append(StrataError.description(of: path + [component]))
            } else {
                try walk(member, next, at: path + [component], into: &audit)
            }
        }
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() {
                if let member = object[key] { try follow(.key(key), member) }
            }
        } else if let elements = value as? [Any] {
            for (index, element) in elements.enumerated() { try follow(.index(index), element) }
        }
    }
}

/// One mapped JSON path, as the audit walks a payload: the components still to
/// go, and what the path's value is.
private struct AuditRoute {
    enum Leaf {
        /// A value the property maps whole.
        case whole
        /// A nested model, audited by its own plan, or a tagged enum, by its case's.
        case model(any ModelAuditing)
        /// An array of nested models, or of tagged enums.
        case models(any ModelAuditing)

        /// The leaf of a value of `type` read by its default transformer: a tagged
        /// enum, or an array of them (optional or not), is audited as each
        /// object's case; any other value is whole.
        init(_ type: PropertyType) {
            switch type {
            case .optional(let wrapped): self.init(wrapped)
            case .leaf(let leaf as TaggedEnumProperty): self = .model(leaf)
            case .array(.leaf(let leaf as TaggedEnumProperty), _), .array(.optional(.leaf(let leaf as TaggedEnumProperty)), _):
                self = .models(leaf)
            default: self = .whole
            }
        }
    }

    let rest: ArraySlice<StrataError.PathComponent>
    let leaf: Leaf
}

/// A nested model type that audits an object as itself (see
/// `JSONAdapter.audit(of:from:)`).
protocol ModelAuditing {
    func audit(_ object: [String: Any], at path: [StrataError.PathComponent], into audit: inout JSONMappingAudit) throws
}

/// A tagged enum audits an object as the model of its tag's case.
extension TaggedEnumProperty: ModelAuditing {}

extension NestedModelType: ModelAuditing {
    func audit(_ object: [String: Any], at path: [StrataError.PathComponent], into audit: inout JSONMappingAudit) throws {
        try JSONAdapter.auditObject(U.self, object, at: path, into: &audit)
    }
}
