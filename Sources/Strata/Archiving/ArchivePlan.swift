/// What Strata archives for a model type: the archived properties with their
/// behaviours, and the classes its archives may contain.
///
/// Built once per type, checked once, cached.
final class ArchivePlan<M: SecureCodingModel>: Sendable {
    struct Entry: Sendable {
        let property: ModelProperty<M>
        let behavior: EncodingBehavior
    }

    /// The properties that reach the archive, in declaration order.
    let entries: [Entry]
    /// For each property of `M`'s schema, in order, whether reading assigns it: the
    /// properties of ``entries``.
    let readsProperty: [Bool]
    /// Why the model cannot be archived, if it cannot.
    let problem: StrataError?

    /// The cached plan of `M`.
    static var shared: ArchivePlan<M> {
        SchemaCache.value(.archivePlan, for: M.self) { ArchivePlan() }
    }

    /// The plan, or the error that makes the model unarchivable: its own
    /// problem, or that of a model nested in it (checked before anything is
    /// written).
    static func resolved() throws -> ArchivePlan<M> {
        let plan = shared
        if let problem = plan.problem ?? graph.nestedProblem { throw problem }
        return plan
    }

    /// The exact class names archives of `M` contain (cached; see ``ArchiveFormat/classNames(for:)``).
    static var classNames: Set<String> { graph.classNames }

    /// Whether `M` or a model nested in it (at any depth) has a conditional
    /// class-model property: only then does archiving need the first pass of
    /// ``UnconditionalObjects``.
    static var hasConditionalReferences: Bool { graph.hasConditionalReferences }

    /// What `M`'s nested types imply, cached: the classes of its archives, and
    /// the first problem of a nested model.
    private static var graph: Graph {
        SchemaCache.value(.archiveClassNames, for: M.self) {
            Graph(
                classNames: ArchiveFormat.classNames(for: M.self), nestedProblem: ArchiveFormat.nestedProblem(in: M.self),
                hasConditionalReferences: ArchiveFormat.hasConditionalReferences(in: M.self))
        }
    }

    /// The cache entry for ``graph``.
    private final class Graph: Sendable {
        let classNames: Set<String>
        let nestedProblem: StrataError?
        let hasConditionalReferences: Bool
        init(classNames: Set<String>, nestedProblem: StrataError?, hasConditionalReferences: Bool) {
            self.classNames = classNames
            self.nestedProblem = nestedProblem
            self.hasConditionalReferences = hasConditionalReferences
        }
    }

    private init() {
        let schema = ModelSchema<M>.shared
        let behaviors = M.encodingBehaviorsByPropertyKey
        var problems: [String] = []
        for key in behaviors.keys.sorted() where (try? schema.property(forKey: key)) == nil {
            problems.append("'\(key)' has an encoding behavior but is not in propertyKeys.")
        }
        var entries: [Entry] = []
        for property in schema.properties {
            let behavior = behaviors[property.key] ?? (property.isWritable ? .unconditional : .excluded)
            guard behavior != .excluded else { continue }
            if ArchiveFormat.reservedKeys.contains(property.key) {
                problems.append("'\(property.key)' is a key Strata's archive format reserves; rename the property key.")
            } else if !property.isWritable {
                problems.append(
                    "'\(property.key)' is read-only (a let or computed property), so it cannot be decoded; "
                        + "mark it .excluded in encodingBehaviorsByPropertyKey.")
            } else if let problem = property.type.archiveProblem {
                problems.append(
                    "'\(property.key)' has type \(property.type.name), which cannot be archived: \(problem). "
                        + "Mark it .excluded in encodingBehaviorsByPropertyKey, or change its type.")
            } else {
                entries.append(Entry(property: property, behavior: behavior))
            }
        }
        self.entries = entries
        let readKeys = Set(entries.map(\.property.key))
        readsProperty = schema.properties.map { readKeys.contains($0.key) }
        // A broken property list is the mapping's problem, reported as it is from
        // every entry point.
        self.problem =
            schema.problem
            ?? (problems.isEmpty
                ? nil
                : StrataError(
                    .unsupportedValue,
                    "\(M.self) cannot be archived: " + problems.joined(separator: " ")))
    }
}
