import Foundation
internal import StrataByteScan

/// Lets the writer see through `Optional` values boxed in `Any`.
private protocol JSONOptionalBox {
    var unwrappedForJSON: Any? { get }
}

extension Optional: JSONOptionalBox {
    fileprivate var unwrappedForJSON: Any? {
        switch self {
        case .some(let wrapped): return wrapped
        case .none: return nil
        }
    }
}

/// Walks a value and appends its JSON bytes to ``bytes``.
///
/// The bytes are held by a ``JSONOutputBuffer``, which a copy of the emitter
/// shares: an emitter is written through one variable (an `inout` sink), never
/// copied and written twice.
///
/// Values are dispatched on their exact dynamic type before any `as?` cast,
/// because on Linux `as?` bridges loosely (`NSNumber as? Bool`, `5 as? NSNumber`).
struct JSONEmitter {
    /// The limit of ``maximumDepth`` unless the writer is given another: 512.
    static let defaultMaximumDepth = 512

    /// The least room the buffer starts with: 1 KB.
    static let defaultCapacity = 1024

    /// Where the bytes are written.
    private let output: JSONOutputBuffer
    /// The bytes written so far.
    var bytes: [UInt8] { output.array }
    /// The bytes written, as `Data`, after which the emitter's buffer is empty (see
    /// ``JSONOutputBuffer/takeData()``).
    func takeData() -> Data { output.takeData() }
    /// Containers nested deeper than this throw (bounds the writer's recursion; on Apple platforms it also
    /// stops a self-containing `NSMutableArray`, which swift-corelibs-foundation cannot even bridge).
    let maximumDepth: Int
    private let prettyPrinted: Bool
    private let sortedKeys: Bool
    private let escapesSlashes: Bool

    init(options: JSONWriter.Options, maximumDepth: Int = defaultMaximumDepth, capacity: Int = defaultCapacity) {
        output = JSONOutputBuffer(capacity: max(capacity, Self.defaultCapacity))
        self.maximumDepth = maximumDepth
        prettyPrinted = options.contains(.prettyPrinted)
        sortedKeys = options.contains(.sortedKeys)
        escapesSlashes = !options.contains(.withoutEscapingSlashes)
    }

    mutating func write(_ value: Any, depth: Int) throws(JSONWritingError) {
        // Most frequent exact types first, each an opened-type comparison (see
        // `exactValue(_:as:)`): no `type(of:)` and no dynamic cast.
        if let string = exactValue(value, as: String.self) {
            writeString(string)
        } else if let int = exactValue(value, as: Int.self) {
            writeInteger(int)
        } else if let dictionary = exactValue(value, as: [String: Any].self) {
            try writeObject(dictionary, depth: depth)
        } else if let array = exactValue(value, as: [Any].self) {
            try writeArray(array, depth: depth)
        } else if let bool = exactValue(value, as: Bool.self) {
            writeBool(bool)
        } else if let double = exactValue(value, as: Double.self) {
            try writeDouble(double)
        } else {
            try writeOther(value, depth: depth)
        }
    }

    /// Writes the values ``write(_:depth:)`` does not find by their exact type.
    private mutating func writeOther(_ value: Any, depth: Int) throws(JSONWritingError) {
        let type = type(of: value)
        if let number = numberObject(value) {
            try writeNumber(number)
        } else if type is NSNull.Type {
            writeASCII("null")
        } else if let json = exactValue(value, as: JSONValue.self) {
            try write(json, depth: depth)
        } else if let members = exactValue(value, as: [String: JSONValue].self) {
            try writeObject(members, depth: depth)
        } else if let elements = exactValue(value, as: [JSONValue].self) {
            try writeArray(elements, depth: depth)
        } else if type is NSString.Type, let string = value as? String {
            writeString(string)
        } else if try writeOtherScalar(value, type: type) {
            return
        } else if let optional = value as? any JSONOptionalBox {
            if let wrapped = optional.unwrappedForJSON {
                try write(wrapped, depth: depth)
            } else {
                writeASCII("null")
            }
        } else if let dictionary = value as? [String: Any] {
            // Typed dictionaries ([String: Int]) and NSDictionary with string keys.
            try writeObject(dictionary, depth: depth)
        } else if let array = value as? [Any] {
            // Typed arrays ([Int]) and NSArray.
            try writeArray(array, depth: depth)
        } else if let dictionary = value as? [AnyHashable: Any] {
            let badKey = dictionary.keys.first { !($0.base is String) }
            let keyType = badKey.map { String(describing: Swift.type(of: $0.base)) } ?? "unknown"
            throw JSONWritingError(kind: .nonStringKey(keyType))
        } else {
            throw JSONWritingError(kind: .unsupportedType(String(describing: type)))
        }
    }

