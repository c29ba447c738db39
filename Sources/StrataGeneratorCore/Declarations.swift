/// The named Swift declarations for a set of inferred shapes: models and enums,
/// in the order they are emitted (for each top level, its model first, then each
/// type where it is first used), with each property's name, type, default value,
/// transformer and JSON key.
///
/// A type is declared with the first top level that uses it; another top level
/// refers to it through that one (`Customer.Card`).
struct Declarations {
    /// A declaration to emit.
    enum Declaration: Equatable {
        case model(ModelDeclaration)
        case enumeration(EnumDeclaration)
        case tagged(TaggedDeclaration)
    }

    private var all: [Declaration] = []
    /// The top level each of ``all`` is declared with.
    private var groupOf: [Int] = []
    /// The top level being declared.
    private var current = 0
    /// The top levels' names.
    private let rootNames: [String]
    /// The top level each type name is declared with.
    private var owner: [String: Int] = [:]
    private let namesFromPath: Bool
    private var usedTypeNames: Set<String>
    private var models: [(fields: [FieldShape], name: String)] = []
    private var enums: [(values: [String], name: String)] = []
    private var taggedEnums: [(shape: TaggedShape, name: String)] = []

    /// The declarations of each top level: its own first, then the types
    /// declared with it.
    var groups: [[Declaration]] {
        rootNames.indices.map { group in all.indices.filter { groupOf[$0] == group }.map { all[$0] } }
    }

    /// Declarations for `roots` (each a model, or a tagged enum, with its name);
    /// `reserved` names (the namespace) are not given to any type.
    ///
    /// With `namesFromPath`, every nested type's name starts with its parent's.
    init(roots: [(type: InferredType, name: String)], reserved: Set<String>, namesFromPath: Bool = false) {
        self.namesFromPath = namesFromPath
        rootNames = roots.map(\.name)
        usedTypeNames = SwiftNaming.reservedTypeNames.union(reserved).union(rootNames)
            .union(roots.reduce(into: Set<String>()) { $0.formUnion($1.type.parameterNames) })
        // Every top level is known before any is declared, so that an object of the
        // same shape inside another top level refers to it.
        for root in roots {
            switch root.type {
            case .model(let shape): models.append((shape.fields, root.name))
            case .tagged(let shape): taggedEnums.append((shape, root.name))
            default: break
            }
        }
        for (index, root) in roots.enumerated() {
            current = index
            switch root.type {
            case .tagged(let shape): _ = declareTagged(shape, name: root.name, isRoot: true)
            case .model(let shape): _ = declareModel(shape, name: root.name, isRoot: true)
            default: _ = declareModel(ModelShape(key: nil, isElement: false, fields: []), name: root.name, isRoot: true)
            }
        }
    }

    /// Appends `declaration` to the current top level's.
    private mutating func append(_ declaration: Declaration, named name: String) {
        all.append(declaration)
        groupOf.append(current)
        owner[name] = current
    }

    /// `name` as the current top level's code spells it: through the top level
    /// (model or tagged enum) that declares it, when that is another one.
    private func reference(_ name: String) -> String {
        guard let group = owner[name], group != current, !rootNames.contains(name) else { return name }
        return rootNames[group] + "." + name
    }

    // MARK: Models

    /// Declares the model of `shape` named `name`, or returns the name of the
    /// model already declared for the same shape (a top level's is declared in any case).
    private mutating func declareModel(_ shape: ModelShape, name: String, isRoot: Bool = false) -> String {
        if !isRoot, let existing = models.first(where: { $0.fields == shape.fields }) { return reference(existing.name) }
        usedTypeNames.insert(name)
        if !isRoot { models.append((shape.fields, name)) }
        let slot = all.count
        append(.model(ModelDeclaration(name: name, properties: [], keyRule: .snakeCased)), named: name)
        var properties: [PropertyDeclaration] = []
        for field in shape.fields {
            properties.append(property(for: field, in: name))
        }
        var declaration = ModelDeclaration.naming(properties, of: name)
        declaration.parameters = shape.fields.compactMap { field in
            switch field.type {
            case .array(.parameter(let parameter)), .array(.optional(.parameter(let parameter))): parameter
            default: nil
            }
        }
        all[slot] = .model(declaration)
        return name
    }

