import Foundation

/// Writes and reads one value under one coder key, chosen by the value's
/// ``PropertyType``: the one mechanism behind model properties and collection
/// elements.
///
/// Scalars use typed coder calls (`Bool`, `Int64`, `Double`), so nothing is
/// boxed in an `NSNumber`, and are restored to their exact Swift type: an `Int8`
/// comes back as an `Int8`, a `Bool` as a `Bool`. Text-like values (`String`,
/// `URL`, `UUID`, `Decimal`, integers wider than 64 bits) are stored as strings,
/// `Data` as data, `Date` as its seconds since the reference date. Collections and
/// nested models are bridge objects (``ArchivedCollection``, ``ArchivedModel``).
enum ArchivedValueCoding {
    /// Writes `value`, which is not `nil`, as a value of `type` under `key`.
    ///
    /// `conditional` writes a class-model object with `encodeConditionalObject`.
    static func encode(
        _ value: Any, as type: PropertyType, forKey key: String, conditional: Bool = false, into coder: NSCoder
    ) throws {
        switch type {
        case .optional(let wrapped):
            try encode(value, as: wrapped, forKey: key, conditional: conditional, into: coder)
        case .bool:
            coder.encode(try typed(value, Bool.self, type), forKey: key)
        case .integer(let integer):
            try encodeInteger(integer, value, forKey: key, into: coder)
        case .floatingPoint(let floating):
            try encodeFloatingPoint(floating, value, forKey: key, into: coder)
        case .string:
            coder.encode(try typed(value, String.self, type) as NSString, forKey: key)
        case .url, .uuid:
            guard let text = type.textForm?.text(value) else { throw mismatch(type, value) }
            coder.encode(text as NSString, forKey: key)
        case .decimal:
            coder.encode(try typed(value, Decimal.self, type).description as NSString, forKey: key)
        case .date:
            let seconds = try typed(value, Date.self, type).timeIntervalSinceReferenceDate
            guard ArchiveFormat.dateRange.contains(seconds) else {
                throw StrataError(
                    .unsupportedValue,
                    "The date \(seconds) seconds from 2001-01-01 is outside the dates Strata archives "
                        + "(\(ArchiveFormat.dateRangeDescription)), so it could not be read back.")
            }
            coder.encode(seconds, forKey: key)
        case .data:
            coder.encode(try typed(value, Data.self, type) as NSData, forKey: key)
        case .rawRepresentable(let representable, let raw):
            guard let rawValue = rawValue(of: value, as: representable) else {
                throw mismatch(type, value)
            }
            try encode(rawValue, as: raw, forKey: key, into: coder)
        case .model(let model):
            guard let coding = model as? any SecureCodingModel.Type else {
                throw StrataError(
                    .unsupportedValue, "\(model) is a Model but not a SecureCodingModel; conform it to SecureCodingModel.")
            }
            try encodeModel(coding, value, forKey: key, conditional: conditional, into: coder)
        case .array(let element, let builder):
            guard let elements = builder.elements(of: value) else { throw mismatch(type, value) }
            coder.encode(ArchivedCollection(elements: elements.map { (nil, $0) }, of: element), forKey: key)
        case .dictionary(let element, let builder):
            guard let values = builder.values(of: value) else { throw mismatch(type, value) }
            let sorted = values.sorted { $0.key < $1.key }.map { (Optional($0.key), $0.value) }
            coder.encode(ArchivedCollection(elements: sorted, of: element), forKey: key)
        case .other(let other):
            throw StrataError(.unsupportedValue, "\(other) is not a type Strata can archive.")
        }
    }

