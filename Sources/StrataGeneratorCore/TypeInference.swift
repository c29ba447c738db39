import Foundation
import Strata

/// Reads types from what the samples hold.
///
/// The rules:
///
/// - Integers everywhere are `Int`; a fraction or exponent anywhere makes it `Double`.
/// - Strings that Strata's `.url` reads as absolute URLs (`scheme://…`) are `URL`;
///   strings in a date format of ``DateStringFormats/table`` are `Date`: ISO 8601
///   dates with an offset (`.iso8601Date`), dates alone (`2024-05-01`, with
///   `.date(format: "yyyy-MM-dd")`) and Twitter's dates
///   (`Sun Aug 31 00:29:15 +0000 2014`, with `.date(format: "EEE MMM dd HH:mm:ss Z yyyy")`);
///   UUIDs are `UUID`. One string that is none of these makes the key a `String`.
/// - Numbers at a key whose words name a time (see ``timeWords``: `created`,
///   `updated_at`, `start_date`, `period_end`, `timestamp`, …) are `Date` when
///   every one is a plausible time: seconds since 1970 between 10⁸ and 10¹¹,
///   milliseconds between 10¹¹ and 10¹⁴ (or a key ending in `ms`, `millis`,
///   `milliseconds`).
/// - Objects that ``DictionaryRule`` says are dictionaries are `[String: T]`, or
///   `[String: JSONValue]` when their values disagree, hold `null` or are never
///   seen, and everywhere in the file when the dictionaries at one key disagree
///   anywhere (``DictionaryValueUnification``); objects that ``TaggedObjectRule`` splits by their tag are a tagged
///   enum with a model for each group of tags (a key `null` in every object of
///   one tag takes the type the other tags agree on); other objects are nested models.
/// - A key `null` in every sample is `JSONValue?`, an array empty in every sample
///   `[JSONValue]`: any JSON, kept as it is, until the user gives the type.
/// - A key that is `null` or absent in some sample is optional, and so is every key
///   of an object seen only once (one sample cannot say a key is always present);
///   an array with a `null` element in some sample has optional elements (`[Int?]`, `[Owner?]`).
/// - With ``GeneratorOptions/enums``, a string key whose values are a few short
///   words (at most six, each at most 32 characters), one of them seen more than
///   once, is a `String` enum.
struct TypeInference {
    let options: GeneratorOptions
    private let urlTransformer = ValueTransformer.url
    private let dateFormats = DateStringFormats()
    private let uuidTransformer = ValueTransformer.uuid

    init(options: GeneratorOptions) {
        self.options = options
    }

    /// The type of the objects in `object`, found at `key` (`nil` for the top
    /// level): a tagged enum when ``TaggedObjectRule`` split them, else a model.
    func objectType(_ object: ObjectObservation, key: String?, isElement: Bool) -> InferredType {
        if let use = object.specialization { return generic(use, key: key, isElement: isElement) }
        guard let variants = object.variants else { return .model(model(object, key: key, isElement: isElement)) }
        var cases = variants.variants.map { variant in
            TaggedShape.Case(tags: variant.tags, model: model(variant.objects, key: variant.tags[0], isElement: false))
        }
        // A key null in every object of one tag has the type the other tags give it, when they agree.
        for index in cases.indices {
            for fieldIndex in cases[index].model.fields.indices where cases[index].model.fields[fieldIndex].type == .unknown {
                let key = cases[index].model.fields[fieldIndex].key
                let known = cases.flatMap { $0.model.fields.filter { $0.key == key }.compactMap(\.type) }
                    .filter { $0 != .unknown }
                if let first = known.first, known.allSatisfy({ $0 == first }) {
                    cases[index].model.fields[fieldIndex].type = first
                }
            }
        }
        return .tagged(TaggedShape(key: key, isElement: isElement, tagKey: variants.tagKey, cases: cases))
    }

