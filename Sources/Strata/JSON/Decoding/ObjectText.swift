import Foundation

/// An object's JSON text, read and checked by the scanner source for an entry
/// whose transformer decodes objects from their text (see
/// ``Transformation/readsObjectText``): a tagged enum's object, whose case's
/// model is then read from these bytes, with no dictionary made of the object.
///
/// The slot that holds it is a ``Slot/json(_:)`` value, given to the transformer
/// when the engine assigns it, in plan order, so that no user code runs while the
/// object is read. A class, so that the slot stays the size it is.
///
/// The objects of one array (see ``elements(from:levelsLeft:)``) share one copy
/// of the array's text, each with its own range of it.
final class ObjectText: Sendable {
    /// The text the object is part of.
    private let text: [UInt8]
    /// Where the object is in ``text``, from its `{` to its `}`.
    private let range: Range<Int>
    /// The nesting limit of the read it comes from, which the text, nested less
    /// deep on its own, never reaches.
    let maximumDepth: Int
    /// How many levels of models, the object's case's model included, may be read
    /// into slots.
    let levelsLeft: Int

    /// Reads the object at the scanner's position, checking its syntax, and keeps
    /// its text; the scanner is left after it.
    convenience init(from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int) throws(JSONParsingError) {
        let start = scanner.index
        try scanner.skipValuePlainContainersFirst()
        let text = Array(scanner.input.bytes(start..<scanner.index))
        self.init(text: text, range: 0..<text.count, maximumDepth: scanner.maximumDepth, levelsLeft: levelsLeft)
    }

    private init(text: [UInt8], range: Range<Int>, maximumDepth: Int, levelsLeft: Int) {
        self.text = text
        self.range = range
        self.maximumDepth = maximumDepth
        self.levelsLeft = levelsLeft
    }

    /// Reads the array at the scanner's position, each object as its ``ObjectText``.
    ///
    /// The array's syntax is checked; `levelsLeft` is as for ``init(from:levelsLeft:)``,
    /// and each element that is no object is the JSON value
    /// ``JSONScanner/parseValueTree()`` gives. The scanner is left after the array.
    ///
    /// What the default transformer of an array whose element transformer reads
    /// objects from their text (see ``Transformation/readsObjectTextElements``) is
    /// given for the array.
    static func elements(from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int) throws(JSONParsingError) -> [Any] {
        let start = scanner.index
        var elements: [Any] = []
        // The index in `elements` of each object, and where its text is from the array's start.
        var objects: [(index: Int, range: Range<Int>)] = []
        if try scanner.beginArray() {
            repeat {
                try scanner.expectElement()
                if scanner.nextByte == Byte.openBrace {
                    let objectStart = scanner.index
                    try scanner.skipValuePlainContainersFirst()
                    objects.append((elements.count, (objectStart - start)..<(scanner.index - start)))
                    // Replaced by the object's text below.
                    elements.append(0)
                } else {
                    elements.append(try scanner.parseValueTree())
                }
            } while try scanner.nextElement()
        }
        guard let last = objects.last else { return elements }
        // One copy of the text, up to the end of the last object, for all the objects.
        let text = Array(scanner.input.bytes(start..<(start + last.range.upperBound)))
        for object in objects {
            elements[object.index] = ObjectText(
                text: text, range: object.range, maximumDepth: scanner.maximumDepth, levelsLeft: levelsLeft)
        }
        return elements
    }

    /// `body`'s result for a scanner at the start of the text.
    ///
    /// A syntax error, never met in text the scanner source checked, is reported as
    /// any is.
    func scanning<Value>(_ body: (inout JSONAdapter.MemberScanner) throws -> Value) throws -> Value {
        do {
            return try text.withUnsafeBytes { text in
                var scanner = JSONAdapter.MemberScanner(
                    input: ByteView(ByteView(text).bytes(range)), builder: NativeJSONBuilder(), maximumDepth: maximumDepth)
                return try body(&scanner)
            }
        } catch let error as JSONParsingError {
            throw JSONAdapter.invalidJSON(error)
        }
    }
}
