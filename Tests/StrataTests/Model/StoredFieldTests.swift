import Foundation
import Testing
@testable import Strata

// `StoredField`: a stored property read and written in place at its byte offset.
// Every specialised type (and some that are not) is checked as a non-optional and
// an optional property, on a struct (offsets in the value) and on a final class
// (offsets in the object): both must behave the same through `ModelProperty`.

// MARK: Fixtures

enum FieldColor: String, CaseIterable, Sendable, Equatable { case red, green, blue }
enum FieldLevel: Int, CaseIterable, Sendable, Equatable { case low = 1, mid = 5, high = 9 }

/// A plain struct, not a model: a property type with no specialisation (`.other`).
struct FieldPoint: Equatable, Sendable {
    var x = 0
    var y = 0
}

enum FieldSamples {
    static let url = URL(string: "https://example.com/a") ?? URL(fileURLWithPath: "/")
    static let otherURL = URL(string: "https://example.com/b?q=1&r=%20") ?? URL(fileURLWithPath: "/")
    static let uuid = UUID(uuidString: "00000000-0000-0000-0000-000000000000") ?? UUID()
    static let otherUUID = UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f") ?? UUID()
    static let date = Date(timeIntervalSince1970: 0)
    static let otherDate = Date(timeIntervalSince1970: 1_700_000_000.5)
}

/// What the struct and the class models share: each can be built from, and
/// copied into, a `FieldStruct` holding the same values.
protocol FieldModel: JSONSerializing where KeyPathRoot == Self {
    init(_ values: FieldStruct)
    var values: FieldStruct { get }
}

/// Every property kind as a non-optional and an optional stored property of a struct.
struct FieldStruct: FieldModel, Equatable {
    var string = "plain"
    var optString: String? = nil
    var int = 1
    var optInt: Int? = nil
    var bool = false
    var optBool: Bool? = nil
    var double = 0.25
    var optDouble: Double? = nil
    var url = FieldSamples.url
    var optURL: URL? = nil
    var date = FieldSamples.date
    var optDate: Date? = nil
    var uuid = FieldSamples.uuid
    var optUUID: UUID? = nil
    var color = FieldColor.red
    var optColor: FieldColor? = nil
    var level = FieldLevel.low
    var optLevel: FieldLevel? = nil
    var int8: Int8 = 1
    var optInt8: Int8? = nil
    var decimal: Decimal = 1
    var optDecimal: Decimal? = nil
    var tags: [String] = ["t"]
    var optTags: [String]? = nil
    var point = FieldPoint(x: 1, y: 1)
    var optPoint: FieldPoint? = nil

    init() {}
    init(_ values: FieldStruct) { self = values }
    var values: FieldStruct { self }

    static let propertyKeys: PropertyKeys<FieldStruct> = [
        "string": \.string, "optString": \.optString, "int": \.int, "optInt": \.optInt,
        "bool": \.bool, "optBool": \.optBool, "double": \.double, "optDouble": \.optDouble,
        "url": \.url, "optURL": \.optURL, "date": \.date, "optDate": \.optDate,
        "uuid": \.uuid, "optUUID": \.optUUID, "color": \.color, "optColor": \.optColor,
        "level": \.level, "optLevel": \.optLevel, "int8": \.int8, "optInt8": \.optInt8,
        "decimal": \.decimal, "optDecimal": \.optDecimal, "tags": \.tags, "optTags": \.optTags,
        "point": \.point, "optPoint": \.optPoint,
    ]
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { FieldKeys.json }
}

/// The same properties on a final class: fields inside the object.
final class FieldClass: FieldModel, @unchecked Sendable {
    // @unchecked: test fixture, only used from one task at a time.
    var string = "plain"
    var optString: String? = nil
    var int = 1
    var optInt: Int? = nil
    var bool = false
    var optBool: Bool? = nil
    var double = 0.25
    var optDouble: Double? = nil
    var url = FieldSamples.url
    var optURL: URL? = nil
    var date = FieldSamples.date
    var optDate: Date? = nil
    var uuid = FieldSamples.uuid
    var optUUID: UUID? = nil
    var color = FieldColor.red
    var optColor: FieldColor? = nil
    var level = FieldLevel.low
    var optLevel: FieldLevel? = nil
    var int8: Int8 = 1
    var optInt8: Int8? = nil
    var decimal: Decimal = 1
    var optDecimal: Decimal? = nil
    var tags: [String] = ["t"]
    var optTags: [String]? = nil
    var point = FieldPoint(x: 1, y: 1)
    var optPoint: FieldPoint? = nil

    init() {}

    init(_ v: FieldStruct) {
        string = v.string; optString = v.optString; int = v.int; optInt = v.optInt
        bool = v.bool; optBool = v.optBool; double = v.double; optDouble = v.optDouble
        url = v.url; optURL = v.optURL; date = v.date; optDate = v.optDate
        uuid = v.uuid; optUUID = v.optUUID; color = v.color; optColor = v.optColor
        level = v.level; optLevel = v.optLevel; int8 = v.int8; optInt8 = v.optInt8
        decimal = v.decimal; optDecimal = v.optDecimal; tags = v.tags; optTags = v.optTags
        point = v.point; optPoint = v.optPoint
    }

    var values: FieldStruct {
        var v = FieldStruct()
        v.string = string; v.optString = optString; v.int = int; v.optInt = optInt
        v.bool = bool; v.optBool = optBool; v.double = double; v.optDouble = optDouble
        v.url = url; v.optURL = optURL; v.date = date; v.optDate = optDate
        v.uuid = uuid; v.optUUID = optUUID; v.color = color; v.optColor = optColor
        v.level = level; v.optLevel = optLevel; v.int8 = int8; v.optInt8 = optInt8
        v.decimal = decimal; v.optDecimal = optDecimal; v.tags = tags; v.optTags = optTags
        v.point = point; v.optPoint = optPoint
        return v
    }