    /// Writes the less common scalar types; returns false if `value` is none of them.
    private mutating func writeOtherScalar(_ value: Any, type: Any.Type) throws(JSONWritingError) -> Bool {
        if type == Int64.self, let v = value as? Int64 {
            writeInteger(v)
        } else if type == UInt64.self, let v = value as? UInt64 {
            writeInteger(v)
        } else if type == UInt.self, let v = value as? UInt {
            writeInteger(v)
        } else if type == Int32.self, let v = value as? Int32 {
            writeInteger(v)
        } else if type == UInt32.self, let v = value as? UInt32 {
            writeInteger(v)
        } else if type == Int16.self, let v = value as? Int16 {
            writeInteger(v)
        } else if type == UInt16.self, let v = value as? UInt16 {
            writeInteger(v)
        } else if type == Int8.self, let v = value as? Int8 {
            writeInteger(v)
        } else if type == UInt8.self, let v = value as? UInt8 {
            writeInteger(v)
        } else if type == Float.self, let v = value as? Float {
            try writeFloat(v)
        } else if type == Decimal.self, let v = value as? Decimal {
            try writeDecimal(v)
        } else if type == JSONNumber.self, let v = value as? JSONNumber {
            writeUTF8(v.text)
        } else {
            return false
        }
        return true
    }

    // MARK: - Objects written member by member

    /// Whether object members are written in sorted key order; a caller that writes
    /// members itself (``writeKey(_:first:depth:)``) must then supply them sorted.
    var writesSortedKeys: Bool { sortedKeys }

    /// Opens an object whose members the caller writes, at nesting `depth`.
    mutating func beginObject(depth: Int) throws(JSONWritingError) {
        guard depth < maximumDepth else {
            throw JSONWritingError(kind: .maximumDepthExceeded(maximumDepth))
        }
        output.append(Byte.openBrace)
    }

    /// Writes a member's key (after a comma unless `first`); its value follows at `depth + 1`.
    mutating func writeKey(_ key: String, first: Bool, depth: Int) {
        if !first { output.append(Byte.comma) }
        if prettyPrinted {
            writeNewline(indent: depth + 1)
            writeString(key)
            writeASCII(" : ")
        } else {
            writeString(key)
            output.append(Byte.colon)
        }
    }

    /// Starts a member whose key is written as `key`, its JSON text worked out
    /// beforehand; otherwise as ``writeKey(_:first:depth:)-(String,_,_)``.
    mutating func writeKey(_ key: QuotedKey, first: Bool, depth: Int) {
        if !first { output.append(Byte.comma) }
        if prettyPrinted {
            writeNewline(indent: depth + 1)
            output.append(key, then: nil)
            writeASCII(" : ")
        } else {
            output.append(key, then: Byte.colon)
        }
    }

    /// Writes the member `key: value` of an object at nesting `depth` (after a comma
    /// unless `first`): the bytes ``writeKey(_:first:depth:)-(QuotedKey,_,_)`` and
    /// ``write(_:depth:)`` write for them, without the value in an `Any`.
    @inline(__always)
    mutating func writeMember<Value: JSONScalarValue>(_ key: QuotedKey, first: Bool, depth: Int, _ value: Value) {
        writeKey(key, first: first, depth: depth)
        value.write(into: &self)
    }

