import Foundation

/// The byte-level RFC 8259 parser, generic over the shape it builds.
///
/// The scanner is iterative: open arrays and objects live on an explicit
/// container stack and their finished children on one reusable value stack
/// (plus a key stack for objects), so nesting depth is bounded only by
/// `maximumDepth` and never by the thread's call stack.
///
/// Every read is preceded by an explicit `index < count` check, and goes through
/// ``ByteView``, which checks it again in builds that check; the view is only
/// valid inside the `withUnsafeBytes` call that created the scanner.
///
/// This file holds the scanner's state and a whole document's entry points; the
/// reading is in its extensions: `JSONScanner+Structure.swift` (values,
/// containers, keys, whitespace and literals), `JSONScanner+Strings.swift`,
/// `JSONScanner+Numbers.swift`, `JSONScanner+Errors.swift`, and the member-wise
/// and typed-array readers (`JSONScanner+Members.swift`,
/// `JSONScanner+TypedArrays.swift`).
struct JSONScanner<Builder: JSONValueBuilder> {
    /// The document's bytes.
    let input: ByteView
    /// How many bytes the document has.
    var count: Int { input.count }
    var index: Int = 0
    var builder: Builder
    let maximumDepth: Int
    /// Containers opened outside ``parseValueTree()`` by the member-wise reader
    /// (see `JSONScanner+Members.swift`); they count towards `maximumDepth`.
    var outerDepth = 0
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []
    /// The stacks of ``parseContainerTree()``, empty between its calls and kept with
    /// their capacity: the arrays, objects and values a document holds are parsed
    /// one after another (a record's tags, then the next record's), and each
    /// would otherwise allocate and free the three.
    var treeStacks = TreeStacks()
    /// The stacks this scanner lends the scanners it starts (see ``LentStacks``), made
    /// when first needed: one reference, so the scanner stays small to copy.
    var lentStacks: LentStacks?
    /// The spans of the strings of an array being read by `plainStringArray()`, empty
    /// between its calls and kept with its capacity.
    private var stringSpans: [Range<Int>] = []

    /// The reused buffer of string spans, moved out (`self` keeps an empty one).
    mutating func takeStringSpans() -> [Range<Int>] {
        var spans: [Range<Int>] = []
        swap(&spans, &stringSpans)
        return spans
    }

    /// Gives back the buffer `takeStringSpans()` moved out, emptied, with its capacity.
    mutating func returnStringSpans(_ spans: inout [Range<Int>]) {
        spans.removeAll(keepingCapacity: true)
        swap(&spans, &stringSpans)
    }

    /// The explicit stacks of a tree being parsed: its open containers, and the
    /// finished values and keys of their members.
    struct TreeStacks {
        var containers: [OpenContainer] = []
        var values: [Builder.Value] = []
        var keys: [String] = []
    }

    struct OpenContainer {
        var isObject: Bool
        var valueStart: Int
        var keyStart: Int
    }

    init(input: ByteView, builder: Builder, maximumDepth: Int) {
        self.input = input
        self.builder = builder
        self.maximumDepth = maximumDepth
    }

    /// Parses one complete JSON text: optional UTF-8 BOM, whitespace, one value, whitespace, end of input.
    mutating func parseDocument(topLevelContainerRequired: Bool) throws(JSONParsingError) -> Builder.Value {
        try beginDocument(topLevelContainerRequired: topLevelContainerRequired)
        let value = try parseValueTree()
        try endDocument()
        return value
    }

    /// Skips an optional UTF-8 BOM and whitespace, up to the top-level value.
    mutating func beginDocument(topLevelContainerRequired: Bool) throws(JSONParsingError) {
        if count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
            index = 3
        }
        skipWhitespace()
        if topLevelContainerRequired, index < count, input[index] != Byte.openBrace, input[index] != Byte.openBracket {
            throw makeError(.topLevelContainerRequired, at: index)
        }
    }

    /// Checks that only whitespace follows the top-level value.
    mutating func endDocument() throws(JSONParsingError) {
        skipWhitespace()
        if index < count {
            throw makeError(.unexpectedCharacter(input[index], expected: "end of input after the top-level value"), at: index)
        }
    }
}

/// The stacks of the scanners a scanner starts for one value, kept with their
/// capacity from one value to the next, as its own ``JSONScanner/treeStacks`` are:
/// the one that checks a container it skips (``JSONScanner/skipValue()``) and the
/// one that reads a ``JSONValue`` (``JSONScanner/parseJSONValue()``).
final class LentStacks {
    var skip = JSONScanner<DiscardingJSONBuilder>.TreeStacks()
    var jsonValue = JSONScanner<JSONValueTreeBuilder>.TreeStacks()
}

extension JSONScanner {
    /// ``lentStacks``, made when first asked for.
    mutating func takeLentStacks() -> LentStacks {
        if let stacks = lentStacks { return stacks }
        let stacks = LentStacks()
        lentStacks = stacks
        return stacks
    }
}
