import Foundation

// Fuzz target: the JSON reader, both output shapes, and the writer.
//
// - Both shapes accept the same documents, and refuse the others with the same error,
//   except a number beyond a Double's range, which only the native shape holds (as
//   a JSONNumber).
// - Whatever is read is written (the writer accepts every value the reader makes),
//   and the written text reads back as the same values, of the same types.
//
// Run with `Fuzz/run reader SECONDS`.

/// A type-exact description of a parsed value (as the tests' JSONShape): doubles
/// by bits, numbers by representation, so a round trip that changes a type or a bit
/// is caught.
indirect enum FuzzShape: Equatable, CustomStringConvertible {
    case string(String)
    case bool(Bool)
    case signed(Int64)
    case unsigned(UInt64)
    case double(UInt64)
    case decimal(Decimal)
    /// A `JSONNumber`, by its text.
    case number(String)
    case null
    case array([FuzzShape])
    case object([String: FuzzShape])
    case other(String)

    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    init(foundation value: Any) {
        // Each type is checked before its cast (here and in `container`): a failed
        // cast of an array or a dictionary costs time in proportion to all it holds,
        // so casting first made deep nesting quadratic (500 nested arrays took 12 s
        // under ASan, 0.2 s now).
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            if ObjectIdentifier(type(of: number)) == Self.booleanClass {
                self = .bool(number.boolValue)
            } else if let decimal = number as? NSDecimalNumber {
                self = .decimal(decimal.decimalValue)
            } else {
                switch UInt8(bitPattern: number.objCType.pointee) {
                case UInt8(ascii: "q"), UInt8(ascii: "l"), UInt8(ascii: "i"), UInt8(ascii: "s"), UInt8(ascii: "c"):
                    self = .signed(number.int64Value)
                case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
                    self = .unsigned(number.uint64Value)
                case UInt8(ascii: "d"), UInt8(ascii: "f"):
                    self = .double(number.doubleValue.bitPattern)
                default:
                    self = .other("NSNumber \(number.objCType.pointee)")
                }
            }
        } else {
            self = Self.container(value) { FuzzShape(foundation: $0) }
        }
    }

    init(native value: Any) {
        switch value {
        case let bool as Bool where type(of: value) == Bool.self: self = .bool(bool)
        case let int as Int where type(of: value) == Int.self: self = .signed(Int64(int))
        case let unsigned as UInt64 where type(of: value) == UInt64.self: self = .unsigned(unsigned)
        case let double as Double where type(of: value) == Double.self: self = .double(double.bitPattern)
        case let decimal as Decimal where type(of: value) == Decimal.self: self = .decimal(decimal)
        case let number as JSONNumber: self = .number(number.text)
        default: self = Self.container(value) { FuzzShape(native: $0) }
        }
    }

    private static func container(_ value: Any, element: (Any) -> FuzzShape) -> FuzzShape {
        let valueType = type(of: value)
        if valueType == String.self, let string = value as? String { return .string(string) }
        if valueType == [Any].self, let array = value as? [Any] { return .array(array.map(element)) }
        if valueType == [String: Any].self, let object = value as? [String: Any] { return .object(object.mapValues(element)) }
        if value is NSNull { return .null }
        return .other(String(describing: valueType))
    }

    /// The native shape, with every number by its value only: the native shape keeps
    /// a number's digits as a `Decimal` when a `Double` would lose some, and the writer
    /// writes an integral `Decimal` as an integer and a `Double` with up to 17 digits, so
    /// a round trip keeps the value of a number but may change its type.
    var numbersByValue: FuzzShape {
        switch self {
        case .signed(let int): return .other(Self.canonical(String(int)))
        case .unsigned(let int): return .other(Self.canonical(String(int)))
        case .double(let bits): return .other(Self.canonical(Double(bitPattern: bits).description))
        case .decimal(let decimal): return .other(Self.canonical(decimal.description))
        case .number(let text): return .other(Self.canonical(text))
        case .array(let elements): return .array(elements.map(\.numbersByValue))
        case .object(let members): return .object(members.mapValues(\.numbersByValue))
        default: return self
        }
    }

    /// `-12.50e1` as `-125e0`: sign, significant digits, power of ten of the last one.
    /// A number whose power of ten does not fit an `Int` is its own text.
    static func canonical(_ text: String) -> String {
        var mantissa = Substring(text)
        var exponent = 0
        if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let written = Int(mantissa[mantissa.index(after: e)...].replacing("+", with: "")) else { return text }
            exponent = written
            mantissa = mantissa[..<e]
        }
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa = mantissa.dropFirst() }
        var digits = mantissa
        if let point = mantissa.firstIndex(of: ".") {
            let shift = exponent.subtractingReportingOverflow(mantissa.distance(from: point, to: mantissa.endIndex) - 1)
            if shift.overflow { return text }
            exponent = shift.partialValue
            digits = mantissa[..<point] + mantissa[mantissa.index(after: point)...]
        }
        var significant = String(digits.drop { $0 == "0" })
        while significant.hasSuffix("0") {
            significant.removeLast()
            let shift = exponent.addingReportingOverflow(1)
            if shift.overflow { return text }
            exponent = shift.partialValue
        }
        if significant.isEmpty { return negative ? "-0" : "0" }
        return (negative ? "-" : "") + significant + "e" + String(exponent)
    }

    var description: String {
        switch self {
        case .string(let s): return s.debugDescription
        case .bool(let b): return "\(b)"
        case .signed(let i): return "\(i)"
        case .unsigned(let u): return "\(u)u"
        case .double(let bits): return "\(Double(bitPattern: bits))d"
        case .decimal(let d): return "\(d)m"
        case .number(let text): return "\(text)n"
        case .null: return "null"
        case .array(let a): return "[" + a.map(\.description).joined(separator: ",") + "]"
        case .object(let o): return "{" + o.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription):\($0.value)" }.joined(separator: ",") + "}"
        case .other(let name): return "<\(name)>"
        }
    }
}