    /// Writes the member `key: value` of an object at nesting `depth` (after a comma
    /// unless `first`), where `value` is a string whose JSON text, quotes included,
    /// is the ``QuotedKey`` given: the bytes ``writeKey(_:first:depth:)-(QuotedKey,_,_)``
    /// and ``write(_:)-(String)`` write for them.
    mutating func writeMember(_ key: QuotedKey, first: Bool, depth: Int, quotedString value: QuotedKey) {
        writeKey(key, first: first, depth: depth)
        output.append(value, then: nil)
    }

    /// Closes an object opened with ``beginObject(depth:)``.
    mutating func endObject(hasMembers: Bool, depth: Int) {
        if prettyPrinted && hasMembers { writeNewline(indent: depth) }
        output.append(Byte.closeBrace)
    }

    /// Opens an array whose elements the caller writes, at nesting `depth`.
    mutating func beginArray(depth: Int) throws(JSONWritingError) {
        guard depth < maximumDepth else {
            throw JSONWritingError(kind: .maximumDepthExceeded(maximumDepth))
        }
        output.append(Byte.openBracket)
    }

    /// Starts an element (after a comma unless `first`); the element follows at `depth + 1`.
    mutating func beginElement(first: Bool, depth: Int) {
        if !first { output.append(Byte.comma) }
        if prettyPrinted { writeNewline(indent: depth + 1) }
    }

    /// Closes an array opened with ``beginArray(depth:)``.
    mutating func endArray(hasElements: Bool, depth: Int) {
        if prettyPrinted && hasElements { writeNewline(indent: depth) }
        output.append(Byte.closeBracket)
    }

    /// Writes `null`.
    mutating func writeNull() {
        writeASCII("null")
    }

    /// Writes a string value, as ``write(_:depth:)`` writes one.
    mutating func write(_ string: String) {
        writeString(string)
    }

    /// Writes an integer value, as ``write(_:depth:)`` writes one.
    mutating func write(_ integer: Int) {
        writeInteger(integer)
    }

    /// Writes a Boolean value, as ``write(_:depth:)`` writes one.
    mutating func write(_ bool: Bool) {
        writeBool(bool)
    }

    // MARK: - Containers