    static let propertyKeys: PropertyKeys<FieldClass> = [
        "string": \.string, "optString": \.optString, "int": \.int, "optInt": \.optInt,
        "bool": \.bool, "optBool": \.optBool, "double": \.double, "optDouble": \.optDouble,
        "url": \.url, "optURL": \.optURL, "date": \.date, "optDate": \.optDate,
        "uuid": \.uuid, "optUUID": \.optUUID, "color": \.color, "optColor": \.optColor,
        "level": \.level, "optLevel": \.optLevel, "int8": \.int8, "optInt8": \.optInt8,
        "decimal": \.decimal, "optDecimal": \.optDecimal, "tags": \.tags, "optTags": \.optTags,
        "point": \.point, "optPoint": \.optPoint,
    ]
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { FieldKeys.json }
}

enum FieldKeys {
    /// Every key but the dates and points, which JSON cannot hold without a transformer.
    static let mapped = [
        "string", "optString", "int", "optInt", "bool", "optBool", "double", "optDouble",
        "url", "optURL", "uuid", "optUUID", "color", "optColor", "level", "optLevel",
        "int8", "optInt8", "decimal", "optDecimal", "tags", "optTags",
    ]
    static var json: [String: JSONKeyPath] {
        Dictionary(uniqueKeysWithValues: mapped.map { ($0, JSONKeyPath($0)) })
    }
}

/// Which of the two models a parameterized test runs on.
enum FieldModelKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case structModel, classModel
    var testDescription: String { rawValue }
}

/// The same value: same dynamic type and the same description, or both `nil`.
func fieldSameValue(_ a: Any?, _ b: Any?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case let (a?, b?):
        return ObjectIdentifier(type(of: a)) == ObjectIdentifier(type(of: b)) && String(reflecting: a) == String(reflecting: b)
    default: return false
    }
}

/// One property of `FieldStruct` / `FieldClass` and what the tests expect of it.
struct FieldCase: Sendable, CustomTestStringConvertible {
    let key: String
    let isOptional: Bool
    /// Whether `StoredField.readFast` has a specialised load for the type.
    let readsFast: Bool
    /// Whether `StoredField.readsJSON` holds for the type.
    let readsJSON: Bool
    /// A value of the property's type, unlike the default (unwrapped for an optional).
    let sample: @Sendable () -> Any
    /// The JSON value of ``sample`` as written by hand (`nil`: not checked literally).
    let sampleJSON: @Sendable () -> Any?
    /// A value of another type, which a write must refuse.
    let wrong: @Sendable () -> Any
    /// Stores ``sample`` through the key path.
    let set: @Sendable (inout FieldStruct) -> Void
    /// Reads through the key path, an optional holding nothing as `nil`.
    let get: @Sendable (FieldStruct) -> Any?
    var testDescription: String { key }

    static func make<V: Sendable>(
        _ key: String, _ keyPath: any WritableKeyPath<FieldStruct, V> & Sendable, sample: V, json: Any? = nil,
        wrong: any Sendable, fast: Bool, readsJSON: Bool
    ) -> FieldCase {
        nonisolated(unsafe) let json = json
        return FieldCase(
            key: key, isOptional: V.self is any OptionalProtocol.Type, readsFast: fast, readsJSON: readsJSON,
            sample: { flatten(sample) ?? "unreachable: samples are never nil" }, sampleJSON: { json }, wrong: { wrong },
            set: { $0[keyPath: keyPath] = sample }, get: { flatten($0[keyPath: keyPath]) })
    }