    /// A new type name for the type found at `key` inside `parent`: the key's
    /// name, or the parent's name before it when the key's name is taken,
    /// reserved or not an identifier on its own (or always, with names from
    /// paths), then a number when even that is taken.
    private mutating func newTypeName(forKey key: String, singular: Bool, parent: String) -> String {
        let fromKey = SwiftNaming.typeName(forKey: key, singular: singular)
        var candidates: [String] = []
        if let fromKey, !namesFromPath { candidates.append(fromKey) }
        let suffix = fromKey ?? SwiftNaming.upperCamel(SwiftNaming.wordsOfKey(key))
        candidates.append(parent + (suffix.isEmpty ? "Item" : suffix))
        for candidate in candidates where !usedTypeNames.contains(candidate) {
            return candidate
        }
        let base = candidates[candidates.count - 1]
        var number = 2
        while usedTypeNames.contains("\(base)\(number)") { number += 1 }
        return "\(base)\(number)"
    }

    /// The type name `name` gives (`"list"` → `List`) when it is free, else a new one for `key`.
    private mutating func typeName(named name: String?, forKey key: String, singular: Bool, parent: String) -> String {
        if let name, let fromName = SwiftNaming.typeName(forKey: name, singular: false), !usedTypeNames.contains(fromName) {
            return fromName
        }
        return newTypeName(forKey: key, singular: singular, parent: parent)
    }

    // MARK: Properties

    private mutating func property(for field: FieldShape, in parent: String) -> PropertyDeclaration {
        var property = PropertyDeclaration(jsonKey: field.key)
        guard let type = field.type else {
            property.skippedReason = field.conflict ?? "the samples disagree on its type"
            return property
        }
        let swiftType = swiftType(of: type, key: field.key, parent: parent, singular: false)
        property.transformer = transformer(for: type)
        switch type {
        case .unknown:
            property.typeText = "JSONValue?"
            property.note = "null in every sample: give it its type"
        case .url, .uuid:
            property.typeText = swiftType + "?"
        case .array(.unknown), .array(.optional(.unknown)):
            property.typeText = field.isOptional ? "[JSONValue]?" : "[JSONValue]"
            property.defaultText = field.isOptional ? nil : "[]"
            property.note =
                type == .array(.unknown)
                ? "empty in every sample: give the elements their type"
                : "elements null in every sample: give them their type"
        default:
            if !field.isOptional, let defaultText = defaultValue(of: type, swiftType: swiftType) {
                property.typeText = swiftType
                property.defaultText = defaultText
            } else {
                property.typeText = swiftType + "?"
            }
        }
        return property
    }

    /// The Swift spelling of `type`, declaring the models and enums it names.
    private mutating func swiftType(of type: InferredType, key: String, parent: String, singular: Bool) -> String {
        switch type {
        case .bool: return "Bool"
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .json, .unknown: return "JSONValue"
        case .url: return "URL"
        case .uuid: return "UUID"
        case .date: return "Date"
        case .model(let shape):
            if let existing = models.first(where: { $0.fields == shape.fields }) { return reference(existing.name) }
            return declareModel(
                shape, name: typeName(named: shape.name, forKey: key, singular: singular || shape.isElement, parent: parent))
        case .array(let element):
            return "[" + swiftType(of: element, key: key, parent: parent, singular: true) + "]"
        case .optional(let wrapped):
            return swiftType(of: wrapped, key: key, parent: parent, singular: singular) + "?"
        case .dictionary(let value):
            return "[String: " + swiftType(of: value, key: key, parent: parent, singular: true) + "]"
        case .enumeration(let shape):
            return declareEnum(shape, parent: parent, singular: singular)
        case .tagged(let shape):
            if let existing = taggedEnums.first(where: { $0.shape.tagKey == shape.tagKey && $0.shape.cases == shape.cases }) {
                return reference(existing.name)
            }
            let name = newTypeName(forKey: key, singular: singular || shape.isElement, parent: parent)
            return declareTagged(shape, name: name)
        case .generic(let shape):
            let base: String
            if let existing = models.first(where: { $0.fields == shape.base.fields }) {
                base = reference(existing.name)
            } else {
                // Named by its objects (`"object": "list"` → `List`), else `Page`: it is a
                // container, which the key of its first place does not name.
                base = declareModel(
                    shape.base,
                    name: typeName(named: shape.name ?? "page", forKey: key, singular: singular || shape.base.isElement, parent: parent))
            }
            // The arguments are named after the key that holds the model here: `sources` → `List<Source>`.
            let arguments = shape.arguments.map { swiftType(of: $0, key: key, parent: parent, singular: true) }
            return base + "<" + arguments.joined(separator: ", ") + ">"
        case .parameter(let name):
            return name
        }
    }

