import Foundation

/// Checks that data is a keyed archive the bridge can decode safely, before any
/// Foundation code parses it.
///
/// On Linux, `NSKeyedUnarchiver` with secure coding calls `fatalError` when an
/// archive names a class outside the allowed set, overflows the stack on a
/// reference cycle, and `PropertyListSerialization` can crash on a damaged binary
/// property list. So the archive is first read by ``BinaryPropertyList`` (a strict
/// reader of its own) and refused unless:
/// - it has the keyed-archive envelope (`$archiver`, `$version`, `$top` with one
///   `root`, `$objects` starting with `$null`);
/// - every class it names (`$classname`, and the `$classes` chain) is one the
///   bridge writes for the model type, with the chain the bridge writes;
/// - every object is a string, data, a class entry, or an instance whose `$class`
///   is a class entry and whose values are numbers, booleans or references;
/// - every reference (UID) is in range and points at an object, not a class;
/// - the root is an instance of ``ArchivedModel``;
/// - the objects reachable from the root form no cycle, and models and
///   collections nest at most ``maximumDepth`` deep along any path.
///
/// Every decode the bridge then runs allows all of ``ArchiveFormat/decodableClasses``,
/// a superset of what the archive was checked to contain, so no decode can trap.
/// The validator also returns the ``ArchiveLayout`` it read (what kind of value
/// each key of each object stores), against which every typed decode is checked.
struct ArchiveValidator {
    typealias Value = BinaryPropertyList.Value

    /// How deep models and collections may nest; deeper archives are refused
    /// rather than risk overflowing the stack in the unarchiver's recursion (a
    /// secondary thread on Apple platforms has 512 KiB).
    // Fixed at the default: archives take no options (JSON's limit is JSONAdapter's options).
    static let maximumDepth = ModelNesting.defaultMaximumDepth

    /// The class names the archive may contain.
    let allowedClassNames: Set<String>

    /// One entry of `$objects`, classified.
    private enum Entry {
        case null, string, data
        case classEntry(String)
        /// An instance: its class's entry index, the references among its values, and its values.
        case instance(classIndex: Int, references: [Int], values: [String: Value])
    }

    /// Throws ``StrataError/Code-swift.enum/invalidArchive`` unless `data` is a
    /// safe archive (see the type's discussion); returns what each key stores.
    @discardableResult
    func validate(_ data: Data) throws -> ArchiveLayout {
        let plist: Value
        do {
            plist = try BinaryPropertyList.read(data)
        } catch let refusal as BinaryPropertyList.Refusal {
            throw Self.invalid(refusal.reason)
        }
        guard case .dictionary(let top) = plist,
            case .string("NSKeyedArchiver")? = top["$archiver"],
            case .integer(100_000)? = top["$version"],
            case .array(let objects)? = top["$objects"],
            case .dictionary(let roots)? = top["$top"]
        else {
            throw Self.invalid("The data is a property list but not a keyed archive (its envelope is missing or wrong)")
        }
        guard case .string("$null")? = objects.first else {
            throw Self.invalid("The archive's object table does not start with $null")
        }
        let entries = try objects.enumerated().map { index, object in
            try classify(object, at: index, count: objects.count)
        }
        for (index, entry) in entries.enumerated() {
            guard case .instance(let classIndex, let references, _) = entry else { continue }
            guard case .classEntry = entries[classIndex] else {
                throw Self.invalid("Object \(index) names object \(classIndex) as its class, which is not a class")
            }
            for reference in references {
                if case .classEntry = entries[reference] {
                    throw Self.invalid("Object \(index) refers to a class entry as a value")
                }
            }
        }
        guard roots.count == 1, case .uid(let root)? = roots[ArchiveFormat.rootKey], root > 0, root < objects.count,
            case .instance(let rootClass, _, _) = entries[root],
            case .classEntry(ArchiveFormat.modelClassName) = entries[rootClass]
        else {
            throw Self.invalid("The archive's root object is not an archived Strata model")
        }
        try checkGraph(from: root, entries: entries)
        var instances: [Int: [String: ArchiveLayout.Slot]] = [:]
        for (index, entry) in entries.enumerated() {
            guard case .instance(_, _, let values) = entry else { continue }
            instances[index] = values.mapValues { Self.slot(for: $0, entries: entries) }
        }
        return ArchiveLayout(top: [ArchiveFormat.rootKey: ArchiveLayout.Slot(kind: .model, object: root)], objects: instances)
    }

