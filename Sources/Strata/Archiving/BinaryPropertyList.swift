import Foundation

/// A strict reader for the binary property lists (`bplist00`) that
/// `NSKeyedArchiver` writes, used to check an archive before Foundation reads it.
///
/// Foundation's own `PropertyListSerialization` cannot be trusted with hostile
/// data on Linux: a damaged binary property list can make it dereference a bad
/// pointer while bridging the result to Swift (found by the byte-flipping test).
/// This reader checks every offset, length and reference against the data,
/// refuses cycles and deep nesting, and reads only the value kinds keyed
/// archives use; anything else (sets, dates, odd sizes) is refused.
enum BinaryPropertyList {
    /// A property-list value as keyed archives use them.
    indirect enum Value {
        case null
        case bool(Bool)
        case integer(Int64)
        case real(Double)
        case string(String)
        case data(Data)
        /// A keyed-archive reference (`CF$UID`) to an entry of `$objects`.
        case uid(Int)
        case array([Value])
        case dictionary([String: Value])
    }

    /// Why the data was refused (becomes part of an `invalidArchive` message).
    struct Refusal: Error {
        let reason: String
    }

    /// How deep arrays and dictionaries may nest.
    ///
    /// Keyed archives are flat (an envelope, an object table, dictionaries of
    /// scalars and references).
    static let maximumDepth = 8

    /// Reads `data`, or throws a ``Refusal``.
    static func read(_ data: Data) throws -> Value {
        var reader = try Reader(bytes: [UInt8](data))
        return try reader.value(at: reader.topObject, depth: 0)
    }

    private struct Reader {
        let bytes: [UInt8]
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
        let topObject: Int
        let offsetTable: Int
        /// Objects being read, to refuse reference cycles.
        var active: Set<Int> = []
        /// Objects already read: each is read once, however often it is referenced.
        var cache: [Int: Value] = [:]

        init(bytes: [UInt8]) throws {
            self.bytes = bytes
            guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
                throw Refusal(reason: "The data is not a binary property list")
            }
            let trailer = bytes.count - 32
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            let count = Self.integer(bytes[(trailer + 8)..<(trailer + 16)])
            let top = Self.integer(bytes[(trailer + 16)..<(trailer + 24)])
            let table = Self.integer(bytes[(trailer + 24)..<(trailer + 32)])
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
                let count, let top, let table, count > 0, top < count, table >= 8, table <= trailer,
                count <= (trailer - table) / offsetSize
            else {
                throw Refusal(reason: "The binary property list's trailer is damaged")
            }
            objectCount = count
            topObject = top
            offsetTable = table
        }

        /// A big-endian unsigned integer of up to 8 bytes, as an `Int` when it fits.
        static func integer(_ slice: ArraySlice<UInt8>) -> Int? {
            var value: UInt64 = 0
            for byte in slice { value = value << 8 | UInt64(byte) }
            return Int(exactly: value)
        }

        func bytes(at offset: Int, count: Int) throws -> ArraySlice<UInt8> {
            guard offset >= 8, count >= 0, offset <= offsetTable, count <= offsetTable - offset else {
                throw Refusal(reason: "The binary property list has a value beyond its end")
            }
            return bytes[offset..<(offset + count)]
        }

        func offset(of object: Int) throws -> Int {
            guard object >= 0, object < objectCount else {
                throw Refusal(reason: "The binary property list refers to a missing object")
            }
            // In range: the initializer checked that the table holds `objectCount` entries.
            let entry = offsetTable + object * offsetSize
            guard let offset = Self.integer(bytes[entry..<(entry + offsetSize)]), offset >= 8, offset < offsetTable else {
                throw Refusal(reason: "The binary property list has an object beyond its end")
            }
            return offset
        }

        /// The length that follows a marker: its low nibble, or an integer object after it.
        func length(marker: UInt8, at offset: Int) throws -> (length: Int, start: Int) {
            let nibble = Int(marker & 0x0F)
            guard nibble == 0x0F else { return (nibble, offset + 1) }
            let header = try bytes(at: offset + 1, count: 1)
            guard let sizeMarker = header.first, sizeMarker & 0xF0 == 0x10, sizeMarker & 0x0F <= 3 else {
                throw Refusal(reason: "The binary property list has a damaged length")
            }
            let size = 1 << Int(sizeMarker & 0x0F)
            guard let length = Self.integer(try bytes(at: offset + 2, count: size)) else {
                throw Refusal(reason: "The binary property list has a damaged length")
            }
            return (length, offset + 2 + size)
        }

