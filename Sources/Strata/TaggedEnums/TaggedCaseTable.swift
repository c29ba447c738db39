/// A tagged enum's cases in the order a value's tag is chosen in, found by their
/// tags, with what tells at once that a case cannot hold a value: built once per
/// enum type.
///
/// A value is written as the case of the first tag, in key order, whose case
/// builds the value's case from the value it holds (see
/// `JSONTaggedEnum.encodeTagged(_:)`). A case cannot build it when the value held
/// is of one of the table's types that are not classes, and the case holds
/// another: no cast between two such types succeeds, so the case's `make` is not
/// asked.
final class TaggedCaseTable<Enum: JSONTaggedEnum>: Sendable {
    /// The tags of ``JSONTaggedEnum/casesByTag``, sorted.
    let tags: [String]
    /// The case of each tag of ``tags``, at the same index.
    let cases: [JSONTaggedCase<Enum>]
    /// The types the cases (and the fallback) hold that are not classes.
    let valueTypes: Set<ObjectIdentifier>

    /// The index in ``tags`` of each tag: a table not generic over the enum, which
    /// code not specialised for it looks up without generic metadata.
    let indicesByTag: [String: Int]
    /// The key of ``JSONTaggedEnum/tagKeyPath`` when it is one key, the member a
    /// case's model writes first; `nil` for a nested path or one that is not valid.
    let tagKey: String?
    /// ``tagKey`` as bytes, when a tag first in its object is read in the same pass
    /// as the case's model (see `JSONAdapter+TaggedReading.swift`).
    let leadingTagKey: TagKeyBytes?

    /// The ``JSONTaggedCase/scanned`` reader of each case of ``cases``, each a
    /// ``ScannedCaseReader`` of `Enum`: a table not generic over the enum, read
    /// without generic metadata.
    let scannedReaders: [(any AnyObject & Sendable)?]

    /// The ``JSONTaggedCase/writeTaggedAt`` of each case of ``cases``: a table not
    /// generic over the enum, read without generic metadata.
    let payloadWriters: [(@Sendable (UnsafeRawPointer, String, String, inout EmitterSink) throws -> Bool)?]

    /// How a value of each case index (see `EnumCaseLayout`) is written, learned
    /// from the first value of the index written.
    private let routes = Locked<[Int: CaseRoute]>([:])

    private init() {
        let table = Enum.casesByTag
        var tags: [String] = []
        var cases: [JSONTaggedCase<Enum>] = []
        for (tag, taggedCase) in table.sorted(by: { $0.key < $1.key }) {
            tags.append(tag)
            cases.append(taggedCase)
        }
        self.tags = tags
        self.cases = cases
        payloadWriters = cases.map(\.writeTaggedAt)
        scannedReaders = cases.map { $0.scanned }
        indicesByTag = Dictionary(uniqueKeysWithValues: tags.enumerated().map { ($1, $0) })
        var valueTypes = Set(cases.filter { !$0.payloadIsClass }.map(\.payloadType))
        if let fallback = Enum.unknownTagCase, !fallback.payloadIsClass { valueTypes.insert(fallback.payloadType) }
        self.valueTypes = valueTypes
        tagKey = (try? Enum.tagPath()).flatMap { $0.segments.count == 1 ? $0.segments[0] : nil }
        leadingTagKey = tagKey.flatMap(TagKeyBytes.init)
    }

    /// How a value whose case has the index `caseIndex` is written; `nil` before
    /// one has been.
    func route(ofCase caseIndex: Int) -> CaseRoute? { routes.withLock { $0[caseIndex] } }

    /// Records how a value whose case has the index `caseIndex` is written.
    func learn(_ route: CaseRoute, ofCase caseIndex: Int) { routes.withLock { $0[caseIndex] = route } }

    /// The reader of the case at `index` of ``cases`` from JSON bytes; `nil` for a
    /// case that keeps the object as a ``JSONValue``.
    @inline(__always)
    func scannedReader(at index: Int) -> ScannedCaseReader<Enum>? {
        // The table holds only readers of `Enum` (see `init`).
        scannedReaders[index].map { knownClassObject($0, as: ScannedCaseReader<Enum>.self) }
    }

    /// `Enum`'s table.
    static var shared: TaggedCaseTable { SchemaCache.value(.taggedCases, for: Enum.self) { TaggedCaseTable() } }

    /// Whether `taggedCase` may hold a value of the type `held` (the dynamic type of
    /// the value): `false` only when a cast to its type certainly fails.
    func mayHold(_ held: ObjectIdentifier, in taggedCase: JSONTaggedCase<Enum>) -> Bool {
        taggedCase.payloadIsClass || taggedCase.payloadType == held || !valueTypes.contains(held)
    }
}

/// How a tagged enum's value of one case index is written.
enum CaseRoute: Sendable {
    /// As the case at this index of the table's ``TaggedCaseTable/cases``, its
    /// model read where the enum's case holds it (`JSONTaggedCase.writeTaggedAt`).
    case payloadOf(Int)
    /// Through reflection on the value (`JSONTaggedEnum.encodeTagged(_:)`).
    case reflected
}
