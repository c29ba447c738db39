import Foundation

/// Enums (and any `RawRepresentable` type) with raw values of a type Strata
/// supports: in JSON the raw value, checked exactly like a property of the raw
/// type, and a case for it; in archives the raw value, stored as the raw type
/// stores it.
///
/// The ``PropertyType/rawRepresentable(_:raw:)`` case; what the raw type
/// decides (its archived kind, whether JSON can represent it) is the raw type's,
/// in `PropertyType+JSON.swift` and `PropertyType+Archiving.swift`.
enum RawValueEnums {
    /// The default transformer of `enumType`, whose raw values are of type `raw`.
    static func defaultTransformer(_ enumType: any RawRepresentable.Type, raw: PropertyType) -> Transformation {
        func make<R: RawRepresentable>(_: R.Type) -> Transformation {
            let conversion = RawValueConversion<R>(raw: raw)
            // Values of `R` made once and only copied out afterwards (see `RawValueConversion`).
            nonisolated(unsafe) let casesByRawString = conversion.valuesByRawString
            let convert = conversion.value(from:)
            // A type with `String` raw values, for a string its table lacks (or it has none:
            // its cases are not listed): the string handed to `R(rawValue:)` as it is, without the
            // checks `convert` runs first for raw values of any type.
            let convertString = R.RawValue.self == String.self ? conversion.value(fromRawString:) : nil
            let transformation = Transformation(
                forward: { json in
                    // A case's raw string, looked up without entering code generic over `R`,
                    // where the conversion's metadata and `R?`'s are looked up on every call.
                    if let json, let string = exactValue(json, as: String.self) {
                        if !casesByRawString.isEmpty, let value = casesByRawString[string] { return value }
                        if let convertString { return try convertString(string) }
                    }
                    return try convert(json)
                },
                reverse: conversion.rawValue(of:))
            // The same cases found from the bytes of plain strings read from data, by the
            // table that finds member keys: it matches as the dictionary does, by
            // canonical equivalence.
            guard !casesByRawString.isEmpty else { return transformation }
            let rawStrings = Array(casesByRawString.keys)
            let table = MemberKeyTable(keys: rawStrings)
            nonisolated(unsafe) let cases = rawStrings.compactMap { casesByRawString[$0] }
            return transformation.readingPlainStrings { bytes in
                table.index(ofASCII: bytes, hint: 0).map { cases[$0] }
            }
        }
        return make(enumType)
    }

    /// An enum's raw values, where a raw value of the right type that names no
    /// case is `unknown` (``ValueTransformer/enumeration(_:unknown:)``).
    static func enumeration<R: RawRepresentable & Sendable>(_ type: R.Type, unknown: R) -> Transformation {
        let conversion = RawValueConversion<R>(raw: PropertyType(R.RawValue.self))
        return Transformation(
            forward: { json in try conversion.value(from: json, unknown: unknown) },
            reverse: conversion.rawValue(of:))
    }

    /// The load of the JSON value of a field of `enumType` (its raw value), for
    /// raw values that JSON holds as they are (strings and integers); `nil` for
    /// others, which the transformer writes.
    static func jsonLoad(_ enumType: any RawRepresentable.Type, raw: PropertyType) -> FastAccessors.Load? {
        switch raw {
        case .leaf(is StringProperty), .leaf(is IntegerProperty): return FastAccessors.rawValueLoad(enumType)
        default: return nil
        }
    }

    // MARK: Archives

    /// The raw value of `value`, a value of `enumType`; `nil` when it is not one.
    static func rawValue(of value: Any, as enumType: any RawRepresentable.Type) -> Any? {
        func rawValue<R: RawRepresentable>(_: R.Type) -> Any? { (value as? R)?.rawValue }
        return rawValue(enumType)
    }