    static let all: [FieldCase] = [
        make("string", \.string, sample: "héllo", json: "héllo", wrong: 42, fast: true, readsJSON: true),
        make("optString", \.optString, sample: "héllo", json: "héllo", wrong: 42, fast: true, readsJSON: true),
        make("int", \.int, sample: 42, json: 42, wrong: "42", fast: true, readsJSON: true),
        make("optInt", \.optInt, sample: -42, json: -42, wrong: "42", fast: true, readsJSON: true),
        make("bool", \.bool, sample: true, json: true, wrong: "true", fast: true, readsJSON: true),
        make("optBool", \.optBool, sample: false, json: false, wrong: "false", fast: true, readsJSON: true),
        make("double", \.double, sample: 2.5, json: 2.5, wrong: "2.5", fast: true, readsJSON: true),
        make("optDouble", \.optDouble, sample: -0.125, json: -0.125, wrong: "2.5", fast: true, readsJSON: true),
        make("url", \.url, sample: FieldSamples.otherURL, json: "https://example.com/b?q=1&r=%20",
             wrong: "https://example.com/b", fast: true, readsJSON: true),
        make("optURL", \.optURL, sample: FieldSamples.otherURL, json: "https://example.com/b?q=1&r=%20",
             wrong: "https://example.com/b", fast: true, readsJSON: true),
        make("date", \.date, sample: FieldSamples.otherDate, json: FieldSamples.otherDate,
             wrong: 1_700_000_000.5, fast: true, readsJSON: true),
        make("optDate", \.optDate, sample: FieldSamples.otherDate, json: FieldSamples.otherDate,
             wrong: 1_700_000_000.5, fast: true, readsJSON: true),
        make("uuid", \.uuid, sample: FieldSamples.otherUUID, json: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
             wrong: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", fast: true, readsJSON: true),
        make("optUUID", \.optUUID, sample: FieldSamples.otherUUID, json: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
             wrong: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", fast: true, readsJSON: true),
        make("color", \.color, sample: .green, json: "green", wrong: "green", fast: false, readsJSON: true),
        // An optional enum has no JSON read of its own: the plan uses its transformer.
        make("optColor", \.optColor, sample: .blue, json: "blue", wrong: "blue", fast: false, readsJSON: false),
        make("level", \.level, sample: .high, json: 9, wrong: 9, fast: false, readsJSON: true),
        make("optLevel", \.optLevel, sample: .mid, json: 5, wrong: 5, fast: false, readsJSON: false),
        make("int8", \.int8, sample: Int8(-7), json: Int8(-7), wrong: "7", fast: false, readsJSON: false),
        make("optInt8", \.optInt8, sample: Int8(7), json: Int8(7), wrong: "7", fast: false, readsJSON: false),
        make("decimal", \.decimal, sample: Decimal(string: "1.25") ?? 0, json: Decimal(string: "1.25") ?? 0,
             wrong: "1.25", fast: false, readsJSON: false),
        make("optDecimal", \.optDecimal, sample: Decimal(string: "-3.5") ?? 0, json: Decimal(string: "-3.5") ?? 0,
             wrong: "1.25", fast: false, readsJSON: false),
        make("tags", \.tags, sample: ["a", "b"], wrong: [1, 2], fast: true, readsJSON: false),
        make("optTags", \.optTags, sample: [], wrong: ["a": "b"], fast: true, readsJSON: false),
        make("point", \.point, sample: FieldPoint(x: 3, y: -4), wrong: "point", fast: false, readsJSON: false),
        make("optPoint", \.optPoint, sample: FieldPoint(x: 5, y: 6), wrong: [5, 6], fast: false, readsJSON: false),
    ]

    static func named(_ key: String) -> FieldCase {
        guard let found = all.first(where: { $0.key == key }) else { preconditionFailure("no case \(key)") }
        return found
    }

    /// A model holding ``sample`` in this property, its defaults elsewhere.
    var sampleValues: FieldStruct {
        var values = FieldStruct()
        set(&values)
        return values
    }
}

// MARK: Tests

@Suite("StoredField")
struct StoredFieldTests {
    @Test func everyCaseIsAPropertyAndEveryPropertyACase() {
        #expect(FieldCase.all.map(\.key) == FieldStruct.propertyKeys.keys)
        #expect(FieldClass.propertyKeys.keys == FieldStruct.propertyKeys.keys)
    }

    // MARK: Reading

    @Test(arguments: FieldCase.all, FieldModelKind.allCases)
    func readGivesWhatTheKeyPathReads(_ field: FieldCase, _ kind: FieldModelKind) throws {
        switch kind {
        case .structModel: try checkRead(field, FieldStruct.self)
        case .classModel: try checkRead(field, FieldClass.self)
        }
    }

    private func checkRead<M: FieldModel>(_ field: FieldCase, _: M.Type) throws {
        let property = try ModelSchema<M>.shared.property(forKey: field.key)
        #expect((property.nullRule == .isNil) == field.isOptional)
        #expect(property.isWritable)
        let storedField = try #require(property.field, "a stored property of a struct or final class has a field")
        #expect(storedField.readsFast == field.readsFast)
        #expect(fieldSameValue(storedField.read(M(FieldStruct())), field.get(FieldStruct())))

        let plain = FieldStruct()
        let defaultRead = property.read(M(plain))
        #expect(fieldSameValue(defaultRead, field.get(plain)))
        if field.isOptional { #expect(defaultRead == nil, "an optional holding nothing reads as nil") }
        else { #expect(defaultRead != nil) }

        let read = property.read(M(field.sampleValues))
        #expect(fieldSameValue(read, field.sample()))
        #expect(fieldSameValue(read, field.get(field.sampleValues)))
    }

    // MARK: Writing

    @Test(arguments: FieldCase.all, FieldModelKind.allCases)
    func writeStoresTheValueExactly(_ field: FieldCase, _ kind: FieldModelKind) throws {
        switch kind {
        case .structModel: try checkWrite(field, FieldStruct.self)
        case .classModel: try checkWrite(field, FieldClass.self)
        }
    }

    private func checkWrite<M: FieldModel>(_ field: FieldCase, _: M.Type) throws {
        let property = try ModelSchema<M>.shared.property(forKey: field.key)
        var model = M(FieldStruct())
        #expect(property.write(field.sample(), into: &model))
        #expect(model.values == field.sampleValues, "only this property changed, to the sample")
        #expect(fieldSameValue(field.get(model.values), field.sample()))
        // Writing the default back restores the model.
        if let original = field.get(FieldStruct()) {
            #expect(property.write(original, into: &model))
            #expect(model.values == FieldStruct())
        }
    }

    @Test(arguments: FieldCase.all, FieldModelKind.allCases)
    func aValueOfAnotherTypeIsRefusedAndLeavesTheModelUnchanged(_ field: FieldCase, _ kind: FieldModelKind) throws {
        switch kind {
        case .structModel: try checkWrongType(field, FieldStruct.self)
        case .classModel: try checkWrongType(field, FieldClass.self)
        }
    }

    private func checkWrongType<M: FieldModel>(_ field: FieldCase, _: M.Type) throws {
        let property = try ModelSchema<M>.shared.property(forKey: field.key)
        var model = M(field.sampleValues)
        #expect(!property.write(field.wrong(), into: &model))
        #expect(model.values == field.sampleValues)
        var plain = M(FieldStruct())
        #expect(!property.write(field.wrong(), into: &plain))
        #expect(plain.values == FieldStruct())
    }

    @Test(arguments: FieldCase.all, FieldModelKind.allCases)
    func writeNilClearsOptionalsOnlyAndIsRefusedOtherwise(_ field: FieldCase, _ kind: FieldModelKind) throws {
        switch kind {
        case .structModel: try checkWriteNil(field, FieldStruct.self)
        case .classModel: try checkWriteNil(field, FieldClass.self)
        }
    }

    private func checkWriteNil<M: FieldModel>(_ field: FieldCase, _: M.Type) throws {
        let property = try ModelSchema<M>.shared.property(forKey: field.key)
        var model = M(field.sampleValues)
        if field.isOptional {
            #expect(property.writeNil(into: &model))
            #expect(field.get(model.values) == nil)
            #expect(property.read(model) == nil)
            #expect(model.values == FieldStruct(), "only this property changed, back to nil")
            // And a value again after nil.
            #expect(property.write(field.sample(), into: &model))
            #expect(model.values == field.sampleValues)
        } else {
            #expect(!property.writeNil(into: &model))
            #expect(model.values == field.sampleValues)
        }
    }

    // MARK: Numbers

    struct NumberWrite: Sendable, CustomTestStringConvertible {
        let key: String
        let value: @Sendable () -> Any
        /// What the property holds afterwards, or `nil` when the write is refused.
        let stored: @Sendable () -> Any?
        let label: String
        var testDescription: String { label }
    }

    static let numberWrites: [NumberWrite] = [
        NumberWrite(key: "int", value: { NSNumber(value: 3) }, stored: { 3 }, label: "NSNumber 3 into Int"),
        NumberWrite(key: "optInt", value: { NSNumber(value: 3) }, stored: { 3 }, label: "NSNumber 3 into Int?"),
        NumberWrite(key: "double", value: { NSNumber(value: 3) }, stored: { 3.0 }, label: "NSNumber 3 into Double"),
        NumberWrite(key: "optDouble", value: { NSNumber(value: 3) }, stored: { 3.0 }, label: "NSNumber 3 into Double?"),
        NumberWrite(key: "double", value: { 3 }, stored: { 3.0 }, label: "Int 3 into Double"),
        NumberWrite(key: "int", value: { NSNumber(value: 2.0) }, stored: { 2 }, label: "NSNumber 2.0 into Int"),
        NumberWrite(key: "int", value: { Int8(7) }, stored: { 7 }, label: "Int8 7 into Int"),
        NumberWrite(key: "double", value: { NSNumber(value: 1.5) }, stored: { 1.5 }, label: "NSNumber 1.5 into Double"),
        NumberWrite(key: "bool", value: { NSNumber(value: true) }, stored: { true }, label: "NSNumber true into Bool"),
        NumberWrite(key: "optBool", value: { NSNumber(value: true) }, stored: { true }, label: "NSNumber true into Bool?"),
        NumberWrite(key: "int8", value: { NSNumber(value: 3) }, stored: { Int8(3) }, label: "NSNumber 3 into Int8"),
        NumberWrite(key: "optInt8", value: { 3 }, stored: { Int8(3) }, label: "Int 3 into Int8?"),
        NumberWrite(key: "decimal", value: { NSNumber(value: 3) }, stored: { Decimal(3) }, label: "NSNumber 3 into Decimal"),
        NumberWrite(key: "decimal", value: { 0.1 }, stored: { Decimal(string: "0.1") }, label: "Double 0.1 into Decimal"),
        // Refused: booleans and numbers stay apart, and nothing is rounded.
        NumberWrite(key: "int", value: { NSNumber(value: true) }, stored: { nil }, label: "NSNumber true into Int"),
        NumberWrite(key: "optInt", value: { NSNumber(value: true) }, stored: { nil }, label: "NSNumber true into Int?"),
        NumberWrite(key: "double", value: { NSNumber(value: true) }, stored: { nil }, label: "NSNumber true into Double"),
        NumberWrite(key: "int8", value: { NSNumber(value: true) }, stored: { nil }, label: "NSNumber true into Int8"),
        NumberWrite(key: "int", value: { true }, stored: { nil }, label: "Bool into Int"),
        NumberWrite(key: "bool", value: { NSNumber(value: 1) }, stored: { nil }, label: "NSNumber 1 into Bool"),
        NumberWrite(key: "optBool", value: { NSNumber(value: 0) }, stored: { nil }, label: "NSNumber 0 into Bool?"),
        NumberWrite(key: "bool", value: { 1 }, stored: { nil }, label: "Int 1 into Bool"),
        NumberWrite(key: "int", value: { 1.5 }, stored: { nil }, label: "Double 1.5 into Int"),
        NumberWrite(key: "optInt", value: { NSNumber(value: 1.5) }, stored: { nil }, label: "NSNumber 1.5 into Int?"),
        NumberWrite(key: "int", value: { NSNumber(value: UInt64.max) }, stored: { nil }, label: "NSNumber UInt64.max into Int"),
        NumberWrite(key: "int8", value: { NSNumber(value: 300) }, stored: { nil }, label: "NSNumber 300 into Int8"),
        NumberWrite(key: "double", value: { Double.infinity }, stored: { Double.infinity }, label: "infinity into Double"),
        NumberWrite(key: "string", value: { NSNumber(value: 3) }, stored: { nil }, label: "NSNumber into String"),
        NumberWrite(key: "level", value: { NSNumber(value: 9) }, stored: { nil }, label: "NSNumber 9 into an Int enum"),
    ]

    @Test(arguments: numberWrites, FieldModelKind.allCases)
    func numbersConvertExactlyOrAreRefused(_ write: NumberWrite, _ kind: FieldModelKind) throws {
        switch kind {
        case .structModel: try checkNumber(write, FieldStruct.self)
        case .classModel: try checkNumber(write, FieldClass.self)
        }
    }

    private func checkNumber<M: FieldModel>(_ write: NumberWrite, _: M.Type) throws {
        let property = try ModelSchema<M>.shared.property(forKey: write.key)
        let field = FieldCase.named(write.key)
        var model = M(FieldStruct())
        let stored = property.write(write.value(), into: &model)
        if let expected = write.stored() {
            #expect(stored)
            #expect(fieldSameValue(field.get(model.values), expected))
            #expect(fieldSameValue(property.read(model), expected))
        } else {
            #expect(!stored)
            #expect(model.values == FieldStruct())
        }
    }

    // MARK: JSON values

    @Test(arguments: FieldCase.all)
    func theJSONReadGivesWhatTheDefaultTransformerGives(_ field: FieldCase) throws {
        let property = try ModelSchema<FieldStruct>.shared.property(forKey: field.key)
        let structField = try #require(property.field)
        #expect(structField.readsJSON == field.readsJSON)
        #expect((structField.jsonValueLoad != nil) == field.readsJSON)
        let transformer = property.type.defaultPropertyTransformer
        // The class model's property goes through its key path and the same transformer.
        let classProperty = try ModelSchema<FieldClass>.shared.property(forKey: field.key)

        for values in [FieldStruct(), field.sampleValues] {
            let value = property.read(values)
            let expected = try transformer.map { try $0.reverseTransformedValue(value) } ?? value
            let fromClass = try transformer.map { try $0.reverseTransformedValue(classProperty.read(FieldClass(values))) }
                ?? classProperty.read(FieldClass(values))
            #expect(fieldSameValue(fromClass, expected))

            let json = StoredField.withStorage(of: values) { structField.readJSON($0) }
            if field.readsJSON {
                #expect(fieldSameValue(json, expected))
                let load = try #require(structField.jsonValueLoad)
                #expect(fieldSameValue(StoredField.withStorage(of: values) { load($0) }, expected))
            } else {
                // Without a JSON read of its own, readJSON is the general read.
                #expect(fieldSameValue(json, value))
            }
        }
        if let literal = field.sampleJSON() {
            let value = property.read(field.sampleValues)
            let expected = try transformer.map { try $0.reverseTransformedValue(value) } ?? value
            #expect(fieldSameValue(expected, literal))
        }
        if field.isOptional, field.readsJSON {
            #expect(StoredField.withStorage(of: FieldStruct()) { structField.readJSON($0) } == nil)
        }
    }

    @Test func severalFieldsReadFromOneStorage() throws {
        var values = FieldStruct()
        values.url = FieldSamples.otherURL
        values.optUUID = FieldSamples.otherUUID
        values.level = .mid
        values.optString = "x"
        let schema = ModelSchema<FieldStruct>.shared
        let loads = try ["url", "optUUID", "level", "optString", "optURL"].map {
            try #require(schema.property(forKey: $0).field?.jsonValueLoad)
        }
        let json = StoredField.withStorage(of: values) { storage in loads.map { $0(storage) } }
        #expect(json.count == 5)
        #expect(json[0] as? String == "https://example.com/b?q=1&r=%20")
        #expect(json[1] as? String == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(json[2] as? Int == 5)
        #expect(json[3] as? String == "x")
        #expect(json[4] == nil)
    }

    @Test func thePlanReadsJSONFromFieldsOnlyWhereNoTransformerIsNeeded() throws {
        let plan = try MappingPlan<FieldStruct>.resolved()
        let withField = Set(plan.entries.filter { $0.jsonField != nil }.map(\.property.key))
        #expect(withField == ["string", "optString", "int", "optInt", "bool", "optBool", "url", "optURL", "uuid", "optUUID", "color", "level"])
        #expect(plan.encodeSteps.filter { $0.jsonRead != nil }.map(\.propertyKey).sorted() == withField.sorted())
        let classPlan = try MappingPlan<FieldClass>.resolved()
        #expect(classPlan.entries.count == FieldKeys.mapped.count)
        // A final class's stored properties read from their fields in the object, the same ones.
        #expect(Set(classPlan.entries.filter { $0.jsonField != nil }.map(\.property.key)) == withField)
    }

    @Test func theStructAndTheClassWriteTheSameJSON() throws {
        var values = FieldStruct()
        for field in FieldCase.all where FieldKeys.mapped.contains(field.key) { field.set(&values) }
        let fromStruct = try JSONAdapter.dictionary(from: values)
        let fromClass = try JSONAdapter.dictionary(from: FieldClass(values))
        #expect(fromStruct["url"] as? String == "https://example.com/b?q=1&r=%20")
        #expect(fromStruct["optURL"] as? String == "https://example.com/b?q=1&r=%20")
        #expect(fromStruct["uuid"] as? String == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(fromStruct["color"] as? String == "green")
        #expect(fromStruct["optColor"] as? String == "blue")
        #expect(fromStruct["level"] as? Int == 9)
        #expect(fromStruct["optLevel"] as? Int == 5)
        #expect(fromStruct["optInt"] as? Int == -42)
        #expect(fromStruct["tags"] as? [String] == ["a", "b"])
        #expect(Set(fromStruct.keys) == Set(FieldKeys.mapped))
        for key in FieldKeys.mapped {
            #expect(String(reflecting: fromStruct[key]) == String(reflecting: fromClass[key]), "\(key)")
        }
        let structData = try JSONAdapter.data(from: values, formatting: .sortedKeys)
        let classData = try JSONAdapter.data(from: FieldClass(values), formatting: .sortedKeys)
        #expect(String(decoding: structData, as: UTF8.self) == String(decoding: classData, as: UTF8.self))
        // Nil optionals are written the same way by both.
        let plainStruct = try JSONAdapter.data(from: FieldStruct(), formatting: .sortedKeys)
        let plainClass = try JSONAdapter.data(from: FieldClass(), formatting: .sortedKeys)
        #expect(String(decoding: plainStruct, as: UTF8.self) == String(decoding: plainClass, as: UTF8.self))
        #expect(try JSONAdapter.model(of: FieldStruct.self, from: structData) == values)
    }
}

// MARK: Mixed layouts

/// Fields of different sizes and alignments, with padding between them, and a
/// key path into a nested struct.
struct FieldMixed: Model, Equatable {
    var flag = false
    var ratio = 0.0
    var other = false
    var note: String? = nil
    var color = FieldColor.red
    var small: Int8 = 0
    var id: UUID? = nil
    var count = 0
    var point = FieldPoint()
    var last = false

    static let propertyKeys: PropertyKeys<FieldMixed> = [
        "flag": \.flag, "ratio": \.ratio, "other": \.other, "note": \.note, "color": \.color,
        "small": \.small, "id": \.id, "count": \.count, "pointY": \.point.y, "last": \.last,
    ]

    /// Every property away from its default.
    static let busy: FieldMixed = {
        var model = FieldMixed()
        model.flag = true
        model.ratio = -1.75
        model.other = true
        model.note = "busy"
        model.color = .blue
        model.small = -128
        model.id = FieldSamples.otherUUID
        model.count = Int.min
        model.point = FieldPoint(x: 11, y: 12)
        model.last = true
        return model
    }()
}

struct MixedWrite: Sendable, CustomTestStringConvertible {
    let key: String
    /// A value unlike both the default and `busy`.
    let value: @Sendable () -> Any
    let set: @Sendable (inout FieldMixed) -> Void
    var testDescription: String { key }

    static let all: [MixedWrite] = [
        MixedWrite(key: "flag", value: { true }, set: { $0.flag = true }),
        MixedWrite(key: "ratio", value: { 3.5 }, set: { $0.ratio = 3.5 }),
        MixedWrite(key: "other", value: { true }, set: { $0.other = true }),
        MixedWrite(key: "note", value: { "note" }, set: { $0.note = "note" }),
        MixedWrite(key: "color", value: { FieldColor.green }, set: { $0.color = .green }),
        MixedWrite(key: "small", value: { Int8(127) }, set: { $0.small = 127 }),
        MixedWrite(key: "id", value: { FieldSamples.uuid }, set: { $0.id = FieldSamples.uuid }),
        MixedWrite(key: "count", value: { Int.max }, set: { $0.count = .max }),
        MixedWrite(key: "pointY", value: { -99 }, set: { $0.point.y = -99 }),
        MixedWrite(key: "last", value: { true }, set: { $0.last = true }),
    ]
}

@Suite("StoredField layouts")
struct StoredFieldLayoutTests {
    @Test func everyFieldHasItsOwnBytes() throws {
        let schema = ModelSchema<FieldMixed>.shared
        #expect(schema.properties.allSatisfy { $0.field != nil })
        let layout: [(offset: Int?, size: Int)] = [
            (MemoryLayout<FieldMixed>.offset(of: \.flag), MemoryLayout<Bool>.size),
            (MemoryLayout<FieldMixed>.offset(of: \.ratio), MemoryLayout<Double>.size),
            (MemoryLayout<FieldMixed>.offset(of: \.other), MemoryLayout<Bool>.size),
            (MemoryLayout<FieldMixed>.offset(of: \.note), MemoryLayout<String?>.size),
            (MemoryLayout<FieldMixed>.offset(of: \.color), MemoryLayout<FieldColor>.size),
            (MemoryLayout<FieldMixed>.offset(of: \.small), MemoryLayout<Int8>.size),
            (MemoryLayout<FieldMixed>.offset(of: \.id), MemoryLayout<UUID?>.size),
            (MemoryLayout<FieldMixed>.offset(of: \.count), MemoryLayout<Int>.size),
            (MemoryLayout<FieldMixed>.offset(of: \.point.y), MemoryLayout<Int>.size),
            (MemoryLayout<FieldMixed>.offset(of: \.last), MemoryLayout<Bool>.size),
        ]
        let ranges = try layout.map { (offset: try #require($0.offset), size: $0.size) }
        let sorted = ranges.sorted { $0.offset < $1.offset }
        for (first, second) in zip(sorted, sorted.dropFirst()) {
            #expect(first.offset + first.size <= second.offset)
        }
        // Not packed: the layout has padding for the reads and writes to respect.
        #expect(MemoryLayout<FieldMixed>.size > ranges.map(\.size).reduce(0, +) + MemoryLayout<Int>.size)
    }

    @Test func everyFieldReadsItsOwnValue() throws {
        let schema = ModelSchema<FieldMixed>.shared
        let model = FieldMixed.busy
        #expect(try schema.property(forKey: "flag").read(model) as? Bool == true)
        #expect(try schema.property(forKey: "ratio").read(model) as? Double == -1.75)
        #expect(try schema.property(forKey: "other").read(model) as? Bool == true)
        #expect(try schema.property(forKey: "note").read(model) as? String == "busy")
        #expect(try schema.property(forKey: "color").read(model) as? FieldColor == .blue)
        #expect(try schema.property(forKey: "small").read(model) as? Int8 == -128)
        #expect(try schema.property(forKey: "id").read(model) as? UUID == FieldSamples.otherUUID)
        #expect(try schema.property(forKey: "count").read(model) as? Int == Int.min)
        #expect(try schema.property(forKey: "pointY").read(model) as? Int == 12)
        #expect(try schema.property(forKey: "last").read(model) as? Bool == true)
        let plain = FieldMixed()
        #expect(try schema.property(forKey: "flag").read(plain) as? Bool == false)
        #expect(try schema.property(forKey: "note").read(plain) == nil)
        #expect(try schema.property(forKey: "id").read(plain) == nil)
        #expect(try schema.property(forKey: "last").read(plain) as? Bool == false)
        // JSON reads at each offset.
        let color = try #require(schema.property(forKey: "color").field?.jsonValueLoad)
        let id = try #require(schema.property(forKey: "id").field?.jsonValueLoad)
        let note = try #require(schema.property(forKey: "note").field?.jsonValueLoad)
        let json = StoredField.withStorage(of: model) { [color($0), id($0), note($0)] }
        #expect(json[0] as? String == "blue")
        #expect(json[1] as? String == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(json[2] as? String == "busy")
    }

    @Test(arguments: MixedWrite.all)
    func writingOneFieldLeavesItsNeighboursAlone(_ write: MixedWrite) throws {
        let property = try ModelSchema<FieldMixed>.shared.property(forKey: write.key)
        for start in [FieldMixed(), FieldMixed.busy] {
            var model = start
            #expect(property.write(write.value(), into: &model))
            var expected = start
            write.set(&expected)
            #expect(model == expected)
        }
    }

    @Test func writingEveryFieldInTurnKeepsEachValue() throws {
        let schema = ModelSchema<FieldMixed>.shared
        var model = FieldMixed.busy
        var expected = FieldMixed.busy
        for write in MixedWrite.all {
            #expect(try schema.property(forKey: write.key).write(write.value(), into: &model))
            write.set(&expected)
            #expect(model == expected, "after \(write.key)")
        }
        // Clearing the optionals touches nothing else.
        #expect(try schema.property(forKey: "note").writeNil(into: &model))
        #expect(try schema.property(forKey: "id").writeNil(into: &model))
        expected.note = nil
        expected.id = nil
        #expect(model == expected)
        // And a refused write changes nothing either.
        #expect(try !schema.property(forKey: "small").write(NSNumber(value: 128), into: &model))
        #expect(try !schema.property(forKey: "flag").writeNil(into: &model))
        #expect(model == expected)
    }
}

// MARK: Read-only, computed and special properties

struct FieldReadOnlyStruct: Model, Equatable {
    let id: Int
    let tag: String?
    var name = "ada"
    var shout: String { name.uppercased() }

    init() {
        id = 7
        tag = "t"
    }

    static let propertyKeys: PropertyKeys<FieldReadOnlyStruct> = ["id": \.id, "tag": \.tag, "name": \.name, "shout": \.shout]
}

final class FieldReadOnlyClass: Model, @unchecked Sendable {
    // @unchecked: test fixture, only used from one task at a time.
    let id = 7
    let tag: String? = "t"
    var name = "ada"
    var shout: String { name.uppercased() }

    init() {}

    static let propertyKeys: PropertyKeys<FieldReadOnlyClass> = ["id": \.id, "tag": \.tag, "name": \.name, "shout": \.shout]
}

final class FieldOwner: Sendable {}

/// Stored properties whose key paths are not plain storage: an observer must run
/// and a weak reference must be loaded as one, so neither may have a field.
struct FieldSpecialStruct: Model {
    var observed = 0 {
        didSet { changes += 1 }
    }
    var changes = 0
    weak var owner: FieldOwner?

    static let propertyKeys: PropertyKeys<FieldSpecialStruct> = ["observed": \.observed, "owner": \.owner]
}

/// A final class's properties whose key paths are computed: each must run code
/// (an observer, a lazy initialiser) or load a reference as weak or unowned.
final class FieldSpecialClass: JSONSerializing, @unchecked Sendable {
    // @unchecked: test fixture, only used from one task at a time.
    var plain = 0
    var observed = 0 {
        didSet { changes += 1 }
    }
    var changes = 0
    lazy var lazyCount = 1
    weak var owner: FieldOwner?
    unowned var anchor: FieldOwner = FieldSpecialClass.sharedAnchor
    static let sharedAnchor = FieldOwner()

    init() {}

    static let propertyKeys: PropertyKeys<FieldSpecialClass> = [
        "plain": \.plain, "observed": \.observed, "lazyCount": \.lazyCount, "owner": \.owner, "anchor": \.anchor,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["plain": "plain", "observed": "observed"]
}

/// A class that can be subclassed: an overridable property goes through its key
/// path (the override must run), a `final` one has a field.
class FieldBaseClass: Model, @unchecked Sendable {
    // @unchecked: test fixture, only used from one task at a time.
    typealias KeyPathRoot = FieldBaseClass
    var overridable = 0
    final var fixed = ""
    required init() {}

    class var propertyKeys: PropertyKeys<FieldBaseClass> { ["overridable": \.overridable, "fixed": \.fixed] }
}

final class FieldSubclass: FieldBaseClass, @unchecked Sendable {
    // @unchecked: test fixture, only used from one task at a time.
    var own = false
    var overrides = 0
    override var overridable: Int {
        didSet { overrides += 1 }
    }

    override class var propertyKeys: PropertyKeys<FieldBaseClass> {
        super.propertyKeys.adding(["own": \.own] as PropertyKeys<FieldSubclass>)
    }
}

@Suite("StoredField read-only properties")
struct StoredFieldReadOnlyTests {
    @Test func letAndComputedPropertiesOfAStructAreNotWritten() throws {
        let schema = ModelSchema<FieldReadOnlyStruct>.shared
        let id = try schema.property(forKey: "id")
        let tag = try schema.property(forKey: "tag")
        let shout = try schema.property(forKey: "shout")
        #expect(!id.isWritable && !tag.isWritable && !shout.isWritable)
        #expect(try schema.property(forKey: "name").isWritable)
        // A `let` is storage, so it has a field to read; a computed property has none.
        #expect(id.field != nil)
        #expect(tag.field != nil)
        #expect(shout.field == nil)

        var model = FieldReadOnlyStruct()
        model.name = "grace"
        #expect(id.read(model) as? Int == 7)
        #expect(tag.read(model) as? String == "t")
        #expect(shout.read(model) as? String == "GRACE")

        let before = model
        #expect(!id.write(8, into: &model))
        #expect(!id.write(NSNumber(value: 8), into: &model))
        #expect(!id.writeNil(into: &model))
        #expect(!tag.write("u", into: &model))
        #expect(!tag.writeNil(into: &model))
        #expect(!shout.write("X", into: &model))
        #expect(!shout.writeNil(into: &model))
        #expect(model == before)
        #expect(id.field?.write(8, into: &model) == false)
        #expect(tag.field?.writeNil(into: &model) == false)
        #expect(model == before)
        #expect(model.id == 7 && model.tag == "t" && model.shout == "GRACE")
    }

    @Test func letAndComputedPropertiesOfAClassAreNotWritten() throws {
        let schema = ModelSchema<FieldReadOnlyClass>.shared
        let id = try schema.property(forKey: "id")
        let tag = try schema.property(forKey: "tag")
        let shout = try schema.property(forKey: "shout")
        #expect(!id.isWritable && !tag.isWritable && !shout.isWritable)
        // As in a struct: a `let` is storage in the object, a computed property is not.
        #expect(id.field != nil)
        #expect(tag.field != nil)
        #expect(try schema.property(forKey: "name").field != nil)
        #expect(shout.field == nil)

        var model = FieldReadOnlyClass()
        model.name = "grace"
        #expect(id.read(model) as? Int == 7)
        #expect(tag.read(model) as? String == "t")
        #expect(shout.read(model) as? String == "GRACE")
        #expect(!id.write(8, into: &model))
        #expect(!id.writeNil(into: &model))
        #expect(!tag.write("u", into: &model))
        #expect(!tag.writeNil(into: &model))
        #expect(!shout.write("X", into: &model))
        #expect(id.field?.write(8, into: &model) == false)
        #expect(tag.field?.writeNil(into: &model) == false)
        #expect(model.id == 7 && model.tag == "t" && model.name == "grace")
    }

    @Test func observedLazyWeakAndUnownedPropertiesOfAClassGoThroughTheirKeyPaths() throws {
        let schema = ModelSchema<FieldSpecialClass>.shared
        for key in ["observed", "lazyCount", "owner", "anchor"] {
            #expect(try schema.property(forKey: key).field == nil, "\(key) has no field")
        }
        #expect(try schema.property(forKey: "plain").field != nil)

        var model = FieldSpecialClass()
        #expect(try schema.property(forKey: "observed").write(5, into: &model))
        #expect(model.observed == 5)
        #expect(model.changes == 1, "didSet ran")
        #expect(try schema.property(forKey: "lazyCount").write(9, into: &model))
        #expect(model.lazyCount == 9)

        let object = FieldOwner()
        let owner = try schema.property(forKey: "owner")
        #expect(owner.write(object, into: &model))
        #expect(model.owner === object)
        #expect((owner.read(model) as? FieldOwner) === object)
        #expect(owner.writeNil(into: &model))
        #expect(model.owner == nil)

        let anchor = try schema.property(forKey: "anchor")
        #expect(anchor.write(object, into: &model))
        #expect(model.anchor === object)
        #expect((anchor.read(model) as? FieldOwner) === object)
    }

    @Test func aNonFinalClassUsesFieldsOnlyForPropertiesThatCannotBeOverridden() throws {
        let base = ModelSchema<FieldBaseClass>.shared
        #expect(try base.property(forKey: "overridable").field == nil)
        #expect(try base.property(forKey: "fixed").field != nil)
        let sub = ModelSchema<FieldSubclass>.shared
        #expect(try sub.property(forKey: "own").field != nil)

        // The subclass's override runs: the key path calls it.
        var model = FieldSubclass()
        #expect(try sub.property(forKey: "overridable").write(4, into: &model))
        #expect(model.overridable == 4 && model.overrides == 1)
        #expect(try sub.property(forKey: "fixed").write("f", into: &model))
        #expect(try sub.property(forKey: "own").write(true, into: &model))
        #expect(model.fixed == "f" && model.own)
        #expect(try sub.property(forKey: "fixed").read(model) as? String == "f")
        // A subclass object through its base class's schema: the same storage.
        var asBase: FieldBaseClass = model
        #expect(try base.property(forKey: "fixed").write("g", into: &asBase))
        #expect(model.fixed == "g")
    }

    /// A superclass's stored property that cannot be overridden lies at the same offset in a
    /// subclass's objects: the subclass's schema reads and writes it in place too.
    @Test func aSubclassUsesTheFieldOfItsSuperclasssFinalProperty() throws {
        let sub = ModelSchema<FieldSubclass>.shared
        let fixed = try sub.property(forKey: "fixed")
        #expect(fixed.field != nil)
        #expect(try sub.property(forKey: "overridable").field == nil)
        var model = FieldSubclass()
        #expect(fixed.write("in place", into: &model))
        #expect(model.fixed == "in place")
        #expect(fixed.read(model) as? String == "in place")
        #expect(fixed.writeNil(into: &model) == false)
        #expect(model.fixed == "in place")
    }

    @Test func aClassModelDecodedAndEncodedThroughItsFieldsMatchesTheKeyPathRoute() throws {
        let json: [String: Any] = ["plain": 3, "observed": 4]
        let model = try JSONAdapter.model(of: FieldSpecialClass.self, from: json)
        #expect(model.plain == 3)
        #expect(model.observed == 4)
        #expect(model.changes == 1, "didSet ran once, on decode")
        let back = try JSONAdapter.dictionary(from: model)
        #expect(back["plain"] as? Int == 3)
        #expect(back["observed"] as? Int == 4)
        let data = Data(#"{"plain":7,"observed":8}"#.utf8)
        let fromData = try JSONAdapter.model(of: FieldSpecialClass.self, from: data)
        #expect(fromData.plain == 7 && fromData.observed == 8 && fromData.changes == 1)
    }

    @Test func observedAndWeakPropertiesGoThroughTheirKeyPaths() throws {
        let schema = ModelSchema<FieldSpecialStruct>.shared
        let observed = try schema.property(forKey: "observed")
        let owner = try schema.property(forKey: "owner")
        #expect(observed.field == nil)
        #expect(owner.field == nil)

        var model = FieldSpecialStruct()
        #expect(observed.write(5, into: &model))
        #expect(model.observed == 5)
        #expect(model.changes == 1, "didSet ran")
        #expect(observed.read(model) as? Int == 5)

        let object = FieldOwner()
        #expect(owner.write(object, into: &model))
        #expect(model.owner === object)
        #expect((owner.read(model) as? FieldOwner) === object)
        #expect(owner.writeNil(into: &model))
        #expect(model.owner == nil)
        #expect(owner.read(model) == nil)
    }
}

// MARK: Hashed collections converted on write

/// Hashed collections, which a write may have to convert (`[String: Any]` into
/// `[String: Int]`, `Set<AnyHashable>` into `Set<Int>`).
struct FieldHashed: Model {
    var scores: [String: Int] = [:]
    var ids: Set<Int> = []

    static let propertyKeys: PropertyKeys<FieldHashed> = ["scores": \.scores, "ids": \.ids]
}

final class FieldHashedClass: Model, @unchecked Sendable {
    // @unchecked: test fixture, only used from one task at a time.
    var scores: [String: Int] = [:]
    var ids: Set<Int> = []
    init() {}

    static let propertyKeys: PropertyKeys<FieldHashedClass> = ["scores": \.scores, "ids": \.ids]
}

@Suite("StoredField hashed collections")
struct StoredFieldHashedCollectionTests {
    static let sixteen: [String: Int] = Dictionary(uniqueKeysWithValues: (0..<16).map { ("k\($0)", $0) })

    @Test func aCollectionOfTheExactTypeIsStored() throws {
        var model = FieldHashed()
        try model.setValue(Self.sixteen, forKey: "scores")
        try model.setValue(Set(0..<16), forKey: "ids")
        #expect(model.scores == Self.sixteen)
        #expect(model.ids == Set(0..<16))
    }

    @Test func aClassConvertsTheCollectionOnWrite() throws {
        var model = FieldHashedClass()
        try model.setValue(Self.sixteen as [String: Any], forKey: "scores")
        try model.setValue(Set((0..<16).map(AnyHashable.init)), forKey: "ids")
        #expect(model.scores == Self.sixteen)
        #expect(model.ids == Set(0..<16))
    }

    // In debug builds `StoredField.write` checks the stored value against a second,
    // separately converted copy; two equal dictionaries or sets built apart may
    // iterate in different orders, so the check compares them with `==`. Run in a
    // child process: a failed check stops the process.
    @Test func aStructConvertsTheCollectionOnWrite() async {
        await #expect(processExitsWith: .success) { Self.writeConvertedCollections() }
    }

    /// Writes a `[String: Any]` and a `Set<AnyHashable>` into a struct's typed
    /// collections; exits with a failure when they are not stored.
    private static func writeConvertedCollections() {
        var model = FieldHashed()
        do {
            try model.setValue(sixteen as [String: Any], forKey: "scores")
            try model.setValue(Set((0..<16).map(AnyHashable.init)), forKey: "ids")
        } catch {
            exit(2)
        }
        guard model.scores == sixteen, model.ids == Set(0..<16) else { exit(1) }
    }
}
