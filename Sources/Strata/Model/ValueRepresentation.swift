import Foundation

/// How a value of each ``PropertyType`` is represented outside Swift, in JSON and
/// in archives: the one place where a property's type decides anything.
///
/// The JSON plan (``MappingPlan``) and the archive plan (``ArchivePlan``) take
/// their per-property decisions from here when they are built: which default
/// transformer a JSON value gets and whether the engines read it as a nested
/// model, what an archive stores for it and which classes that takes, and the
/// text form that URLs and UUIDs have in both. Supporting a new property type
/// means a case in ``PropertyType`` and its answers here.
extension PropertyType {
    // MARK: Both

    /// The text form of a value stored as a string both in JSON and in archives
    /// (`URL`, `UUID`), or `nil` for other types.
    var textForm: TextForm? {
        switch self {
        case .url: return .url
        case .uuid: return .uuid
        default: return nil
        }
    }

    // MARK: JSON

    /// The transformer a JSON-mapped property of this type gets when its model
    /// names none, or `nil` when the validated setter alone does the job (strings,
    /// booleans and numbers at the top level, and types with no default, whose
    /// JSON value is stored as it is).
    var defaultPropertyTransformer: Transformation? {
        switch unwrapped {
        case .bool, .string, .integer, .floatingPoint, .decimal, .date, .data, .other: return nil
        default: return defaultValueTransformer
        }
    }

    /// The transformer for a value of this type anywhere in JSON: a property, an
    /// array element, a dictionary value.
    ///
    /// Scalars are checked here too, so that an element's error names its index.
    var defaultValueTransformer: Transformation? {
        switch self {
        case .optional(let wrapped): return wrapped.defaultValueTransformer
        case .bool, .string, .integer, .floatingPoint, .decimal: return DefaultTransformers.scalar(self)
        case .url: return .url
        case .uuid: return .uuid
        case .date, .data, .other: return nil
        case .rawRepresentable(let enumType, let raw): return DefaultTransformers.rawRepresentable(enumType, raw: raw)
        case .model(let modelType):
            guard let serializable = modelType as? any JSONSerializing.Type else { return nil }
            return .anyModel(serializable)
        case .array(let element, let builder): return DefaultTransformers.array(element: element, builder: builder)
        case .dictionary(let value, let builder): return DefaultTransformers.dictionary(value: value, builder: builder)
        }
    }

    /// The transformation ``ValueTransformer/lenient`` gives a property of this
    /// type: looser scalars, `""` as `nil` for optionals other than `String?`, and
    /// the default conversion for any other type.
    var lenientTransformer: Transformation {
        switch self {
        case .optional(let wrapped):
            if case .string = wrapped.unwrapped { return LenientTransformers.string }
            return LenientTransformers.emptyStringAsNil(wrapped.lenientTransformer)
        case .bool, .integer, .floatingPoint, .decimal: return LenientTransformers.number(self)
        case .string: return LenientTransformers.string
        default: return defaultValueTransformer ?? Transformation(forward: { $0 }, reverse: { $0 })
        }
    }

    /// How the engines read and write a JSON-mapped property of this type with
    /// its default transformer: a nested model and an array of them are theirs,
    /// with the nested type; anything else is a value for the transformer.
    var mappingKind: (kind: MappingKind, nested: (any NestedModel)?) {
        switch unwrapped {
        case .model(let model as any JSONSerializing.Type): return (.model, model.nested)
        case .array(.model(let model as any JSONSerializing.Type), let builder) where builder.isArray:
            return (.models, model.nested)
        default: return (.value, nil)
        }
    }

    /// Whether the default JSON transformer of this type is a fixed conversion,
    /// which the encode engine may apply by reading the field itself (a URL's
    /// `absoluteString`, a UUID's `uuidString`, an enum's raw value).
    var hasFixedJSONConversion: Bool {
        switch self {
        case .url, .uuid, .optional(.url), .optional(.uuid), .rawRepresentable: return true
        default: return false
        }
    }

