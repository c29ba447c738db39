import Foundation

/// The default transformers' implementations: for scalars, enums, arrays and
/// `[String: T]` dictionaries.
///
/// Which one a type gets is decided in `ValueRepresentation.swift`
/// (``PropertyType/defaultValueTransformer``).
enum DefaultTransformers {
    /// Strings, booleans and numbers: checked exactly, written back as they are.
    static func scalar(_ type: PropertyType) -> Transformation {
        Transformation(
            forward: { value in
                guard let value else { return nil }
                if case .string = type {
                    if let string = value as? String { return string }
                } else if let number = type.exactNumber(from: value) {
                    return number
                }
                throw StrataError.expected(type.name, found: value)
            },
            reverse: { value in try value.map(jsonRepresentable) })
    }

    static func rawRepresentable(_ enumType: any RawRepresentable.Type, raw: PropertyType) -> Transformation {
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

    static func array(element: PropertyType, builder: any ArrayBuilding.Type) -> Transformation {
        let elementTransformer = element.defaultValueTransformer
        let nulls = CollectionElements.Nulls(for: element)
        let elementsMayBeExact = element.convertsExactValuesToThemselves
        let transformation = Transformation(
            forward: { value in
                guard let value else { return nil }
                guard let array = exactValue(value, as: [Any].self) ?? value as? [Any] else {
                    throw StrataError.expected("an array of \(element.name)", found: value)
                }
                // The common case, in one pass: every element already of the element type,
                // which its transformer would give back as it is.
                if elementsMayBeExact, let built = builder.buildExactly(array) { return built }
                var converted: [Any?] = []
                converted.reserveCapacity(array.count)
                // The JSON index of each element of `converted`, once one is left out.
                var indices: [Int]? = nil
                let elements = CollectionElements()
                for (index, item) in array.enumerated() {
                    switch try elements.read(
                        at: .index(index), isNull: isJSONNull(item), nulls: nulls, { try convert(item, with: elementTransformer) })
                    {
                    case .value(let value):
                        converted.append(value)
                        indices?.append(index)
                    case .null:
                        converted.append(nil)
                        indices?.append(index)
                    case .skipped:
                        if indices == nil { indices = Array(0..<index) }
                    }
                }
                switch builder.build(converted) {
                case .success(let typed): return typed
                case .failure(let failure):
                    // An element no transformer converted, of a type no JSON value has (a
                    // `Date` without a transformer): a mistake in the model, never skipped.
                    let index = indices?[failure.index] ?? failure.index
                    throw StrataError.expected(element.name, found: array[index], path: [.index(index)])
                }
            },
            reverse: { value in
                guard let value else { return nil }
                guard let elements = builder.elements(of: value) else {
                    throw StrataError.expected("an array of \(element.name)", found: value)
                }
                var json: [Any] = []
                json.reserveCapacity(elements.count)
                for (index, item) in elements.enumerated() {
                    json.append(try reverse(item, with: elementTransformer, at: .index(index)))
                }
                return json
            })
        // An array of strings into a `[String]`: every element exact, so the forward
        // closure returns the `[String]` of the strings it is given.
        guard case .string = element, elementsMayBeExact, ObjectIdentifier(builder) == ObjectIdentifier([String].self)
        else { return transformation }
        return transformation.keepingStringArrays()
    }

    static func dictionary(value element: PropertyType, builder: any DictionaryBuilding.Type) -> Transformation {
        let valueTransformer = element.defaultValueTransformer
        let nulls = CollectionElements.Nulls(for: element)
        return Transformation(
            forward: { value in
                guard let value else { return nil }
                guard let object = value as? [String: Any] else {
                    throw StrataError.expected("an object of \(element.name) values", found: value)
                }
                var converted: [String: Any?] = [:]
                converted.reserveCapacity(object.count)
                // A dictionary's order is not the document's, and differs between two
                // dictionaries of the same members: values refused are dealt with in key
                // order, so the error is the one of the smallest key, and recoveries are
                // reported in key order, whatever the order and entry point.
                var refused: [(key: String, error: any Error)] = []
                let elements = CollectionElements()
                let mark = elements.mark
                for (key, item) in object {
                    do {
                        converted[key] = .some(
                            try elements.convert(at: .key(key), isNull: isJSONNull(item), nulls: nulls) {
                                try convert(item, with: valueTransformer)
                            } ?? nil)
                    } catch {
                        refused.append((key, error))
                    }
                }
                for failure in refused.sorted(by: { $0.key < $1.key }) {
                    try elements.skip(failure.error)
                }
                elements.sortByKey(from: mark)
                switch builder.build(converted) {
                case .success(let typed): return typed
                case .failure(let failure):
                    // As for arrays: a mistake in the model, never skipped.
                    throw StrataError.expected(element.name, found: object[failure.key], path: [.key(failure.key)])
                }
            },
            reverse: { value in
                guard let value else { return nil }
                guard let values = builder.values(of: value) else {
                    throw StrataError.expected("an object of \(element.name) values", found: value)
                }
                var json: [String: Any] = [:]
                json.reserveCapacity(values.count)
                for (key, item) in values {
                    json[key] = try reverse(item, with: valueTransformer, at: .key(key))
                }
                return json
            })
    }

    /// Converts one element of a collection that is not `null` through the element
    /// type's transformer, if it has one (``CollectionElements`` applies the rest).
    static func convert(_ item: Any, with transformer: Transformation?) throws -> Any? {
        guard let transformer else { return item }
        return try transformer.transformedValue(item)
    }

    /// The JSON value of one element of a collection, through the element type's
    /// transformer, if it has one, or checked that JSON can represent it.
    private static func reverse(_ item: Any?, with transformer: Transformation?, at component: StrataError.PathComponent) throws -> Any {
        guard let transformer else {
            return try CollectionElements.jsonValue(of: item, at: component, transforms: false, jsonRepresentable)
        }
        return try CollectionElements.jsonValue(of: item, at: component, transforms: true, transformer.reverseTransformedValue)
    }
}

/// `value` itself when JSON can represent it (no NaN inside an array of `Double`,
/// no `Date` without a transformer); otherwise an ``StrataError/Code-swift.enum/unsupportedValue`` error.
private func jsonRepresentable(_ value: Any) throws -> Any {
    if let problem = JSONRepresentable.problem(with: value) {
        throw StrataError(.unsupportedValue, problem)
    }
    return value
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