    private mutating func writeObject(_ dictionary: [String: Any], depth: Int) throws(JSONWritingError) {
        try beginObject(depth: depth)
        var first = true
        if sortedKeys {
            for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
                try writeMember(key: key, value: value, first: first, depth: depth)
                first = false
            }
        } else {
            for (key, value) in dictionary {
                try writeMember(key: key, value: value, first: first, depth: depth)
                first = false
            }
        }
        endObject(hasMembers: !first, depth: depth)
    }

    // MARK: - JSONValue

    /// Writes `value` with no Foundation value in between: the bytes ``write(_:depth:)``
    /// writes for ``JSONValue/foundation``, the form its transformer gives.
    mutating func write(_ value: JSONValue, depth: Int) throws(JSONWritingError) {
        switch value {
        case .null: writeASCII("null")
        case .bool(let flag): writeBool(flag)
        case .string(let string): writeString(string)
        case .number(let number): try write(number, depth: depth)
        case .array(let elements): try writeArray(elements, depth: depth)
        case .object(let members): try writeObject(members, depth: depth)
        }
    }

    /// Writes a number as its Foundation form is written (see ``JSONNumber/foundation``):
    /// an integer of at most 18 digits, which its `Int` writes as it is, from its text.
    private mutating func write(_ number: JSONNumber, depth: Int) throws(JSONWritingError) {
        var text = number.text
        let written = text.withUTF8 { utf8 -> Bool in
            guard utf8.count <= 18, let first = utf8.first else { return false }
            let digits = first == Byte.minus ? UnsafeBufferPointer(rebasing: utf8.dropFirst()) : utf8
            // `-0` is the integer 0, written `0`.
            guard let leading = digits.first, leading != Byte.zero || digits.count == 1 && first != Byte.minus,
                digits.allSatisfy({ $0 >= Byte.zero && $0 <= Byte.nine })
            else { return false }
            output.append(contentsOf: utf8)
            return true
        }
        if !written { try write(number.foundation, depth: depth) }
    }

    private mutating func writeObject(_ members: [String: JSONValue], depth: Int) throws(JSONWritingError) {
        try beginObject(depth: depth)
        var first = true
        if sortedKeys {
            for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                try writeMember(key: key, value: value, first: first, depth: depth)
                first = false
            }
        } else {
            for (key, value) in members {
                try writeMember(key: key, value: value, first: first, depth: depth)
                first = false
            }
        }
        endObject(hasMembers: !first, depth: depth)
    }

    @inline(__always)
    private mutating func writeMember(key: String, value: JSONValue, first: Bool, depth: Int) throws(JSONWritingError) {
        writeKey(key, first: first, depth: depth)
        do {
            try write(value, depth: depth + 1)
        } catch {
            throw error.prepending(.key(key))
        }
    }

    private mutating func writeArray(_ elements: [JSONValue], depth: Int) throws(JSONWritingError) {
        try beginArray(depth: depth)
        for (index, element) in elements.enumerated() {
            beginElement(first: index == 0, depth: depth)
            do {
                try write(element, depth: depth + 1)
            } catch {
                throw error.prepending(.index(index))
            }
        }
        endArray(hasElements: !elements.isEmpty, depth: depth)
    }

    @inline(__always)
    private mutating func writeMember(key: String, value: Any, first: Bool, depth: Int) throws(JSONWritingError) {
        writeKey(key, first: first, depth: depth)
        do {
            try write(value, depth: depth + 1)
        } catch {
            throw error.prepending(.key(key))
        }
    }

    private mutating func writeArray(_ array: [Any], depth: Int) throws(JSONWritingError) {
        try beginArray(depth: depth)
        for (index, element) in array.enumerated() {
            beginElement(first: index == 0, depth: depth)
            do {
                try write(element, depth: depth + 1)
            } catch {
                throw error.prepending(.index(index))
            }
        }
        endArray(hasElements: !array.isEmpty, depth: depth)
    }

    private mutating func writeNewline(indent: Int) {
        output.append(Byte.newline)
        for _ in 0..<indent {
            output.append(Byte.space)
            output.append(Byte.space)
        }
    }

    // MARK: - Scalars

    @inline(__always)
    private mutating func writeASCII(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    fileprivate mutating func writeBool(_ value: Bool) {
        if value { writeASCII("true") } else { writeASCII("false") }
    }

    private mutating func writeNumber(_ number: NSNumber) throws(JSONWritingError) {
        if BooleanNumber.isBoolean(number) {
            writeBool(number.boolValue)
            return
        }
        if let decimal = number as? NSDecimalNumber {
            try writeDecimal(decimal.decimalValue)
            return
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "q"):
            writeInteger(number.int64Value)
        case UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "L"), UInt8(ascii: "Q"):
            writeInteger(number.uint64Value)
        case UInt8(ascii: "f"):
            try writeFloat(number.floatValue)
        default:
            try writeDouble(number.doubleValue)
        }
    }

    fileprivate mutating func writeInteger<Integer: FixedWidthInteger>(_ value: Integer) {
        if value < 0 { output.append(Byte.minus) }
        let magnitude = UInt64(value.magnitude)
        if magnitude < 10 {
            output.append(Byte.zero &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        output.appendDecimal(magnitude, digitCount: DecimalDigits.count(of: magnitude))
    }

    private mutating func writeDouble(_ value: Double) throws(JSONWritingError) {
        guard value.isFinite else {
            throw JSONWritingError(kind: .nonFiniteNumber(Self.name(ofNonFinite: value)))
        }
        writeFinite(value)
    }

    /// Writes a finite number as its `description` reads (the shortest digits that
    /// read back as it), without making the `String`: a `Double` that is not
    /// subnormal by ``ShortestDigits``, straight into the output.
    @inline(__always)
    mutating func writeFinite<Number: BinaryFloatingPoint & TextOutputStreamable>(_ value: Number) {
        if Number.self == Double.self, value.isNormal || value.isZero {
            // `Number` is `Double`, checked just above.
            let double = sameTypeValue(value, as: Double.self)
            output.append(maximumLength: ShortestDigits.maximumLength) { ShortestDigits.write(double, to: $0) }
            return
        }
        var stream = ASCIIStream(output: output)
        value.write(to: &stream)
    }

    /// "NaN", "infinity" or "-infinity", for error messages.
    private static func name<F: FloatingPoint>(ofNonFinite value: F) -> String {
        value.isNaN ? "NaN" : value < 0 ? "-infinity" : "infinity"
    }

    private mutating func writeFloat(_ value: Float) throws(JSONWritingError) {
        guard value.isFinite else {
            throw JSONWritingError(kind: .nonFiniteNumber(Self.name(ofNonFinite: value)))
        }
        writeFinite(value)
    }

    private mutating func writeDecimal(_ value: Decimal) throws(JSONWritingError) {
        guard !value.isNaN else {
            throw JSONWritingError(kind: .nonFiniteNumber("NaN"))
        }
        writeUTF8(value.description)
    }

    @inline(__always)
    private mutating func writeUTF8(_ text: String) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }

    fileprivate mutating func writeString(_ string: String) {
        output.append(Byte.quote)
        // A native string's bytes in place; a bridged one's copied first.
        if string.utf8.withContiguousStorageIfAvailable({ writeEscaped($0) }) == nil {
            var copy = string
            copy.withUTF8 { writeEscaped($0) }
        }
        output.append(Byte.quote)
    }

    /// Writes the UTF-8 bytes `utf8` of a string, escaped, without its quotes.
    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let start = utf8.baseAddress else { return }
        let count = utf8.count
        var runStart = 0
        var position = 0
        while true {
            // Sixteen bytes at a time to the first that needs escaping.
            position &+= strata_first_escaped_byte(start + position, count &- position, escapesSlashes)
            guard position < count else { break }
            if runStart < position {
                output.append(contentsOf: UnsafeBufferPointer(start: start + runStart, count: position &- runStart))
            }
            writeEscape(for: start[position])
            position &+= 1
            runStart = position
        }
        if runStart < count {
            output.append(contentsOf: UnsafeBufferPointer(start: start + runStart, count: count &- runStart))
        }
    }

    private mutating func writeEscape(for byte: UInt8) {
        output.append(Byte.backslash)
        switch byte {
        case Byte.quote, Byte.backslash, Byte.slash: output.append(byte)
        case 0x08: output.append(Byte.b)
        case 0x0C: output.append(Byte.f)
        case Byte.newline: output.append(Byte.n)
        case Byte.carriageReturn: output.append(Byte.r)
        case Byte.tab: output.append(Byte.t)
        default:
            let hexDigits: StaticString = "0123456789abcdef"
            output.append(Byte.u)
            output.append(Byte.zero)
            output.append(Byte.zero)
            output.append(hexDigits.utf8Start[Int(byte >> 4)])
            output.append(hexDigits.utf8Start[Int(byte & 0x0F)])
        }
    }
}

