/// Why `strata-generate` could not turn its input into models, with the file
/// and, for text that is not JSON, the line and column.
///
/// ``description`` is what the command prints: the place first, as compilers
/// write it, then a sentence a person can act on.
///
/// ```swift
/// do {
///     _ = try SampleReader.read(Data("{\"a\" 1}".utf8), file: "a.json")
/// } catch let error as GeneratorError {
///     print(error)  // a.json:1:6: Expected ':' after the key "a", found '1'.
/// }
/// ```
public struct GeneratorError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong.
    public enum Code: Equatable, Sendable {
        /// The sample is not JSON; ``GeneratorError/line`` and ``GeneratorError/column`` say where.
        case invalidJSON
        /// The sample is an empty array: there is no object to learn a shape from.
        case emptyArray
        /// The sample is a string, number, boolean or `null`, not an object or an array of objects.
        case topLevelScalar
        /// An element of the top-level array is not an object.
        case elementNotAnObject
        /// A sample file could not be read.
        case unreadableFile
        /// The output file could not be written.
        case unwritableOutput
        /// The command line is not one the command understands.
        case invalidArguments
    }

    /// What went wrong.
    public let code: Code
    /// The sample file, as it was named on the command line; `nil` for the command line itself.
    public let file: String?
    /// The one-based line of the problem, for ``Code/invalidJSON``.
    public let line: Int?
    /// The one-based column of the problem, counted in characters (Unicode scalars), for ``Code/invalidJSON``.
    public let column: Int?
    /// The sentence that says what is wrong and what to do.
    public let reason: String

    /// An error of `code` in `file` (at `line` and `column` when known).
    public init(_ code: Code, file: String?, line: Int? = nil, column: Int? = nil, reason: String) {
        self.code = code
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `file:line:column: reason`, `file: reason`, or the reason alone.
    public var description: String {
        var place = file ?? ""
        if let line, let column { place += ":\(line):\(column)" }
        return place.isEmpty ? reason : "\(place): \(reason)"
    }
}
