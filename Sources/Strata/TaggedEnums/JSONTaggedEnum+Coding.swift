import Foundation

/// Reading and writing a ``JSONTaggedEnum`` value as its tagged object: the one
/// place both the property type and the top-level calls go through.
extension JSONTaggedEnum {
    /// The value `object` holds: the case of its tag, or the fallback for a tag
    /// the enum does not know.
    static func decodeTagged(_ object: [String: Any]) throws -> Self {
        let path = try tagPath()
        var read = 0
        let tag: String
        switch try DecodeSource.value(at: tagKeyPath, in: object, read: &read) {
        case .json(let found as String):
            tag = found
        case .json(let found?):
            throw StrataError.expected(
                "a string tag", for: "\(Self.self)", found: found, code: .noClassFound,
                advice: "Fix the payload: the tag at '\(path.text)' names the case.", path: path.components)
        default:
            throw StrataError(
                .noClassFound,
                "The object has no tag at '\(path.text)' to choose a case of \(Self.self). Fix the payload.",
                path: path.components)
        }
        if let taggedCase = casesByTag[tag] { return try taggedCase.read(object) }
        if let fallback = unknownTagCase { return try fallback.read(object) }
        let known = casesByTag.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        throw StrataError(
            .noClassFound,
            "\(Self.self) has no case for the tag \"\(tag)\" at '\(path.text)'. Known tags: \(known). "
                + "Fix the payload, or give \(Self.self) an unknownTagCase.",
            path: path.components)
    }

    /// The tagged object of `value`: its case's model written, and its tag put back.
    ///
    /// The case is found from the value: its name, and the value it holds, which
    /// the entry of ``casesByTag`` (or ``unknownTagCase``) whose model type it has
    /// builds into the same case.
    static func encodeTagged(_ value: Any) throws -> [String: Any] {
        guard let value = value as? Self else { throw StrataError.expected("\(Self.self)", found: value) }
        guard let held = Mirror(reflecting: value).children.first, let name = held.label else {
            throw StrataError(
                .unsupportedValue,
                "\(value) of \(Self.self) holds no value to write: each case of a tagged enum holds its model.")
        }
        for (tag, taggedCase) in casesByTag.sorted(by: { $0.key < $1.key }) where isCase(name, taggedCase.make(held.value)) {
            var object = try taggedCase.write(held.value)
            try insert(tag, into: &object, at: tagPath())
            return object
        }
        if let fallback = unknownTagCase, isCase(name, fallback.make(held.value)) {
            return try fallback.write(held.value)
        }
        throw StrataError(
            .unsupportedValue,
            "\(Self.self).\(name) has no tag in casesByTag, so it cannot be written. Give it a tag.")
    }

    /// Whether `made` is a value of the case named `name`.
    private static func isCase(_ name: String, _ made: Self?) -> Bool {
        guard let made else { return false }
        return Mirror(reflecting: made).children.first?.label == name
    }

    /// The one path of ``tagKeyPath``, which names a member by keys alone.
    private static func tagPath() throws -> JSONKeyPath.Path {
        let keyPath = tagKeyPath
        guard keyPath.form == .single, let path = keyPath.paths.first, !path.segments.isEmpty,
            !path.hasIndex, !path.segments.contains(where: \.isEmpty)
        else {
            throw StrataError(
                .invalidMapping,
                "The tagKeyPath of \(Self.self), \(keyPath), is not one key path of keys: give it one, such as \"type\".")
        }
        return path
    }

    /// Puts `tag` at `path` in `object`, in the nested objects the path names
    /// (made when absent).
    private static func insert(_ tag: String, into object: inout [String: Any], at path: JSONKeyPath.Path) throws {
        func insert(at depth: Int, into object: inout [String: Any]) throws {
            let key = path.segments[depth]
            guard depth + 1 < path.segments.count else {
                object[key] = tag
                return
            }
            var nested: [String: Any]
            switch object[key] {
            case nil: nested = [:]
            case let found as [String: Any]: nested = found
            case let found?:
                throw StrataError.expected(
                    "an object to hold the tag", for: "\(Self.self)", foundDescription: describe(found),
                    code: .unsupportedValue, advice: "The model writes another value at '\(key)'.",
                    path: Array(path.components[...depth]))
            }
            try insert(at: depth + 1, into: &nested)
            object[key] = nested
        }
        try insert(at: 0, into: &object)
    }
}