/// The output buffer as a text stream, for the standard library's formatting of
/// a floating-point number: its `write(to:)` hands the digits it formats in a
/// buffer of its own to `_writeASCII`, where `description` would make a `String`
/// of them first (a heap allocation past 15 bytes).
private struct ASCIIStream: TextOutputStream {
    /// The buffer written to.
    let output: JSONOutputBuffer

    /// Appends the UTF-8 of `string`.
    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { output.append(contentsOf: $0) }
    }

    /// Appends the ASCII bytes of `buffer`, as they are.
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        output.append(contentsOf: buffer)
    }
}

/// The growable byte buffer a ``JSONEmitter`` writes into.
///
/// An array's `append` checks that its storage is unique and goes through the
/// generic sequence path for a run of bytes, on every call; the emitter appends
/// a few bytes at a time, so this keeps the bytes in memory it owns and appends
/// with one capacity check and a copy.
final class JSONOutputBuffer {
    /// The start of the allocated memory, of which ``count`` bytes are written.
    private var base: UnsafeMutablePointer<UInt8>
    /// How many bytes are written.
    private(set) var count = 0
    /// How many bytes fit in the allocated memory.
    private var capacity: Int

    /// A buffer with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written, copied into an array.
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written, as `Data`, after which the buffer is empty.
    ///
    /// The memory itself is handed to the `Data` when at most an eighth of it is
    /// unused (as when the buffer started at the size of the last document of its
    /// type): no copy of the document. Otherwise the bytes are copied, so a `Data`
    /// never holds more than it needs by more than that.
    func takeData() -> Data {
        guard count > 16, capacity &- count <= count &>> 3 else {
            defer { count = 0 }
            return Data(bytes: base, count: count)
        }
        let taken = base
        let data = Data(bytesNoCopy: taken, count: count, deallocator: .custom { bytes, _ in bytes.deallocate() })
        capacity = 16
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        count = 0
        return data
    }

