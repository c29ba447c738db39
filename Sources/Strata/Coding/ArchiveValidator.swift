import Foundation

/// Checks that data is a keyed archive the bridge can decode safely, before any
/// `NSKeyedUnarchiver` touches it.
///
/// On Linux, `NSKeyedUnarchiver` with secure coding calls `fatalError` when an
/// archive names a class outside the allowed set, and overflows the stack on a
/// reference cycle. So the archive is first read as a plain property list and
/// refused unless:
/// - it has the keyed-archive envelope (`$archiver`, `$version`, `$top`, `$objects`);
/// - every class it names (`$classname` and `$classes`) is one the bridge writes
///   for the model type, with the superclass chain the bridge writes;
/// - every object is `$null` (first), a string, data, a class, or an instance of
///   a class entry, and instance values are numbers, booleans or references;
/// - every reference (UID) is in range and points at an object, not a class;
/// - the root is an instance of ``ArchivedModel``;
/// - the objects reachable from the root form no cycle and nest at most
///   ``maximumDepth`` deep.
///
/// Every decode the bridge then runs allows all of ``ArchiveFormat/decodableClasses``,
/// a superset of what the archive was checked to contain, so no decode can trap.
struct ArchiveValidator {
    /// How deep objects may nest; deeper archives are refused rather than risk
    /// overflowing the stack in the unarchiver's recursion.
    static let maximumDepth = 256

    /// The class names the archive may contain.
    let allowedClassNames: Set<String>

    /// One entry of `$objects`, classified.
    private enum Entry {
        case null, string, data, classEntry
        /// An instance: its class's entry index and the references among its values.
        case instance(classIndex: Int, references: [Int])
    }

    /// Throws ``StrataError/Code-swift.enum/invalidArchive`` unless `data` is a
    /// safe archive (see the type's discussion).
    func validate(_ data: Data) throws {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw Self.invalid("The data is not a keyed archive (it is not a property list)")
        }
        guard let top = plist as? [String: Any],
            top["$archiver"] as? String == "NSKeyedArchiver",
            Self.integer(top["$version"]) == 100_000,
            let objects = top["$objects"] as? [Any],
            let roots = top["$top"] as? [String: Any]
        else {
            throw Self.invalid("The data is a property list but not a keyed archive (its envelope is missing or wrong)")
        }
        guard objects.first as? String == "$null" else {
            throw Self.invalid("The archive's object table does not start with $null")
        }
        let entries = try objects.enumerated().map { index, object in
            try classify(object, at: index, count: objects.count)
        }
        for (index, entry) in entries.enumerated() {
            guard case .instance(let classIndex, let references) = entry else { continue }
            guard case .classEntry = entries[classIndex] else {
                throw Self.invalid("Object \(index) names object \(classIndex) as its class, which is not a class")
            }
            for reference in references {
                if case .classEntry = entries[reference] {
                    throw Self.invalid("Object \(index) refers to a class entry as a value")
                }
            }
        }
        guard roots.count == 1, let root = Self.uid(roots[ArchiveFormat.rootKey]), root > 0, root < objects.count,
            case .instance(let rootClass, _) = entries[root],
            (objects[rootClass] as? [String: Any])?["$classname"] as? String == ArchiveFormat.modelClassName
        else {
            throw Self.invalid("The archive's root object is not an archived Strata model")
        }
        try checkGraph(from: root, entries: entries)
    }

    private func classify(_ object: Any, at index: Int, count: Int) throws -> Entry {
        if index == 0 { return .null }
        if object is String { return .string }
        if object is Data { return .data }
        guard let dictionary = object as? [String: Any] else {
            throw Self.invalid("Object \(index) of the archive is \(describe(object)), which Strata never writes")
        }
        if let className = dictionary["$classname"] {
            guard let name = className as? String, allowedClassNames.contains(name) else {
                throw Self.invalid("The archive names the class \(describe(className)), which is not one Strata writes for this model")
            }
            guard dictionary.count == 2, let chain = dictionary["$classes"] as? [Any],
                chain.compactMap({ $0 as? String }) == [name] + ArchiveFormat.superclassNames, chain.count == 1 + ArchiveFormat.superclassNames.count
            else {
                throw Self.invalid("The archive's entry for the class \(name) has a class chain Strata never writes")
            }
            return .classEntry
        }
        guard let classIndex = Self.uid(dictionary["$class"]), classIndex > 0, classIndex < count else {
            throw Self.invalid("Object \(index) of the archive has no valid class reference")
        }
        var references: [Int] = []
        for (key, value) in dictionary where key != "$class" {
            if let reference = Self.uid(value) {
                guard reference >= 0, reference < count else {
                    throw Self.invalid("Object \(index) refers to object \(reference), beyond the \(count) objects in the archive")
                }
                references.append(reference)
            } else if !(value is NSNumber) {
                throw Self.invalid("Object \(index) of the archive holds \(describe(value)) under '\(key)', which Strata never writes")
            }
        }
        return .instance(classIndex: classIndex, references: references)
    }

    /// Depth-first walk from the root, iterative so that a hostile archive cannot
    /// overflow this stack either; refuses cycles and excessive depth.
    private func checkGraph(from root: Int, entries: [Entry]) throws {
        enum State { case unseen, active, done }
        var state = [State](repeating: .unseen, count: entries.count)
        var stack: [(index: Int, next: Int)] = [(root, 0)]
        state[root] = .active
        while let (index, next) = stack.last {
            guard case .instance(_, let references) = entries[index], next < references.count else {
                state[index] = .done
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let child = references[next]
            switch state[child] {
            case .active:
                throw Self.invalid("The archive's objects refer to each other in a cycle")
            case .done:
                continue
            case .unseen:
                guard stack.count < Self.maximumDepth else {
                    throw Self.invalid("The archive's objects nest more than \(Self.maximumDepth) deep")
                }
                state[child] = .active
                stack.append((child, 0))
            }
        }
    }

    /// The index a keyed-archive reference (`CF$UID`) holds, or `nil` for any other value.
    ///
    /// Foundation on Linux exposes no API for its `_NSKeyedArchiverUID` class, so
    /// the class is recognised by name and its `value` read by reflection.
    private static func uid(_ value: Any?) -> Int? {
        guard let value, String(describing: type(of: value)) == "_NSKeyedArchiverUID" else { return nil }
        for child in Mirror(reflecting: value).children where child.label == "value" {
            if let index = child.value as? UInt32 { return Int(index) }
        }
        return nil
    }

    private static func integer(_ value: Any?) -> Int? {
        value.flatMap { ExactNumber($0)?.integer(Int.self) }
    }

    private static func invalid(_ reason: String) -> StrataError {
        StrataError(
            .invalidArchive,
            reason + ". It was damaged, or written by other software or for another model; discard it or write it again.")
    }
}