    /// The model shape of the objects in `object`, found at `key` (`nil` for the
    /// top level); the tag of a tagged enum's case is the enum's, not a property.
    func model(_ object: ObjectObservation, key: String?, isElement: Bool) -> ModelShape {
        let fields = object.keys.compactMap { fieldKey -> FieldShape? in
            guard fieldKey != object.caseTagKey, let observation = object.fields[fieldKey] else { return nil }
            // One object shows what a response may hold, not what every response holds: a key
            // is required only when several objects agree that it is always there and never null.
            let isOptional = object.count < 2 || observation.nulls > 0 || observation.occurrences < object.count
            var field = FieldShape(key: fieldKey, type: nil, isOptional: isOptional, conflict: nil)
            switch type(of: observation, key: fieldKey, datesAllowed: true) {
            case .success(let type): field.type = type
            case .failure(let conflict): field.conflict = conflict.reason
            }
            return field
        }
        var shape = ModelShape(key: key, isElement: isElement, fields: fields)
        // An object that names its kind (Stripe's `"object": "card"`) is named after it
        // wherever it is found (`source`, `default_source`), when that name is free; a
        // list envelope (`"object": "list"`) is named after the key that holds it.
        if let kind = Self.constantName(of: object, keys: ["object"]), kind != "list" { shape.name = kind }
        return shape
    }

    /// A generic model at one place: the model, its parameters in the array
    /// elements of its parameter keys, and the type of those elements there.
    private func generic(_ use: GenericUse, key: String?, isElement: Bool) -> InferredType {
        var base = model(use.base, key: key, isElement: isElement)
        let keys = use.base.parameterKeys
        var arguments: [InferredType] = []
        var names: Set<String> = []
        for (index, field) in base.fields.enumerated() where keys.contains(field.key) {
            let name = SwiftNaming.unique(
                keys.count == 1 ? "Item" : (SwiftNaming.typeName(forKey: field.key, singular: true) ?? "") + "Item", in: &names)
            switch use.arguments[field.key].map({ type(of: $0, key: field.key, datesAllowed: false) }) {
            case .success(.model(var shape))?:
                shape.name = use.arguments[field.key]?.object.map { Self.constantName(of: $0) } ?? nil
                arguments.append(.model(shape))
            case .success(let type)? where type != .unknown:
                arguments.append(type)
            default:
                // No element at these places, or elements that disagree: any JSON, kept as it is.
                arguments.append(.json)
            }
            let hasNulls = (use.base.fields[field.key]?.elements?.nulls ?? 0) > 0
            base.fields[index].type = .array(hasNulls ? .optional(.parameter(name)) : .parameter(name))
            base.fields[index].conflict = nil
        }
        return .generic(GenericShape(base: base, name: Self.constantName(of: use.base), arguments: arguments))
    }

    /// The one value the objects' `object`, `type`, `kind` or `event` member holds, when
    /// every object has it and it reads as a tag.
    private static func constantName(of object: ObjectObservation, keys: [String] = TaggedObjectRule.tagKeys) -> String? {
        for key in keys {
            guard let field = object.fields[key], field.occurrences == object.count, field.nulls == 0,
                let first = field.strings.first, field.strings.count == field.occurrences,
                field.strings.allSatisfy({ $0 == first }), TaggedObjectRule.isTag(first)
            else { continue }
            return first
        }
        return nil
    }

    /// Why a key has no single type.
    struct Conflict: Error {
        var reason: String
    }

    /// The type of the non-null values in `observation`, found at `key`.
    func type(of observation: ValueObservation, key: String, datesAllowed: Bool) -> Result<InferredType, Conflict> {
        let kinds = observation.kindsSeen
        if kinds.count > 1 {
            let list = kinds.dropLast().joined(separator: ", ") + " and " + (kinds.last ?? "")
            return .failure(Conflict(reason: "the samples give it \(list)"))
        }
        if observation.booleans > 0 { return .success(.bool) }
        if !observation.integers.isEmpty || !observation.fractions.isEmpty {
            if datesAllowed, let encoding = epochEncoding(of: observation, key: key) { return .success(.date(encoding)) }
            let fitsInt = observation.integers.allSatisfy { Int($0) != nil }
            return .success(observation.fractions.isEmpty && fitsInt ? .int : .double)
        }
        if !observation.strings.isEmpty { return .success(stringType(of: observation, key: key, datesAllowed: datesAllowed)) }
        if let object = observation.object {
            if object.readsAsDictionary { return .success(.dictionary(dictionaryValueType(of: object, key: key))) }
            return .success(objectType(object, key: key, isElement: false))
        }
        if observation.arrays > 0 {
            guard let elements = observation.elements, elements.occurrences > 0 else { return .success(.array(.unknown)) }
            var element: InferredType
            if let object = elements.object, !object.readsAsDictionary {
                element = objectType(object, key: key, isElement: true)
            } else {
                switch type(of: elements, key: key, datesAllowed: datesAllowed) {
                case .success(.array(let inner)): element = .array(withoutDates(inner))
                case .success(let type): element = type
                case .failure(let conflict): return .failure(Conflict(reason: "its array elements disagree: " + conflict.reason))
                }
            }
            return .success(.array(elements.nulls > 0 ? .optional(element) : element))
        }
        return .success(.unknown)
    }