    private func defaultValue(of type: InferredType, swiftType: String) -> String? {
        switch type {
        case .bool: "false"
        case .int: "0"
        case .double: "0.0"
        case .string: "\"\""
        case .json, .unknown: "JSONValue.null"
        case .url, .uuid: nil
        case .date: "Date.distantPast"
        case .model, .generic: swiftType + "()"
        case .array: "[]"
        case .dictionary: "[:]"
        case .optional, .tagged, .parameter: nil
        case .enumeration:
            enumDeclaration(named: swiftType)?.cases.first.map { "\(swiftType).\(SwiftNaming.declarationName($0.name))" }
        }
    }

    /// The transformer a property of `type` needs, as Swift source; `nil` when the default serves.
    private func transformer(for type: InferredType) -> String? {
        switch type {
        case .date(let encoding): Self.transformer(for: encoding)
        case .array(.date(let encoding)), .array(.optional(.date(let encoding))):
            ".array(of: \(Self.transformer(for: encoding)))"
        default: nil
        }
    }

    static func transformer(for encoding: DateEncoding) -> String {
        switch encoding {
        case .iso8601: ".iso8601Date"
        case .format(let format): ".date(format: \(SwiftLiteral.string(format)))"
        case .secondsSince1970: ".secondsSince1970"
        case .millisecondsSince1970: ".millisecondsSince1970"
        }
    }

    // MARK: Enums

    private mutating func declareEnum(_ shape: EnumShape, parent: String, singular: Bool) -> String {
        if let existing = enums.first(where: { $0.values.sorted() == shape.values.sorted() }) { return reference(existing.name) }
        let name = newTypeName(forKey: shape.key, singular: singular, parent: parent)
        usedTypeNames.insert(name)
        enums.append((shape.values, name))
        var cases: [EnumDeclaration.Case] = []
        var used: Set<String> = []
        for value in shape.values {
            let caseName = SwiftNaming.unique(SwiftNaming.caseName(forValue: value), in: &used)
            cases.append(EnumDeclaration.Case(name: caseName, rawValue: value))
        }
        append(.enumeration(EnumDeclaration(name: name, cases: cases)), named: name)
        return name
    }

    // MARK: Tagged enums

    /// Declares the tagged enum of `shape` named `name`: a case for each tag, the
    /// model of each group of tags (shared with the models already declared for
    /// the same fields), and a fallback case that keeps an object of any other tag.
    private mutating func declareTagged(_ shape: TaggedShape, name: String, isRoot: Bool = false) -> String {
        usedTypeNames.insert(name)
        if !isRoot { taggedEnums.append((shape, name)) }
        let slot = all.count
        append(.tagged(TaggedDeclaration(name: name, tagKey: shape.tagKey, cases: [], fallbackCase: "")), named: name)
        var cases: [TaggedDeclaration.Case] = []
        // A case cannot take the name of one of the enum's static properties.
        var usedCases: Set<String> = ["tagKeyPath", "casesByTag", "unknownTagCase"]
        for taggedCase in shape.cases {
            let model: String
            if let existing = models.first(where: { $0.fields == taggedCase.model.fields }) {
                model = reference(existing.name)
            } else {
                model = declareModel(
                    taggedCase.model, name: newTypeName(forKey: taggedCase.tags[0], singular: false, parent: name))
            }
            for tag in taggedCase.tags {
                let caseName = SwiftNaming.unique(SwiftNaming.caseName(forValue: tag), in: &usedCases)
                cases.append(TaggedDeclaration.Case(name: caseName, tag: tag, model: model))
            }
        }
        let fallback = SwiftNaming.unique(usedCases.contains("other") ? "otherTag" : "other", in: &usedCases)
        all[slot] = .tagged(TaggedDeclaration(name: name, tagKey: shape.tagKey, cases: cases, fallbackCase: fallback))
        return name
    }

