import Foundation

/// An object's JSON text, read and checked by the scanner source for an entry
/// whose transformer decodes objects from their text (see
/// ``Transformation/readsObjectText``): a tagged enum's object, whose case's
/// model is then read from these bytes, with no dictionary made of the object.
///
/// The slot that holds it is a ``Slot/json(_:)`` value, given to the transformer
/// when the engine assigns it, in plan order, so that no user code runs while the
/// object is read. A class, so that the slot stays the size it is.
final class ObjectText: Sendable {
    /// The object's text, from its `{` to its `}`.
    let bytes: [UInt8]
    /// The nesting limit of the read it comes from, which the text, nested less
    /// deep on its own, never reaches.
    let maximumDepth: Int
    /// How many levels of models, the object's case's model included, may be read
    /// into slots.
    let levelsLeft: Int

    /// Reads the object at the scanner's position, checking its syntax, and keeps
    /// its text; the scanner is left after it.
    init(from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int) throws(JSONParsingError) {
        let start = scanner.index
        try scanner.skipValue()
        bytes = Array(scanner.input.bytes(start..<scanner.index))
        maximumDepth = scanner.maximumDepth
        self.levelsLeft = levelsLeft
    }

    /// `body`'s result for a scanner at the start of the text.
    ///
    /// A syntax error, never met in text the scanner source checked, is reported as
    /// any is.
    func scanning<Value>(_ body: (inout JSONAdapter.MemberScanner) throws -> Value) throws -> Value {
        do {
            return try bytes.withUnsafeBytes { text in
                var scanner = JSONAdapter.MemberScanner(
                    input: ByteView(text), builder: NativeJSONBuilder(), maximumDepth: maximumDepth)
                return try body(&scanner)
            }
        } catch let error as JSONParsingError {
            throw JSONAdapter.invalidJSON(error)
        }
    }
}