    /// Reads the value of `type` under `key`; `nil` when the key is absent (or
    /// holds a conditional object that was not written).
    ///
    /// Absent keys are checked with `containsValue(forKey:)` before any decode:
    /// on Linux, decoding an absent object key poisons the whole unarchiver. In an
    /// archive checked by ``ArchiveValidator``, the key must store the kind of
    /// value Strata writes for `type` (``PropertyType/archivedKind``): the
    /// typed coder calls would read any other kind as a silently wrong value.
    static func decode(_ type: PropertyType, forKey key: String, from coder: NSCoder) throws -> Any? {
        // A migration hook's coder: Strata's own decodes read the unarchiver it wraps.
        let coder = MigrationCoding.unarchiver(of: coder)
        guard coder.containsValue(forKey: key) else { return nil }
        let type = type.unwrapped
        guard let kind = type.archivedKind else { throw notArchivable(type) }
        var child: ArchiveCursor?
        if let cursor = ArchiveContext.cursor(of: coder) {
            child = cursor.child(try cursor.check(kind, forKey: key, as: type.name))
        }
        switch type {
        case .model, .array, .dictionary:
            // Apart from the switch below: this is the unarchiver's recursion, and
            // a big switch takes a big stack frame in debug builds.
            return try decodeObject(type, forKey: key, from: coder, child: child)
        default:
            return try decodeStored(type, forKey: key, from: coder, child: child)
        }
    }

    /// Reads the nested model or collection of `type` under `key`.
    ///
    /// Kept small, with its checks in helpers: its frame is part of every
    /// nesting level of the unarchiver's recursion.
    private static func decodeObject(
        _ type: PropertyType, forKey key: String, from coder: NSCoder, child: ArchiveCursor?
    ) throws -> Any? {
        let object = ArchiveContext.expecting(try expectation(for: type), at: child, from: coder) {
            coder.decodeObject(of: ArchiveFormat.decodableClasses, forKey: key)
        }
        return try content(of: object, as: type)
    }

    private static func expectation(for type: PropertyType) throws -> DecodingExpectation {
        guard case .model(let model) = type else { return .collection(type) }
        guard let coding = model as? any SecureCodingModel.Type else { throw notArchivable(type) }
        return .model(coding)
    }

    /// The model or collection that the bridge object `object` decoded.
    private static func content(of object: Any?, as type: PropertyType) throws -> Any? {
        guard case .model(let model) = type else {
            guard let wrapper = object as? ArchivedCollection else { throw invalid(describe(object), type) }
            return try wrapper.content.get()
        }
        guard let object else { return nil }  // a conditional object that was not written
        guard let wrapper = object as? ArchivedModel else { throw invalid(describe(object), type) }
        let decoded = try wrapper.content.get()
        guard Swift.type(of: decoded) == model else { throw invalid("an archived \(Swift.type(of: decoded))", type) }
        return decoded
    }

    /// Reads the value of `type`, which is not optional, under `key`, which the
    /// archive contains; `child` is the cursor of the object the key refers to.
    private static func decodeStored(
        _ type: PropertyType, forKey key: String, from coder: NSCoder, child: ArchiveCursor?
    ) throws -> Any? {
        switch type {
        case .optional(let wrapped):
            return try decodeStored(wrapped, forKey: key, from: coder, child: child)
        case .bool:
            return coder.decodeBool(forKey: key)
        case .integer(let integer):
            return try decodeInteger(integer, forKey: key, from: coder)
        case .floatingPoint(let floating):
            return try decodeFloatingPoint(floating, forKey: key, from: coder)
        case .string:
            return try decodeString(forKey: key, from: coder, as: type)
        case .url, .uuid:
            return try decodeText(forKey: key, from: coder, as: type) { type.textForm?.value($0) }
        case .decimal:
            return try decodeText(forKey: key, from: coder, as: type, exactDecimal)
        case .date:
            let seconds = coder.decodeDouble(forKey: key)
            guard ArchiveFormat.dateRange.contains(seconds) else {
                throw StrataError.archived(
                    type.name, foundDescription: "a date \(seconds) seconds from 2001-01-01",
                    advice: "Strata archives dates within \(ArchiveFormat.dateRangeDescription): the archive is damaged "
                        + "or was not written for this model.")
            }
            return Date(timeIntervalSinceReferenceDate: seconds)
        case .data:
            let object = coder.decodeObject(of: ArchiveFormat.decodableClasses, forKey: key)
            guard let data = object as? NSData else { throw invalid(describe(object), type) }
            return Data(referencing: data)
        case .rawRepresentable(let representable, let raw):
            guard let rawValue = try decodeStored(raw, forKey: key, from: coder, child: child) else { return nil }
            guard let value = makeRepresentable(representable, from: rawValue) else {
                throw StrataError(
                    .invalidArchive,
                    "The archived raw value \(describe(rawValue)) is not a case of \(representable). "
                        + "Convert old values in decodeValue(forKey:with:modelVersion:).")
            }
            return value
        case .model, .array, .dictionary:
            return try decodeObject(type, forKey: key, from: coder, child: child)
        case .other:
            throw notArchivable(type)
        }
    }