    /// The type of a dictionary's values: `JSONValue` when they disagree, hold
    /// `null`, or none was seen.
    private func dictionaryValueType(of object: ObjectObservation, key: String) -> InferredType {
        let values = object.allValues
        guard values.nulls == 0, case .success(let type) = type(of: values, key: key, datesAllowed: false),
            type != .unknown
        else { return .json }
        return type
    }

    // MARK: Strings

    private func stringType(of observation: ValueObservation, key: String, datesAllowed: Bool) -> InferredType {
        let strings = observation.strings
        if strings.allSatisfy(isAbsoluteURL) { return .url }
        if datesAllowed, let encoding = dateFormats.encoding(of: strings) { return .date(encoding) }
        if strings.allSatisfy(isUUID) { return .uuid }
        if options.enums, let values = enumValues(strings) { return .enumeration(EnumShape(key: key, values: values)) }
        return .string
    }

    private func isAbsoluteURL(_ text: String) -> Bool {
        guard let schemeEnd = text.range(of: "://"), !text[..<schemeEnd.lowerBound].isEmpty else { return false }
        guard let url = (try? urlTransformer.checkedTransformedValue(text)) as? URL else { return false }
        return url.scheme != nil && url.absoluteString == text
    }

    private func isUUID(_ text: String) -> Bool {
        text.utf8.count == 36 && (try? uuidTransformer.checkedTransformedValue(text)) is UUID
    }

    private func enumValues(_ strings: [String]) -> [String]? {
        var values: [String] = []
        for string in strings where !values.contains(string) { values.append(string) }
        guard values.count <= 6, values.count < strings.count else { return nil }
        let isWord = { (text: String) -> Bool in
            guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
                text.count <= 32
            else { return false }
            return text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-. ".unicodeScalars.contains($0))
            }
        }
        return values.allSatisfy(isWord) ? values : nil
    }

    // MARK: Numbers

    /// Words that make a key holding numbers a candidate for a `Date`: the key
    /// `created`, `updated_at`, `start_date`, `current_period_end`, `trial_start`,
    /// `billing_cycle_anchor`, `expires`, `timestamp`, `received_at_ms`.
    static let timeWords: Set<String> = [
        "at", "on", "time", "timestamp", "date", "ts", "epoch", "since", "expires", "ms", "created", "updated",
        "modified", "deleted", "start", "end", "anchor", "until", "expiry", "expiration",
    ]

    private func epochEncoding(of observation: ValueObservation, key: String) -> DateEncoding? {
        let words = SwiftNaming.wordsOfKey(key).map { $0.lowercased() }
        let millisecondWords: Set<String> = ["ms", "millis", "milliseconds", "msec"]
        guard words.contains(where: Self.timeWords.contains) || words.last.map(millisecondWords.contains) == true else {
            return nil
        }
        let numbers = (observation.integers + observation.fractions).compactMap(Double.init)
        guard numbers.count == observation.integers.count + observation.fractions.count, !numbers.isEmpty else {
            return nil
        }
        let seconds = numbers.allSatisfy { (1e8..<1e11).contains($0) }
        let milliseconds = numbers.allSatisfy { (1e11..<1e14).contains($0) }
        if words.last.map(millisecondWords.contains) == true { return milliseconds ? .millisecondsSince1970 : nil }
        if seconds { return .secondsSince1970 }
        if milliseconds { return .millisecondsSince1970 }
        return nil
    }

    // MARK: Dates inside collections

    /// Dates only get a transformer as a property or an array of them; deeper,
    /// they stay the strings or numbers they are.
    private func withoutDates(_ type: InferredType) -> InferredType {
        switch type {
        case .date(.iso8601), .date(.format): .string
        case .date: .double
        case .array(let inner): .array(withoutDates(inner))
        case .optional(let inner): .optional(withoutDates(inner))
        case .dictionary(let inner): .dictionary(withoutDates(inner))
        default: type
        }
    }
}
