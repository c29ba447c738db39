/// Where the encode engine writes a model's JSON (see
/// ``JSONAdapter/encodeMapped(_:into:)``).
///
/// Two sinks exist: ``DictionarySink`` builds `[String: Any]` objects, and
/// ``EmitterSink`` writes JSON bytes. The engine decides what is written (which
/// keys, in which order, `null` or nothing, the JSON value of each property, the
/// errors); a sink only writes it.
protocol JSONSink {
    /// Whether the sink writes dotted and array-form key paths itself. A sink that
    /// does not is given the dictionary of a model whose plan is not flat.
    static var writesKeyPaths: Bool { get }
    /// Whether the sink starts objects from their plan's ``ObjectTemplate``; a sink
    /// that does not is given none.
    static var usesObjectTemplates: Bool { get }
    /// Whether ``writeMember(_:_:)-(MappingPlan<M>.Entry,_)`` takes a `JSONValue`,
    /// `[JSONValue]` or `[String: JSONValue]` as it is, writing what its Foundation
    /// form would be written as (see ``Transformation/jsonValueForm``).
    static var writesJSONValues: Bool { get }

    /// Starts the object of a model with `capacity` members at most; `template` is
    /// its plan's ``MappingPlan/objectTemplate`` for a sink that ``usesObjectTemplates``,
    /// `nil` otherwise.
    mutating func beginObject(capacity: Int, template: ObjectTemplate?) throws
    /// Ends the object ``beginObject(capacity:template:)`` started.
    mutating func endObject()
    /// Writes `value`, a JSON value (`NSNull` for `null`), at the entry's key path.
    mutating func writeMember<M>(_ entry: MappingPlan<M>.Entry, _ value: consuming Any) throws
    /// Writes the JSON array of `array` at the entry's key path: what
    /// ``writeMember(_:_:)-(MappingPlan<M>.Entry,_)`` writes for its
    /// ``ScalarArray/jsonArray``.
    mutating func writeMember<M>(_ entry: MappingPlan<M>.Entry, _ array: ScalarArray) throws
    /// Writes `value`, a JSON value, at `key` of the object, the key of the entry
    /// at `position` of the object's plan.
    mutating func writeMember(key: String, position: Int, _ value: consuming Any) throws
    /// Writes `value`, a JSON value, at the key of the step at `index` of `steps`,
    /// the object's plan's, which has a single key; the step is read in place.
    mutating func writeMember(_ steps: UnsafeBufferPointer<EncodeStep>, at index: Int, _ value: consuming Any) throws
    /// Writes the member of the step at `index` of `steps` straight from its field in
    /// `storage` (see ``EncodeStep/memberWrite``) and returns `true`, when the sink
    /// writes such members; returns `false`, having written nothing, otherwise or
    /// when the field holds `nil` (the engine then writes the member its own way).
    mutating func writeStoredMember(
        _ steps: UnsafeBufferPointer<EncodeStep>, at index: Int, of storage: StoredField.Storage
    ) -> Bool
    /// Writes a member whose value `body` writes into the sink: a nested model or
    /// array of models.
    mutating func writeMember<M>(_ entry: MappingPlan<M>.Entry, writing body: (inout Self) throws -> Void) throws
    /// Writes a member whose value `body` writes into a sink of JSON text and
    /// returns `true`; a sink that is not one writes nothing and returns `false`.
    mutating func writeMember<M>(_ entry: MappingPlan<M>.Entry, emitting body: (inout EmitterSink) throws -> Void) throws -> Bool
    /// Writes an array of `count` elements, each written into the sink by `element`.
    mutating func writeArray(count: Int, element: (inout Self, Int) throws -> Void) throws
    /// Writes a whole JSON object, already built.
    mutating func writeObject(_ object: [String: Any]) throws
    /// Part of the encode engine, implemented once in `JSONAdapter+Encoding.swift`:
    /// a requirement so that each sink gets it compiled for its own type.
    mutating func writeFieldSteps(
        _ steps: UnsafeBufferPointer<EncodeStep>, from start: Int, of storage: StoredField.Storage,
        included: Set<String>?, omitNulls: Bool
    ) throws -> Int
}