    // MARK: - Scalars

    private static let posix = Locale(identifier: "en_US_POSIX")

    private static func encodeInteger<I: FixedWidthInteger>(
        _ type: I.Type, _ value: Any, forKey key: String, into coder: NSCoder
    ) throws {
        guard let integer = value as? I else { throw mismatch(.integer(I.self), value) }
        if I.bitWidth > 64 {
            coder.encode(String(integer) as NSString, forKey: key)
        } else if I.isSigned {
            coder.encode(Int64(integer), forKey: key)
        } else {
            coder.encode(Int64(bitPattern: UInt64(integer)), forKey: key)
        }
    }

    private static func decodeInteger<I: FixedWidthInteger>(
        _ type: I.Type, forKey key: String, from coder: NSCoder
    ) throws -> I {
        if I.bitWidth > 64 {
            return try decodeText(forKey: key, from: coder, as: .integer(I.self)) { I($0) }
        }
        let raw = coder.decodeInt64(forKey: key)
        let value = I.isSigned ? I(exactly: raw) : I(exactly: UInt64(bitPattern: raw))
        guard let value else {
            throw invalid("the number \(I.isSigned ? String(raw) : String(UInt64(bitPattern: raw)))", .integer(I.self))
        }
        return value
    }

    /// `text` as a `Decimal`, when it is a plain decimal number, as `Decimal.description`
    /// writes it (`-12.5`, `0.001`, `12345678901234567890.125`), whose every digit
    /// `Decimal` holds, or `NaN`, as it writes `Decimal.nan`; otherwise `nil`.
    ///
    /// `Decimal(string:locale:)` alone reads a leading number and ignores the rest
    /// (`"0x10"` is 0, `"12abc"` 12, `" 5"` 5) and rounds digits beyond its
    /// mantissa: a tampered archive would read as another value.
    static func exactDecimal(_ text: String) -> Decimal? {
        if text == Decimal.nan.description { return .nan }
        guard let written = DecimalDigits(text), let decimal = Decimal(string: text, locale: posix), !decimal.isNaN,
            DecimalDigits(decimal.description) == written
        else { return nil }
        return decimal
    }

    /// The value of a plain decimal number's text (`-?[0-9]+(\.[0-9]+)?`), as its
    /// significant digits and the power of ten of the last one: `"-01.50"` is
    /// `-15 × 10^-1`.
    ///
    /// Zero has no digits and no sign.
    private struct DecimalDigits: Equatable {
        var negative = false
        var digits: ArraySlice<UInt8> = []
        var exponent = 0

        init?(_ text: String) {
            var bytes = Array(text.utf8)[...]
            if bytes.first == UInt8(ascii: "-") {
                negative = true
                bytes = bytes.dropFirst()
            }
            var integer = bytes
            var fraction: ArraySlice<UInt8> = []
            if let point = bytes.firstIndex(of: UInt8(ascii: ".")) {
                integer = bytes[..<point]
                fraction = bytes[(point + 1)...]
                guard !fraction.isEmpty else { return nil }
            }
            let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
            guard !integer.isEmpty, integer.allSatisfy(isDigit), fraction.allSatisfy(isDigit) else { return nil }
            var all = Array(integer + fraction)[...]
            exponent = -fraction.count
            while all.first == UInt8(ascii: "0") { all = all.dropFirst() }
            while all.last == UInt8(ascii: "0") {
                all = all.dropLast()
                exponent += 1
            }
            digits = all
            if all.isEmpty {
                negative = false
                exponent = 0
            }
        }
    }