    /// Whether the default JSON transformer gives a value already of this type back
    /// as it is.
    ///
    /// True for `String`, `Bool`, `Int` and `Double`, the types JSON text is read
    /// into. A collection of such elements can then be built
    /// straight from elements of exactly that type (``ArrayBuilding/buildExactly(_:)``).
    var convertsExactValuesToThemselves: Bool {
        switch self {
        case .string, .bool: return true
        case .integer(let integer): return integer == Int.self
        case .floatingPoint(let floating): return floating == Double.self
        default: return false
        }
    }

    /// Whether a value of this type, written without a custom transformer, may be
    /// one JSON cannot represent (NaN, a `Date` with no transformer, …).
    var mayBeUnrepresentableInJSON: Bool {
        switch unwrapped {
        case .bool, .string, .integer, .url, .uuid, .model: return false
        case .rawRepresentable(_, let raw): return raw.mayBeUnrepresentableInJSON
        case .array(let element, _), .dictionary(let element, _): return element.mayBeUnrepresentableInJSON
        case .floatingPoint, .decimal, .date, .data, .other, .optional: return true
        }
    }

    /// The first model type inside this type (through optionals and collections)
    /// that has no JSON mapping, which no default transformer can read or write.
    var modelWithoutJSONMapping: String? {
        switch self {
        case .optional(let wrapped): return wrapped.modelWithoutJSONMapping
        case .array(let element, _), .dictionary(let element, _): return element.modelWithoutJSONMapping
        case .model(let model): return model is any JSONSerializing.Type ? nil : String(describing: model)
        default: return nil
        }
    }

    // MARK: Archives

    /// Why a value of this type cannot be archived, or `nil` when it can.
    ///
    /// Nested models are checked when they are archived, by their own plan.
    var archiveProblem: String? {
        switch self {
        case .optional(let wrapped): return wrapped.archiveProblem
        case .array(let element, _): return element.archiveProblem
        case .dictionary(let value, _): return value.archiveProblem
        case .bool, .string, .integer, .decimal, .url, .uuid, .date, .data: return nil
        case .floatingPoint(let floating):
            return floating.significandBitCount <= Double.significandBitCount
                && floating.exponentBitCount <= Double.exponentBitCount
                ? nil : "\(floating) is wider than Double, and would lose precision"
        case .rawRepresentable(_, let raw):
            return raw.archiveProblem.map { "its raw value cannot be archived: \($0)" }
        case .model(let model):
            return model is any SecureCodingModel.Type
                ? nil : "\(model) is a Model but not a SecureCodingModel; conform it to SecureCodingModel"
        case .other(let other):
            return "\(other) is not a type Strata can archive"
        }
    }

    /// The kind of value an archive stores for a value of this type (see
    /// ``ArchivedValueCoding``); `nil` for a type that cannot be archived.
    var archivedKind: ArchiveLayout.Kind? {
        switch self {
        case .optional(let wrapped): return wrapped.archivedKind
        case .bool: return .bool
        case .integer(let integer): return integer.bitWidth > 64 ? .string : .integer
        case .floatingPoint, .date: return .real
        case .string, .url, .uuid, .decimal: return .string
        case .data: return .data
        case .rawRepresentable(_, let raw): return raw.archivedKind
        case .model: return .model
        case .array, .dictionary: return .collection
        case .other: return nil
        }
    }

    /// The types inside this one that an archive of it reaches: the wrapped type
    /// of an optional, the elements of a collection, the raw type of a
    /// raw-representable type (not the properties of a nested model).
    var archivedComponents: [PropertyType] {
        switch self {
        case .optional(let wrapped): return [wrapped]
        case .array(let element, _), .dictionary(let element, _): return [element]
        case .rawRepresentable(_, let raw): return [raw]
        case .bool, .string, .integer, .floatingPoint, .decimal, .url, .uuid, .date, .data, .model, .other: return []
        }
    }
}

/// The text form of a value that JSON and archives both store as a string: how the value is
/// written as text, and read back.
///
/// The JSON transformers ``ValueTransformer/url`` and ``ValueTransformer/uuid`` and the
/// archive bridge use the same conversions.
struct TextForm: Sendable {
    /// The text of `value`, or `nil` when it is not of the form's type.
    let text: @Sendable (Any) -> String?
    /// The value `text` stands for, or `nil` when it stands for none.
    let value: @Sendable (String) -> Any?

