/// An error thrown by ``JSONWriter`` for a value it cannot represent as JSON.
///
/// Internal: users meet it as the ``StrataError/underlyingError`` of an
/// ``StrataError/Code/unsupportedValue`` error from ``JSONAdapter``.
///
/// ``path`` locates the offending value inside the written object
/// (``pathDescription`` spells it, for example `user.tags[2]`), and
/// ``description`` names its type.
///
/// ```swift
/// do {
///     _ = try JSONWriter.bytes(withJSONObject: ["user": ["tags": ["a", "b", Date()]]])
/// } catch let error as JSONWritingError {
///     print(error)
///     // Cannot write a value of type Date at "user.tags[2]"; JSON supports only strings, numbers, booleans, NSNull, arrays and dictionaries with String keys, so convert it first.
/// }
/// ```
struct JSONWritingError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong.
    ///
    /// ```swift
    /// if case .unsupportedType(let typeName) = error.kind { print(typeName) }
    /// ```
    enum Kind: Equatable, Sendable {
        /// A value of a type JSON cannot represent; holds the type's name.
        case unsupportedType(String)
        /// A dictionary key that is not a `String`; holds the key's type name.
        case nonStringKey(String)
        /// A NaN or infinite floating-point number; holds `"NaN"`, `"infinity"` or `"-infinity"`.
        case nonFiniteNumber(String)
        /// Containers nested deeper than the writer's limit (often a container that contains itself).
        case maximumDepthExceeded(Int)
    }

    /// What went wrong.
    let kind: Kind
    /// The steps from the top-level object to the offending value (empty for the
    /// top level itself), in the vocabulary of ``StrataError/path``.
    ///
    /// ```swift
    /// let steps: [StrataError.PathComponent] = [.key("user"), .key("tags"), .index(2)]
    /// ```
    private(set) var path: [StrataError.PathComponent]

    /// Creates an error for a value found at `path`.
    ///
    /// ```swift
    /// let error = JSONWritingError(kind: .unsupportedType("Date"), path: [.index(0)])
    /// ```
    init(kind: Kind, path: [StrataError.PathComponent] = []) {
        self.kind = kind
        self.path = path
    }

    /// The location of the offending value, like `user.tags[2]`; empty for the top
    /// level.
    ///
    /// Spelled as ``StrataError/pathDescription``.
    ///
    /// ```swift
    /// print(error.pathDescription) // user.tags[2]
    /// ```
    var pathDescription: String {
        StrataError.description(of: path)
    }

    /// A sentence naming the problem, the offending type and its path.
    ///
    /// ```swift
    /// print(error.description)
    /// // Cannot write the number NaN at "ratio"; JSON has no NaN or infinity, so write null or a string instead.
    /// ```
    var description: String {
        let location = path.isEmpty ? "at the top level" : "at \"\(pathDescription)\""
        switch kind {
        case .unsupportedType(let typeName):
            return
                "Cannot write a value of type \(typeName) \(location); JSON supports only strings, numbers, booleans, NSNull, arrays and dictionaries with String keys, so convert it first."
        case .nonStringKey(let typeName):
            return "Cannot write a dictionary key of type \(typeName) \(location); JSON object keys must be strings."
        case .nonFiniteNumber(let text):
            return "Cannot write the number \(text) \(location); JSON has no NaN or infinity, so write null or a string instead."
        case .maximumDepthExceeded(let limit):
            return "Cannot write values nested more than \(limit) levels deep \(location); the value may contain itself."
        }
    }

    /// Returns this error located one step further from the top (used while unwinding).
    func prepending(_ component: StrataError.PathComponent) -> JSONWritingError {
        var copy = self
        copy.path.insert(component, at: 0)
        return copy
    }
}
