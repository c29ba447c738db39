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

    /// The member `tagKey: tag` of each tag of ``tags``, at the same index, when
    /// ``tagKey`` is one key: what a case's model's object starts with.
    let tagMembers: [LeadingMember]?

    /// The ``JSONTaggedCase/scanned`` reader of each case of ``cases``, each a
    /// ``ScannedCaseReader`` of `Enum`: a table not generic over the enum, read
    /// without generic metadata.
    let scannedReaders: [(any AnyObject & Sendable)?]

    /// The ``JSONTaggedCase/writeTaggedAt`` of each case of ``cases``: a table not
    /// generic over the enum, read without generic metadata.
    let payloadWriters: [PayloadWriter?]

    /// How many bytes the last `data(from:)` of one value (word 0) and of an array
    /// of values (word 1) of `Enum` wrote: the next one's first capacity, as a
    /// plan's ``MappingPlan/lastOutputSizes`` is for a model.
    let lastOutputSizes = AtomicWords(count: 2)

    /// How a value of each case index (see `EnumCaseLayout`) below
    /// ``wordRouteCount`` is written, learned from the first value of the index
    /// written: one word per index, read without a lock (0 while not learned, 1
    /// through reflection, `2 + i` from the payload as the case at index `i` of
    /// ``cases``).
    private let wordRoutes = AtomicWords(count: wordRouteCount)
    /// How a value of each later case index is written.
    private let laterRoutes = Locked<[Int: CaseRoute]>([:])
    /// How many case indices have their route in ``wordRoutes``.
    private static var wordRouteCount: Int { 64 }

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
        payloadWriters = cases.map { $0.writeTaggedAt.map(PayloadWriter.init) }
        scannedReaders = cases.map { $0.scanned }
        indicesByTag = Dictionary(uniqueKeysWithValues: tags.enumerated().map { ($1, $0) })
        var valueTypes = Set(cases.filter { !$0.payloadIsClass }.map(\.payloadType))
        if let fallback = Enum.unknownTagCase, !fallback.payloadIsClass { valueTypes.insert(fallback.payloadType) }
        self.valueTypes = valueTypes
        tagKey = (try? Enum.tagPath()).flatMap { $0.segments.count == 1 ? $0.segments[0] : nil }
        leadingTagKey = tagKey.flatMap(TagKeyBytes.init)
        tagMembers = tagKey.map { key in tags.map { LeadingMember(key: key, value: $0) } }
    }

    /// How a value whose case has the index `caseIndex` is written; `nil` before
    /// one has been.
    func route(ofCase caseIndex: Int) -> CaseRoute? {
        guard caseIndex >= 0, caseIndex < Self.wordRouteCount else { return laterRoutes.withLock { $0[caseIndex] } }
        // A route is a word on its own: nothing else is published with it.
        switch wordRoutes.loadRelaxed(at: caseIndex) {
        case 0: return nil
        case 1: return .reflected
        case let word: return .payloadOf(Int(word - 2))
        }
    }

    /// Records how a value whose case has the index `caseIndex` is written.
    func learn(_ route: CaseRoute, ofCase caseIndex: Int) {
        guard caseIndex >= 0, caseIndex < Self.wordRouteCount else {
            return laterRoutes.withLock { $0[caseIndex] = route }
        }
        switch route {
        case .reflected: wordRoutes.storeReleasing(1, at: caseIndex)
        case .payloadOf(let index): wordRoutes.storeReleasing(UInt(index) + 2, at: caseIndex)
        }
    }

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

/// A case's ``JSONTaggedCase/writeTaggedAt``, held in a struct: a closure kept in
/// an array directly is kept in the array's generic form, and each one taken out
/// is wrapped in a new closure, allocated on every value written.
struct PayloadWriter: Sendable {
    /// Writes the model at an address, with its tag (see ``JSONTaggedCase/writeTaggedAt``).
    let write: @Sendable (UnsafeRawPointer, _ tag: LeadingMember, inout EmitterSink) throws -> Bool
}

/// How a tagged enum's value of one case index is written.
enum CaseRoute: Sendable {
    /// As the case at this index of the table's ``TaggedCaseTable/cases``, its
    /// model read where the enum's case holds it (`JSONTaggedCase.writeTaggedAt`).
    case payloadOf(Int)
    /// Through reflection on the value (`JSONTaggedEnum.encodeTagged(_:)`).
    case reflected
}
