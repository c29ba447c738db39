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
        case .leaf(let leaf):
            try leaf.archive(value, forKey: key, into: coder)
        case .rawRepresentable(let representable, let raw):
            guard let rawValue = RawValueEnums.rawValue(of: value, as: representable) else {
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
        case .leaf(let leaf):
            return try leaf.unarchive(forKey: key, from: coder)
        case .rawRepresentable(let representable, let raw):
            guard let rawValue = try decodeStored(raw, forKey: key, from: coder, child: child) else { return nil }
            return try RawValueEnums.value(ofArchived: rawValue, as: representable)
        case .model, .array, .dictionary:
            return try decodeObject(type, forKey: key, from: coder, child: child)
        case .other:
            throw notArchivable(type)
        }
    }

    // MARK: - Text

    /// Reads the string under `key`, for a value of `type`.
    static func decodeString(
        forKey key: String, from coder: NSCoder, as type: @autoclosure () -> PropertyType
    ) throws -> String {
        let object = coder.decodeObject(of: ArchiveFormat.decodableClasses, forKey: key)
        guard let string = object as? NSString else { throw invalid(describe(object), type()) }
        return string as String
    }

    /// Reads a value stored as a string, converting it with `make`.
    static func decodeText<T>(
        forKey key: String, from coder: NSCoder, as type: @autoclosure () -> PropertyType, _ make: (String) -> T?
    ) throws -> T {
        let string = try decodeString(forKey: key, from: coder, as: type())
        guard let value = make(string) else { throw invalid(describe(string), type()) }
        return value
    }

    // MARK: - Models

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

    /// `value` as a `T`, or the error for a value that is not one of `propertyType`.
    ///
    /// The property type is made only for the error.
    static func typed<T>(_ value: Any, _ type: T.Type, _ propertyType: @autoclosure () -> PropertyType) throws -> T {
        guard let typed = value as? T else { throw mismatch(propertyType(), value) }
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

    /// The error for an archived value, described as `found`, that is not one of `type`.
    static func invalid(_ found: String, _ type: PropertyType) -> StrataError {
        StrataError.archived(type.name, foundDescription: found)
    }
}