    /// What `value`, one of an instance's values, stores.
    ///
    /// `classify` and the class checks have accepted it: a number, a boolean, or a
    /// reference to an object that is not a class entry.
    private static func slot(for value: Value, entries: [Entry]) -> ArchiveLayout.Slot {
        switch value {
        case .integer: return ArchiveLayout.Slot(kind: .integer, object: nil)
        case .real: return ArchiveLayout.Slot(kind: .real, object: nil)
        case .bool: return ArchiveLayout.Slot(kind: .bool, object: nil)
        case .uid(let reference):
            let kind: ArchiveLayout.Kind
            switch entries[reference] {
            case .null, .classEntry: kind = .null
            case .string: kind = .string
            case .data: kind = .data
            case .instance(let classIndex, _, _):
                kind = if case .classEntry(ArchiveFormat.modelClassName) = entries[classIndex] { .model } else { .collection }
            }
            return ArchiveLayout.Slot(kind: kind, object: reference)
        case .null, .string, .data, .array, .dictionary:
            return ArchiveLayout.Slot(kind: .null, object: nil)
        }
    }

    private func classify(_ object: Value, at index: Int, count: Int) throws -> Entry {
        if index == 0 { return .null }
        switch object {
        case .string: return .string
        case .data: return .data
        case .dictionary(let dictionary):
            if let className = dictionary["$classname"] {
                guard case .string(let name) = className, allowedClassNames.contains(name) else {
                    throw Self.invalid("The archive names a class that Strata does not write for this model (\(Self.describe(className)))")
                }
                let expected = [name] + ArchiveFormat.superclassNames
                guard dictionary.count == 2, case .array(let chain)? = dictionary["$classes"],
                    chain.count == expected.count,
                    zip(chain, expected).allSatisfy({ if case .string($0.1) = $0.0 { true } else { false } })
                else {
                    throw Self.invalid("The archive's entry for the class \(name) has a class chain Strata never writes")
                }
                return .classEntry(name)
            }
            guard case .uid(let classIndex)? = dictionary["$class"], classIndex > 0, classIndex < count else {
                throw Self.invalid("Object \(index) of the archive has no valid class reference")
            }
            var references: [Int] = []
            // In key order, so that the walk, and so any error, is the same in every process.
            for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) where key != "$class" {
                switch value {
                case .uid(let reference):
                    guard reference < count else {
                        throw Self.invalid("Object \(index) refers to object \(reference), beyond the \(count) objects in the archive")
                    }
                    references.append(reference)
                case .integer, .real, .bool:
                    continue
                default:
                    throw Self.invalid(
                        "Object \(index) of the archive holds \(Self.describe(value)) under '\(key)', which Strata never writes")
                }
            }
            var values = dictionary
            values["$class"] = nil
            return .instance(classIndex: classIndex, references: references, values: values)
        default:
            throw Self.invalid("Object \(index) of the archive is \(Self.describe(object)), which Strata never writes")
        }
    }

    /// Depth-first walk from the root, iterative so that a hostile archive cannot
    /// overflow this stack either; refuses cycles, and objects that nest more than
    /// ``maximumDepth`` deep.
    ///
    /// The depth is each object's longest path of models and collections down to
    /// a leaf, not the depth at which the walk first meets it: an object shared by
    /// a short and a long path is decoded wherever the unarchiver first asks for
    /// it, which may be at the end of the long one.
    private func checkGraph(from root: Int, entries: [Entry]) throws {
        enum State { case unseen, active, done }
        var state = [State](repeating: .unseen, count: entries.count)
        /// The longest chain of instances from each finished object down, itself included.
        var height = [Int](repeating: 0, count: entries.count)
        var stack: [(index: Int, next: Int)] = [(root, 0)]
        state[root] = .active
        while let (index, next) = stack.last {
            guard case .instance(_, let references, _) = entries[index] else {
                stack.removeLast()  // unreachable: only instances are pushed
                continue
            }
            guard next < references.count else {
                let tallest = references.map { height[$0] }.max() ?? 0
                guard tallest < Self.maximumDepth else { throw Self.tooDeep() }
                height[index] = tallest + 1
                state[index] = .done
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let child = references[next]
            guard case .instance = entries[child] else { continue }
            switch state[child] {
            case .active:
                throw Self.invalid("The archive's objects refer to each other in a cycle")
            case .done:
                continue
            case .unseen:
                guard stack.count < Self.maximumDepth else { throw Self.tooDeep() }
                state[child] = .active
                stack.append((child, 0))
            }
        }
    }

    private static func tooDeep() -> StrataError {
        StrataError(
            .invalidArchive,
            "The archive's models and collections nest more than \(maximumDepth) levels deep, more than Strata decodes "
                + "(deeper nesting could overflow the stack of the thread that decodes it). Discard the archive, or "
                + "archive a shallower model.")
    }

    private static func describe(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool(let bool): return "the boolean \(bool)"
        case .integer(let integer): return "the number \(integer)"
        case .real(let real): return "the number \(real)"
        case .string(let string): return Strata.describe(string)
        case .data(let data): return "\(data.count) bytes of data"
        case .uid(let uid): return "a reference to object \(uid)"
        case .array(let array): return "an array of \(array.count) values"
        case .dictionary: return "a dictionary"
        }
    }

    private static func invalid(_ reason: String) -> StrataError {
        StrataError(
            .invalidArchive,
            reason + ". It was damaged, or written by other software or for another model; discard it or write it again.")
    }
}