    private static func encodeFloatingPoint<F: BinaryFloatingPoint>(
        _ type: F.Type, _ value: Any, forKey key: String, into coder: NSCoder
    ) throws {
        guard let number = value as? F else { throw mismatch(.floatingPoint(F.self), value) }
        coder.encode(Double(number), forKey: key)
    }

    private static func decodeFloatingPoint<F: BinaryFloatingPoint>(
        _ type: F.Type, forKey key: String, from coder: NSCoder
    ) throws -> F {
        let number = coder.decodeDouble(forKey: key)
        let value = F(number)
        guard value.isFinite || !number.isFinite else { throw invalid("the number \(number)", .floatingPoint(F.self)) }
        return value
    }

    private static func decodeString(forKey key: String, from coder: NSCoder, as type: PropertyType) throws -> String {
        let object = coder.decodeObject(of: ArchiveFormat.decodableClasses, forKey: key)
        guard let string = object as? NSString else { throw invalid(describe(object), type) }
        return string as String
    }

    /// Reads a value stored as a string, converting it with `make`.
    private static func decodeText<T>(
        forKey key: String, from coder: NSCoder, as type: PropertyType, _ make: (String) -> T?
    ) throws -> T {
        let string = try decodeString(forKey: key, from: coder, as: type)
        guard let value = make(string) else { throw invalid(describe(string), type) }
        return value
    }

    // MARK: - Raw values and models

    private static func rawValue<R: RawRepresentable>(of value: Any, as type: R.Type) -> Any? {
        (value as? R)?.rawValue
    }

    private static func makeRepresentable<R: RawRepresentable>(_ type: R.Type, from raw: Any) -> Any? {
        (raw as? R.RawValue).flatMap { R(rawValue: $0) }
    }

    private static func encodeModel<S: SecureCodingModel>(
        _ type: S.Type, _ value: Any, forKey key: String, conditional: Bool, into coder: NSCoder
    ) throws {
        guard let model = value as? S else { throw mismatch(.model(S.self), value) }
        guard let run = ArchiveContext.run else {
            throw StrataError(.unsupportedValue, "Strata models are archived through ModelArchiver or NSCoder.encodeModel(_:forKey:).")
        }
        if conditional && S.self is AnyClass {
            switch run.keepsConditionalReference(to: model as AnyObject) {
            case true?:
                break  // written unconditionally somewhere: an ordinary reference, wherever this one comes
            case false?:
                return  // written nowhere else: left out, read back as nil
            case nil:
                coder.encodeConditionalObject(try run.wrapper(for: model), forKey: key)
                return
            }
        }
        coder.encode(try run.wrapper(for: model), forKey: key)
    }

    // MARK: - Errors

    private static func typed<T>(_ value: Any, _ type: T.Type, _ propertyType: PropertyType) throws -> T {
        guard let typed = value as? T else { throw mismatch(propertyType, value) }
        return typed
    }

    private static func mismatch(_ type: PropertyType, _ value: Any) -> StrataError {
        StrataError.expected("\(type.name) to archive", found: value)
    }

    private static func notArchivable(_ type: PropertyType) -> StrataError {
        if case .model(let model) = type {
            return StrataError(
                .unsupportedValue, "\(model) is a Model but not a SecureCodingModel; conform it to SecureCodingModel.")
        }
        return StrataError(.unsupportedValue, "\(type.name) is not a type Strata can archive.")
    }

    private static func invalid(_ found: String, _ type: PropertyType) -> StrataError {
        StrataError.archived(type.name, foundDescription: found)
    }
}