    /// The enum `name` names, through its top-level model or not.
    private func enumDeclaration(named name: String) -> EnumDeclaration? {
        let unqualified = name.split(separator: ".").last.map(String.init) ?? name
        for declaration in all {
            if case .enumeration(let enumeration) = declaration, enumeration.name == unqualified { return enumeration }
        }
        return nil
    }
}

/// A model to emit: its name, properties, and the key map rule that needs the fewest overrides.
struct ModelDeclaration: Equatable {
    var name: String
    var properties: [PropertyDeclaration]
    /// The generated key map the model starts from.
    var keyRule: KeyRule
    /// The names of its type parameters, for a generic model.
    var parameters: [String] = []

    init(name: String, properties: [PropertyDeclaration], keyRule: KeyRule) {
        self.name = name
        self.properties = properties
        self.keyRule = keyRule
    }

    /// The model `name` with its property names and key rule chosen: for each
    /// rule, each key takes the first name candidate the rule maps back to the
    /// key (or else its first free candidate, with an override); the rule with
    /// fewer overrides wins, snake case on a tie.
    static func naming(_ properties: [PropertyDeclaration], of name: String) -> ModelDeclaration {
        var best: (rule: KeyRule, properties: [PropertyDeclaration], overrides: Int)?
        for rule in KeyRule.allCases {
            var used: Set<String> = []
            var named: [PropertyDeclaration] = []
            var overrides = 0
            for var property in properties {
                if property.skippedReason == nil {
                    property.name = Self.name(forKey: property.jsonKey, rule: rule, used: &used)
                    if rule.jsonKey(forPropertyKey: property.name) != property.jsonKey { overrides += 1 }
                }
                named.append(property)
            }
            if best == nil || overrides < (best?.overrides ?? 0) { best = (rule, named, overrides) }
        }
        return ModelDeclaration(name: name, properties: best?.properties ?? properties, keyRule: best?.rule ?? .snakeCased)
    }

    private static func name(forKey key: String, rule: KeyRule, used: inout Set<String>) -> String {
        let candidates = SwiftNaming.propertyCandidates(forKey: key).map {
            SwiftNaming.modelMembers.contains($0) ? $0 + "Field" : $0
        }
        let free = candidates.filter { !used.contains($0) }
        if let exact = free.first(where: { rule.jsonKey(forPropertyKey: $0) == key }) {
            used.insert(exact)
            return exact
        }
        if let first = free.first {
            used.insert(first)
            return first
        }
        // Every candidate is taken, the first too: it is numbered.
        return SwiftNaming.unique(candidates.first ?? "key", in: &used)
    }

    /// The properties whose JSON key the rule does not give, with the key they need.
    var overrides: [(property: String, jsonKey: String)] {
        properties.compactMap { property in
            guard property.skippedReason == nil, keyRule.jsonKey(forPropertyKey: property.name) != property.jsonKey else {
                return nil
            }
            return (property.name, property.jsonKey)
        }
    }
}

/// One property to emit, or a key left out with the reason.
struct PropertyDeclaration: Equatable {
    /// The JSON key.
    var jsonKey: String
    /// The property name, without backticks.
    var name = ""
    /// The declared type: `Int`, `URL?`, `[Label]`.
    var typeText = ""
    /// The default value, for a property that is not optional.
    var defaultText: String?
    /// The transformer, as Swift source, when the type's default does not serve.
    var transformer: String?
    /// A comment for the reader.
    var note: String?
    /// Why the key has no property.
    var skippedReason: String?

    init(jsonKey: String) {
        self.jsonKey = jsonKey
    }
}

/// A `String` enum to emit.
struct EnumDeclaration: Equatable {
    /// One case and the raw value it stands for.
    struct Case: Equatable {
        var name: String
        var rawValue: String
    }

    var name: String
    var cases: [Case]
}

/// A tagged enum to emit: the key of its tag, a case for each tag with the
/// model it holds, and the case that keeps an object of a tag the samples did
/// not show.
struct TaggedDeclaration: Equatable {
    /// One case: its name, its tag and its model's name.
    struct Case: Equatable {
        var name: String
        var tag: String
        var model: String
    }

    var name: String
    var tagKey: String
    var cases: [Case]
    /// The name of the case that holds any other tag's object as a `JSONValue`.
    var fallbackCase: String
}