    /// The value of `enumType` whose raw value is `raw`, read from an archive.
    static func value(ofArchived raw: Any, as enumType: any RawRepresentable.Type) throws -> Any {
        func value<R: RawRepresentable>(_: R.Type) -> Any? { (raw as? R.RawValue).flatMap { R(rawValue: $0) } }
        guard let value = value(enumType) else {
            throw StrataError(
                .invalidArchive,
                "The archived raw value \(describe(raw)) is not a case of \(enumType). "
                    + "Convert old values in decodeValue(forKey:with:modelVersion:).")
        }
        return value
    }
}

/// Converts between raw values (checked exactly, like any property value) and a
/// `RawRepresentable` type such as a `String` or `Int` enum.
private struct RawValueConversion<R: RawRepresentable>: @unchecked Sendable {
    // @unchecked: holds a `TypedValue` (metatypes only), a string, and values of `R`
    // made once and never changed (enum cases, read-only after `init`).
    let rawType: TypedValue<R.RawValue>
    /// " Known values: "a", "b"." when `R`'s cases are listed (see ``cases()``), or
    /// empty.
    let knownValues: String
    /// What `R(rawValue:)` gives for each case's raw value, when `R`'s cases are
    /// listed and its raw values are strings.
    ///
    /// Asked once here, so that reading one is a look-up rather than a call through
    /// code not specialised for `R`. Other raw values
    /// (which a hand-written `init?(rawValue:)` may accept) still go to `R(rawValue:)`.
    let valuesByRawString: [String: Any]

    init(raw: PropertyType) {
        rawType = TypedValue(R.RawValue.self, raw)
        if let cases = Self.cases() {
            knownValues = " Known values: " + cases.map { Self.describeRawValue(of: $0) }.joined(separator: ", ") + "."
            valuesByRawString = Self.valuesByRawString(of: cases)
        } else {
            knownValues = ""
            valuesByRawString = [:]
        }
    }

    /// Every value of `R`, in declaration order: `allCases` for a `CaseIterable`
    /// type, otherwise the cases of an enum with `String` raw values and no
    /// associated values (see ``EnumCases``); `nil` when neither lists them.
    private static func cases() -> [R]? {
        func allCases<C: CaseIterable>(of type: C.Type) -> [R] { type.allCases.compactMap { $0 as? R } }
        if let iterable = R.self as? any CaseIterable.Type { return allCases(of: iterable) }
        return EnumCases.all(of: R.self)
    }

    func value(from json: Any?) throws -> Any? {
        guard let json else { return nil }
        guard let value = R(rawValue: try rawType.require(json)) else { throw invalid(json) }
        return value
    }

    /// ``value(from:)`` for a string, when `R.RawValue` is `String` (the caller checks).
    func value(fromRawString string: String) throws -> Any {
        // `R.RawValue` is `String` (the caller checks).
        guard let value = R(rawValue: sameTypeValue(string, as: R.RawValue.self)) else { throw invalid(string) }
        return value
    }

    /// The error for a raw value of the right type that names no case.
    private func invalid(_ json: Any) -> StrataError {
        StrataError(.typeMismatch, "\(describe(json).capitalizedFirst) is not a valid \(R.self).\(knownValues)")
    }

    /// Like ``value(from:)``, with `unknown` for a raw value that names no case.
    func value(from json: Any?, unknown: R) throws -> Any? {
        guard let json else { return nil }
        if let value = R(rawValue: try rawType.require(json)) { return value }
        RecoveryLog.current?.record(.usedUnknownCase, invalid(json))
        return unknown
    }

    func rawValue(of value: Any?) throws -> Any? {
        guard let value else { return nil }
        guard let typed = value as? R else {
            throw StrataError.expected("\(R.self)", found: value)
        }
        return typed.rawValue
    }

    private static func valuesByRawString(of cases: [R]) -> [String: Any] {
        var values: [String: Any] = [:]
        for element in cases {
            guard let text = element.rawValue as? String, let value = R(rawValue: element.rawValue) else { continue }
            values[text] = value
        }
        return values
    }

    /// A case's raw value as an error lists it: quoted when it is a string.
    private static func describeRawValue(of value: R) -> String {
        value.rawValue is String ? "\"\(value.rawValue)\"" : "\(value.rawValue)"
    }
}