func fuzzFailure(_ message: String, input: Data) -> Never {
    fatalError("\(message)\ninput: \(String(decoding: input.prefix(2_000), as: UTF8.self).debugDescription)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let foundation: Result<Any, JSONParsingError>
    do { foundation = .success(try JSONReader.jsonObject(with: data)) } catch {
        guard let parsingError = error as? JSONParsingError else { fuzzFailure("jsonObject threw \(error)", input: data) }
        foundation = .failure(parsingError)
    }
    let native = Result { () throws(JSONParsingError) -> Any in try JSONReader.nativeObject(with: data) }

    switch (foundation, native) {
    case (.failure(let a), .failure(let b)):
        // The native shape reads past a number beyond a Double's range, where the
        // Foundation shape stops, and may refuse something after it.
        let nativeReadsPast: Bool
        if case .numberOutOfRange = a.kind { nativeReadsPast = b.offset > a.offset } else { nativeReadsPast = false }
        if a != b, !nativeReadsPast { fuzzFailure("the two shapes refuse with different errors: \(a) / \(b)", input: data) }
    case (.failure(let error), .success(let nativeValue)):
        guard case .numberOutOfRange = error.kind else {
            fuzzFailure("the native shape accepts what the Foundation shape refuses: \(error)", input: data)
        }
        roundTrip(nativeValue, shape: { FuzzShape(native: $0).numbersByValue }, read: { try JSONReader.nativeObject(with: $0) }, input: data)
    case (.success, .failure(let error)):
        fuzzFailure("the Foundation shape accepts what the native shape refuses: \(error)", input: data)
    case (.success(let foundationValue), .success(let nativeValue)):
        roundTrip(foundationValue, shape: FuzzShape.init(foundation:), read: { try JSONReader.jsonObject(with: $0) }, input: data)
        roundTrip(nativeValue, shape: { FuzzShape(native: $0).numbersByValue }, read: { try JSONReader.nativeObject(with: $0) }, input: data)
    }
    return 0
}

/// Writes `value` (compact and pretty), reads it back, and compares shapes.
func roundTrip(_ value: Any, shape: (Any) -> FuzzShape, read: (Data) throws -> Any, input: Data) {
    let expected = shape(value)
    for options in [JSONWriter.Options(), [.prettyPrinted, .sortedKeys]] {
        let written: Data
        do { written = Data(try JSONWriter.bytes(withJSONObject: value, options: options)) } catch {
            fuzzFailure("the writer refuses what the reader made (\(options)): \(error)", input: input)
        }
        let back: Any
        do { back = try read(written) } catch {
            fuzzFailure("the reader refuses what the writer wrote: \(error)\nwritten: \(String(decoding: written, as: UTF8.self))", input: input)
        }
        let actual = shape(back)
        if actual != expected {
            fuzzFailure("round trip changed the value:\n\(expected)\n\(actual)\nwritten: \(String(decoding: written, as: UTF8.self))", input: input)
        }
    }
}
