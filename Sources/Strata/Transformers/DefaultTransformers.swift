import Foundation

/// The default transformers' implementations: for scalars, arrays and
/// `[String: T]` dictionaries (enums' are in `RawValueEnums.swift`).
///
/// Which one a type gets is decided in `PropertyType+JSON.swift`
/// (``PropertyType/defaultValueTransformer``).
enum DefaultTransformers {
    /// Strings, booleans and numbers: checked exactly, written back as they are.
    ///
    /// Takes the leaf, not a ``PropertyType``: the transformation lives as long as
    /// the plan, and a `PropertyType` made here would be a box LeakSanitizer cannot
    /// see the cache hold (see scripts/lsan.supp).
    static func scalar(_ leaf: any LeafPropertyType) -> Transformation {
        let isString = leaf is StringProperty
        return Transformation(
            forward: { value in
                guard let value else { return nil }
                if isString {
                    if let string = value as? String { return string }
                } else if let number = ExactNumber(value).flatMap(leaf.converted) {
                    return number
                }
                throw StrataError.expected(leaf.name, found: value)
            },
            reverse: { value in try value.map(jsonRepresentable) })
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
                try CollectionElements().forEach(
                    count: array.count, nulls: nulls, isNull: { isJSONNull(array[$0]) },
                    read: { index in
                        converted.append(try convert(array[index], with: elementTransformer))
                        indices?.append(index)
                    },
                    null: { index in
                        converted.append(nil)
                        indices?.append(index)
                    },
                    skipped: { index in
                        if indices == nil { indices = Array(0..<index) }
                    })
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
        if case .leaf(is JSONValueProperty) = element, ObjectIdentifier(builder) == ObjectIdentifier([JSONValue].self) {
            return transformation.holdingJSONValues(as: .array)
        }
        // Elements that are tagged objects: read from their text, and an `Array` of
        // them written straight as JSON text, as its element type writes it.
        if let elementTransformer, elementTransformer.readsObjectText {
            let reading = transformation.readingObjectTextElements()
            guard builder.isArray, case .leaf(let leaf) = element, let writer = leaf.arrayTextWriter else { return reading }
            return reading.writingText(with: writer)
        }
        // An array of strings into a `[String]`: every element exact, so the forward
        // closure returns the `[String]` of the strings it is given.
        guard case .leaf(is StringProperty) = element, elementsMayBeExact, ObjectIdentifier(builder) == ObjectIdentifier([String].self)
        else { return transformation }
        return transformation.keepingStringArrays()
    }

    static func dictionary(value element: PropertyType, builder: any DictionaryBuilding.Type) -> Transformation {
        let valueTransformer = element.defaultValueTransformer
        let nulls = CollectionElements.Nulls(for: element)
        let transformation = Transformation(
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
        if case .leaf(is JSONValueProperty) = element,
            ObjectIdentifier(builder) == ObjectIdentifier([String: JSONValue].self)
        {
            return transformation.holdingJSONValues(as: .object)
        }
        return transformation
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
