import Foundation

extension ValueTransformer {
    /// Accepts the loose scalars some APIs send, converting them into the
    /// property's type (YYModel's conversions); opt in per key or per type, it is
    /// never the default.
    ///
    /// The transformer adapts to the property it serves:
    /// - numbers (`Int`, `Double`, `Decimal`, …) also read number text, `"42"`
    ///   or `"-1.5e3"`, as the JSON number would read: exactly into the property's
    ///   type, so `"1.5"` is not an `Int`, and `"true"` or `" 42"` is not a number;
    /// - `Bool` also reads `1` and `0`, and `"true"`, `"false"`, `"1"`, `"0"`;
    /// - `String` also reads numbers, as their JSON text (`42` → `"42"`);
    /// - an optional of any other type (`Int?`, `Bool?`, `URL?`, …) reads `""` as
    ///   `nil` (a `String?` keeps `""`);
    /// - anything else gets its type's default conversion.
    ///
    /// Writing writes the property's natural JSON type: a number, a boolean, a
    /// string. Used outside a property, it passes values through.
    ///
    /// ```swift
    /// static func jsonTransformer(forKey key: String) -> ValueTransformer? {
    ///     key == "stars" ? .lenient : nil   // {"stars": "42"} → 42
    /// }
    /// ```
    public static var lenient: ValueTransformer { LenientValueTransformer() }
}

/// The transformer ``ValueTransformer/lenient`` returns: the plan asks it for the
/// transformation fitting the property's type.
final class LenientValueTransformer: ClosureValueTransformer, PropertyAdaptingTransformer {
    init() {
        super.init(Transformation(forward: { $0 }, reverse: { $0 }))
    }

    func transformation(for type: PropertyType) -> Transformation {
        type.lenientTransformer
    }
}

/// The lenient conversions' implementations; which one a type gets is decided in
/// `PropertyType+JSON.swift` (``PropertyType/lenientTransformer``).
enum LenientTransformers {
    /// Numbers and booleans: anything the default reads, then number text (for a
    /// number) or the text and numbers of a boolean (for a `Bool`).
    static func number(_ leaf: any LeafPropertyType) -> Transformation {
        let strict = DefaultTransformers.scalar(leaf)
        return Transformation(
            forward: { value in
                guard let value else { return nil }
                if let number = ExactNumber(value).flatMap(leaf.converted) { return number }
                if leaf is BoolProperty {
                    if let flag = flag(from: value) { return flag }
                    throw StrataError.expected(
                        "Bool, true, false, 1, 0, \"true\", \"false\", \"1\" or \"0\"", found: value)
                }
                if let text = value as? String, let parsed = numberValue(text) {
                    if let number = ExactNumber(parsed).flatMap(leaf.converted) { return number }
                    throw StrataError.expected(leaf.name, foundDescription: describe(value) + ", which does not fit")
                }
                throw StrataError.expected("\(leaf.name) or number text", found: value)
            },
            reverse: strict.reverse)
    }

    /// Strings, and numbers as their JSON text.
    static var string: Transformation {
        let strict = DefaultTransformers.scalar(StringProperty())
        return Transformation(
            forward: { value in
                guard let value else { return nil }
                if let string = value as? String { return string }
                if let number = ExactNumber(value), number.boolean == nil,
                    let bytes = try? JSONWriter.bytes(withJSONObject: value)
                {
                    return String(decoding: bytes, as: UTF8.self)
                }
                throw StrataError.expected("String or a number", found: value)
            },
            reverse: strict.reverse)
    }

    /// `""` as `nil`, anything else through `wrapped` (or as it is).
    static func emptyStringAsNil(_ wrapped: Transformation?) -> Transformation {
        Transformation(
            forward: { value in
                if let text = value as? String, text.isEmpty { return nil }
                return try wrapped?.forward(value) ?? value
            },
            reverse: { value in try wrapped?.reverseTransformedValue(value) ?? value })
    }

    /// `1`, `0`, `"true"`, `"false"`, `"1"`, `"0"` as a `Bool`.
    private static func flag(from value: Any) -> Bool? {
        if let text = value as? String {
            switch text {
            case "true", "1": return true
            case "false", "0": return false
            default: return nil
            }
        }
        switch ExactNumber(value)?.integer(Int.self) {
        case 1: return true
        case 0: return false
        default: return nil
        }
    }

    /// The number `text` is as JSON, or `nil` when it is not exactly a JSON number.
    private static func numberValue(_ text: String) -> Any? {
        guard let first = text.utf8.first, let last = text.utf8.last,
            first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(last),
            let value = try? JSONReader.jsonObject(with: Data(text.utf8)),
            let number = ExactNumber(value), number.boolean == nil
        else { return nil }
        return value
    }
}