    /// Appends one byte.
    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count &+= 1
    }

    /// Appends a run of bytes.
    @inline(__always)
    func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        if capacity &- count < length { grow(toHold: length) }
        (base + count).update(from: source, count: length)
        count &+= length
    }

    /// Appends the bytes of `key`, then `byte` when there is one.
    @inline(__always)
    func append(_ key: QuotedKey, then byte: UInt8?) {
        append(maximumLength: QuotedKey.capacity + 1) { start in
            // All four words, the bytes after the key overwritten by what follows.
            let raw = UnsafeMutableRawPointer(start)
            raw.storeBytes(of: key.words.0, as: UInt64.self)
            raw.storeBytes(of: key.words.1, toByteOffset: 8, as: UInt64.self)
            raw.storeBytes(of: key.words.2, toByteOffset: 16, as: UInt64.self)
            raw.storeBytes(of: key.words.3, toByteOffset: 24, as: UInt64.self)
            guard let byte else { return key.count }
            start[key.count] = byte
            return key.count + 1
        }
    }

    /// Appends the bytes `write` puts at the address it is given, at most
    /// `maximumLength` of them; `write` returns how many it put.
    @inline(__always)
    func append(maximumLength: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        if capacity &- count < maximumLength { grow(toHold: maximumLength) }
        count &+= write(base + count)
    }

    /// Appends the `digitCount` decimal digits of `magnitude`, which has exactly
    /// that many.
    func appendDecimal(_ magnitude: UInt64, digitCount: Int) {
        // The digits are stored eight bytes at a time (see `DecimalDigits.write`).
        append(maximumLength: max(digitCount, 8)) { start in
            DecimalDigits.write(magnitude, count: digitCount, to: start)
            return digitCount
        }
    }

    /// Makes room for `length` more bytes: at least twice the capacity.
    @inline(never)
    private func grow(toHold length: Int) {
        let newCapacity = max(capacity &* 2, count &+ length)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

/// A value ``JSONEmitter`` writes from its static type, as ``JSONEmitter/write(_:depth:)``
/// writes it from an `Any`: a `String`, an `Int` or a `Bool`.
protocol JSONScalarValue: SendableMetatype {
    /// Writes the value into `emitter`.
    func write(into emitter: inout JSONEmitter)
}

extension String: JSONScalarValue {
    @inline(__always)
    func write(into emitter: inout JSONEmitter) { emitter.writeString(self) }
}

extension Int: JSONScalarValue {
    @inline(__always)
    func write(into emitter: inout JSONEmitter) { emitter.writeInteger(self) }
}

extension Bool: JSONScalarValue {
    @inline(__always)
    func write(into emitter: inout JSONEmitter) { emitter.writeBool(self) }
}
