import Foundation

/// One case of a ``JSONTaggedEnum``: how the object of its tag is read into the
/// case, and how a value of the case is written back.
///
/// Made with ``model(_:_:)`` for a case that holds a `JSONSerializing` model, or
/// ``value(_:)`` for one that holds the object as a ``JSONValue``.
public struct JSONTaggedCase<Enum: JSONTaggedEnum>: Sendable {
    /// Reads the case from the tagged object.
    let read: @Sendable ([String: Any]) throws -> Enum
    /// The case made from `payload`, when `payload` is of ``payloadType``.
    let make: @Sendable (Any) -> Enum?
    /// Writes the value the case holds as a JSON object.
    let write: @Sendable (Any) throws -> [String: Any]
    /// The type of the value the case holds: the model's, or ``JSONValue``.
    let payloadType: ObjectIdentifier
    /// Whether ``payloadType`` is a class, whose subclasses' values the case holds too.
    let payloadIsClass: Bool
    /// Writes the value the case holds as its model's object into a sink of JSON text.
    ///
    /// The member `key: tag` comes first; returns `true`, or `false`, having
    /// written nothing, when the object must be built first (see
    /// `JSONAdapter.encode(_:taggedWith:into:)`). No closure for a case that keeps
    /// the object as a ``JSONValue``.
    let writeTagged: (@Sendable (Any, _ tag: LeadingMember, inout EmitterSink) throws -> Bool)?
    /// ``writeTagged``, the model read at an address that holds it (the payload of
    /// an enum value, see `EnumCaseLayout`).
    ///
    /// No closure for a case whose model is a class or that keeps the object as a
    /// ``JSONValue``.
    let writeTaggedAt: (@Sendable (UnsafeRawPointer, _ tag: LeadingMember, inout EmitterSink) throws -> Bool)?
    /// Whether the `byteCount` bytes at an address hold `payload`, a value of the
    /// case's model, as the model's own bytes: what lets ``writeTaggedAt`` read the
    /// payload of an enum's case there.
    ///
    /// No closure when ``writeTaggedAt`` has none.
    let holdsPayload: (@Sendable (UnsafeRawPointer, _ byteCount: Int, _ payload: Any) -> Bool)?
    /// Reads the case from the tagged object at the scanner's position, its tag found,
    /// as ``read`` reads it from the object's dictionary (see ``ScannedCaseReader``);
    /// `nil` for a case that keeps the object as a ``JSONValue``.
    let scanned: ScannedCaseReader<Enum>?
    /// Audits the tagged object at a path as the case's model (see
    /// `JSONAdapter.audit(of:from:)`); a case holding a ``JSONValue`` keeps every member.
    let audit: @Sendable ([String: Any], [StrataError.PathComponent], inout JSONMappingAudit) throws -> Void

    /// A case that holds a model: the object is decoded as `type` (its tag
    /// included, if the model maps it), and `makeCase` builds the case, usually
    /// the case itself: `.model(Card.self, PaymentSource.card)`.
    public static func model<M: JSONSerializing>(
        _ type: M.Type, _ makeCase: @escaping @Sendable (M) -> Enum
    ) -> JSONTaggedCase {
        JSONTaggedCase(
            read: { object in makeCase(try JSONAdapter.nested { try JSONAdapter.decode(M.self, from: object) }) },
            make: { payload in (payload as? M).map(makeCase) },
            write: { payload in
                guard let model = payload as? M else { throw StrataError.expected("\(M.self)", found: payload) }
                return try JSONAdapter.nested { try JSONAdapter.encode(model) }
            },
            payloadType: ObjectIdentifier(M.self),
            payloadIsClass: M.self is AnyObject.Type,
            writeTagged: { payload, tag, sink in
                guard let model = payload as? M else { throw StrataError.expected("\(M.self)", found: payload) }
                return try JSONAdapter.nested { try JSONAdapter.encode(model, taggedWith: tag, into: &sink) }
            },
            writeTaggedAt: writerAtAddress(of: M.self),
            holdsPayload: payloadCheck(of: M.self),
            scanned: ScannedCaseReader(M.self, makeCase),
            audit: { object, path, audit in try JSONAdapter.auditObject(M.self, object, at: path, into: &audit) })
    }

    /// A case that holds the whole object as a ``JSONValue``, tag included: a
    /// fallback for tags the enum does not know (``JSONTaggedEnum/unknownTagCase``),
    /// written back as it was read.
    public static func value(_ makeCase: @escaping @Sendable (JSONValue) -> Enum) -> JSONTaggedCase {
        JSONTaggedCase(
            read: { object in makeCase(try JSONValue(json: object)) },
            make: { payload in (payload as? JSONValue).map(makeCase) },
            write: { payload in
                guard let value = payload as? JSONValue, let object = value.foundation as? [String: Any] else {
                    throw StrataError.expected("a JSONValue object", found: payload)
                }
                return object
            },
            payloadType: ObjectIdentifier(JSONValue.self),
            payloadIsClass: false,
            writeTagged: nil,
            writeTaggedAt: nil,
            holdsPayload: nil,
            scanned: nil,
            audit: { _, _, _ in })
    }

    /// The ``writeTaggedAt`` of a case holding an `M`; `nil` for a class.
    private static func writerAtAddress<M: JSONSerializing>(
        of _: M.Type
    ) -> (@Sendable (UnsafeRawPointer, LeadingMember, inout EmitterSink) throws -> Bool)? {
        guard !(M.self is AnyObject.Type) else { return nil }
        // `M`'s plan asked for once, on the first write, and then held: no look-up per value.
        let plans = PlanReference<M>()
        return { address, tag, sink in
            // The model used where it lies in the enum value's copy, not copied out of it.
            try JSONAdapter.nested {
                try plans.withPlan { plan in
                    try withStoredValue(at: address, as: M.self) { model in
                        try JSONAdapter.encode(model, plan: plan, taggedWith: tag, storedAt: address, into: &sink)
                    }
                }
            }
        }
    }

    /// The ``holdsPayload`` of a case holding an `M`; `nil` for a class.
    private static func payloadCheck<M>(of _: M.Type) -> (@Sendable (UnsafeRawPointer, Int, Any) -> Bool)? {
        guard !(M.self is AnyObject.Type) else { return nil }
        return { address, byteCount, payload in
            EnumCaseLayout.holdsPayload(at: address, byteCount: byteCount, equal: payload, as: M.self)
        }
    }
}