    /// `URL` ↔ its `absoluteString`.
    ///
    /// The text must be a URL (or relative reference) as RFC 3986 writes it, which
    /// `URL(string:)` reads without changing: only ASCII letters, digits and
    /// `-._~:/?#[]@!$&'()*+,;=`, and `%` only before two hexadecimal digits. So a
    /// space, a character outside ASCII or a stray `%` makes the text no URL, rather
    /// than a URL percent-encoded for it (`URL(string:)` does that since macOS 14 and
    /// in swift-foundation), and a URL is written back as the text it was read from.
    /// An empty string is no URL.
    static let url = TextForm(
        text: { ($0 as? URL)?.absoluteString },
        value: { text in isURLText(text) ? url(readingUnchanged: text) : nil })

    /// ``url``'s value for a text given as its UTF-8 bytes: the same URL, `nil` for the
    /// same texts, without first making a `String` to check.
    static func url(fromBytes bytes: UnsafeBufferPointer<UInt8>) -> URL? {
        isURLBytes(bytes) ? url(readingUnchanged: String(decoding: bytes, as: UTF8.self)) : nil
    }

    /// The URL `URL(string:)` reads from `text` when it reads it unchanged.
    private static func url(readingUnchanged text: String) -> URL? {
        guard let url = URL(string: text), url.absoluteString == text else { return nil }
        return url
    }

    /// `UUID` ↔ its `uuidString` (upper case), by ``UUIDText``.
    static let uuid = TextForm(
        text: { ($0 as? UUID).map(UUIDText.text(of:)) },
        value: { UUIDText.uuid(from: $0) })
}

/// Whether `text` is made only of the characters RFC 3986 allows in a URI
/// reference, with each `%` starting a percent-encoded byte.
///
/// Empty text is not.
private func isURLText(_ text: String) -> Bool {
    if let isURL = text.utf8.withContiguousStorageIfAvailable(isURLBytes) { return isURL }
    return Array(text.utf8).withUnsafeBufferPointer(isURLBytes)
}

private func isURLBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
    return urlByteClasses.withUnsafeBufferPointer { classes in
        guard let classOf = classes.baseAddress else { return false }
        let count = bytes.count
        var index = 0
        // Eight bytes at a time while all are allowed as they are: the classes' AND is
        // `allowed` only then (`percent` has no bit in common with it).
        while index + 8 <= count {
            let allBytes =
                classOf[Int(base[index])] & classOf[Int(base[index + 1])] & classOf[Int(base[index + 2])]
                & classOf[Int(base[index + 3])] & classOf[Int(base[index + 4])] & classOf[Int(base[index + 5])]
                & classOf[Int(base[index + 6])] & classOf[Int(base[index + 7])]
            guard allBytes == URLByteClass.allowed else { break }
            index &+= 8
        }
        while index < count {
            // One load and one test per byte for the common case, a character allowed as it is.
            let byteClass = classOf[Int(base[index])]
            if byteClass == URLByteClass.allowed {
                index &+= 1
                continue
            }
            guard byteClass == URLByteClass.percent, index + 2 < count, isHexDigit(base[index + 1]),
                isHexDigit(base[index + 2])
            else { return false }
            index += 3
        }
        return true
    }
}

/// What a byte is in a URL's text, by ``urlByteClasses``.
private enum URLByteClass {
    static let forbidden: UInt8 = 0
    static let allowed: UInt8 = 1
    static let percent: UInt8 = 2
}

/// The class of each byte value: the ASCII characters RFC 3986 allows as they are
/// (unreserved, general and sub-delimiters: A-Z a-z 0-9 -._~ :/?#[]@ !$&'()*+,;=),
/// `%`, and every other byte.
private let urlByteClasses: [UInt8] = (0...255).map { byte in
    if byte == 0x25 { return URLByteClass.percent }
    let allowed = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;="
    return allowed.utf8.contains(UInt8(byte)) ? URLByteClass.allowed : URLByteClass.forbidden
}

private func isHexDigit(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
        return true
    default:
        return false
    }
}