        func references(at start: Int, count: Int) throws -> [Int] {
            let (total, overflow) = count.multipliedReportingOverflow(by: referenceSize)
            guard !overflow else { throw Refusal(reason: "The binary property list has a damaged collection") }
            let slice = try bytes(at: start, count: total)
            return try stride(from: slice.startIndex, to: slice.endIndex, by: referenceSize).map { index in
                guard let reference = Self.integer(slice[index..<(index + referenceSize)]) else {
                    throw Refusal(reason: "The binary property list has a damaged reference")
                }
                return reference
            }
        }

        mutating func value(at object: Int, depth: Int) throws -> Value {
            if let cached = cache[object] { return cached }
            let value = try read(object, depth: depth)
            cache[object] = value
            return value
        }

        private mutating func read(_ object: Int, depth: Int) throws -> Value {
            guard depth <= BinaryPropertyList.maximumDepth else {
                throw Refusal(reason: "The property list nests deeper than a keyed archive does")
            }
            guard active.insert(object).inserted else {
                throw Refusal(reason: "The binary property list contains itself")
            }
            defer { active.remove(object) }
            let offset = try offset(of: object)
            guard let marker = try bytes(at: offset, count: 1).first else {
                throw Refusal(reason: "The binary property list has an object beyond its end")
            }
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x00: return .null
                case 0x08: return .bool(false)
                case 0x09: return .bool(true)
                default: break
                }
            case 0x1 where marker & 0x0F <= 3:
                let size = 1 << Int(marker & 0x0F)
                var value: UInt64 = 0
                for byte in try bytes(at: offset + 1, count: size) { value = value << 8 | UInt64(byte) }
                // 8-byte integers are signed; shorter ones are unsigned.
                return .integer(size == 8 ? Int64(bitPattern: value) : Int64(value))
            case 0x2 where marker & 0x0F == 2 || marker & 0x0F == 3:
                let size = 1 << Int(marker & 0x0F)
                var bits: UInt64 = 0
                for byte in try bytes(at: offset + 1, count: size) { bits = bits << 8 | UInt64(byte) }
                return .real(size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits))
            case 0x4:
                let (length, start) = try length(marker: marker, at: offset)
                return .data(Data(try bytes(at: start, count: length)))
            case 0x5:
                let (length, start) = try length(marker: marker, at: offset)
                let slice = try bytes(at: start, count: length)
                guard slice.allSatisfy({ $0 < 0x80 }) else { break }
                return .string(String(decoding: slice, as: UTF8.self))
            case 0x6:
                let (length, start) = try length(marker: marker, at: offset)
                let (size, overflow) = length.multipliedReportingOverflow(by: 2)
                guard !overflow else { break }
                let slice = try bytes(at: start, count: size)
                let units = stride(from: slice.startIndex, to: slice.endIndex, by: 2).map {
                    UInt16(slice[$0]) << 8 | UInt16(slice[$0 + 1])
                }
                guard let string = ValidatedText.string(utf16: units) else { break }
                return .string(string)
            case 0x8:
                let size = Int(marker & 0x0F) + 1
                guard size <= 4, let uid = Self.integer(try bytes(at: offset + 1, count: size)) else { break }
                return .uid(uid)
            case 0xA:
                let (count, start) = try length(marker: marker, at: offset)
                return .array(try references(at: start, count: count).map { try value(at: $0, depth: depth + 1) })
            case 0xD:
                let (count, start) = try length(marker: marker, at: offset)
                let keys = try references(at: start, count: count)
                let (keyBytes, overflow) = count.multipliedReportingOverflow(by: referenceSize)
                guard !overflow else { break }
                let values = try references(at: start + keyBytes, count: count)
                var dictionary: [String: Value] = [:]
                for (key, value) in zip(keys, values) {
                    guard case .string(let name) = try self.value(at: key, depth: depth + 1),
                        dictionary[name] == nil
                    else {
                        throw Refusal(reason: "The binary property list has a dictionary with a bad or repeated key")
                    }
                    dictionary[name] = try self.value(at: value, depth: depth + 1)
                }
                return .dictionary(dictionary)
            default:
                break
            }
            throw Refusal(
                reason:
                    "The binary property list holds a value of kind 0x\(String(marker, radix: 16)) at object \(object), which keyed archives do not use"
            )
        }
    }
}
