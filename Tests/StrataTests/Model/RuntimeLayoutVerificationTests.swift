import Foundation
import Testing

@testable import Strata

// The runtime layouts Strata reads (an enum's cases from its metadata, a class's
// field offsets) are trusted only once the type itself confirms them; each check
// here is made to disagree, and the type must then take its safe route.

/// An enum whose `init?(rawValue:)` maps each raw value to the other case: the
/// cases its metadata lists disagree with what the type says they are.
enum SwappedRawValue: String, Sendable {
    case first, second

    init?(rawValue: String) {
        switch rawValue {
        case "first": self = .second
        case "second": self = .first
        default: return nil
        }
    }
}

/// A model holding ``SwappedRawValue``, read through its `init?(rawValue:)`.
struct SwappedRawValueModel: JSONSerializing, Equatable {
    var value: SwappedRawValue = .first

    static let propertyKeys: PropertyKeys<Self> = ["value": \.value]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["value": "value"]
}

/// The classes the offset checks run on; each test uses its own, since a class
/// found to disagree is distrusted for the life of the process.
final class OffsetProbe: Model, @unchecked Sendable {
    var count = 1
    var name = "probe"
    var total = 2.5
    var doubled: Int {
        get { count * 2 }
        set { count = newValue / 2 }
    }

    static let propertyKeys: PropertyKeys<OffsetProbe> = ["count": \.count, "name": \.name, "total": \.total]
}

final class DistrustedProbe: Model, @unchecked Sendable {
    var count = 1
    var name = "probe"

    static let propertyKeys: PropertyKeys<DistrustedProbe> = ["count": \.count, "name": \.name]
}

final class MisreadProbe: Model, @unchecked Sendable {
    var count = 1
    var name = "probe"

    static let propertyKeys: PropertyKeys<MisreadProbe> = ["count": \.count, "name": \.name]
}

/// Two fields with padding between them: a copy need not keep the padding's bytes.
struct PaddedPair: Sendable {
    var flag = true
    var count = 3
}

/// A class whose fields' bytes a copy need not reproduce: `nil` optionals (their
/// payload bytes) and a struct with padding.
final class PaddedProbe: Model, @unchecked Sendable {
    var date: Date?
    var pair = PaddedPair()
    var flag: Bool?
    var name: String?

    static let propertyKeys: PropertyKeys<PaddedProbe> = [
        "date": \.date, "pair": \.pair, "flag": \.flag, "name": \.name,
    ]
}

@Suite("Runtime layouts verified before they are trusted")
struct RuntimeLayoutVerificationTests {
    @Test("An enum whose init(rawValue:) disagrees with its listed cases is not listed")
    func enumWhoseRawValuesDisagreeIsNotListed() {
        #expect(EnumCases.listed(of: SwappedRawValue.self) == [.first, .second])
        #expect(EnumCases.all(of: SwappedRawValue.self) == nil)
        #expect(EnumCases.verified([SwappedRawValue.first, .second]) == nil)
    }

    @Test("A listed case repeated, or a raw value init(rawValue:) refuses, fails the check")
    func repeatedOrRefusedCasesFailTheCheck() {
        enum Plain: String { case north, south }
        #expect(EnumCases.verified([Plain.north, .south]) == [.north, .south])
        #expect(EnumCases.verified([Plain.north, .north]) == nil)
    }

    @Test("A type whose cases disagree is decoded through its init(rawValue:)")
    func disagreeingEnumDecodesThroughInitRawValue() throws {
        let model = try JSONAdapter.model(of: SwappedRawValueModel.self, from: Data(#"{"value": "first"}"#.utf8))
        #expect(model.value == .second)
        let error = #expect(throws: StrataError.self) {
            try JSONAdapter.model(of: SwappedRawValueModel.self, from: Data(#"{"value": "third"}"#.utf8))
        }
        #expect(error?.path == [.key("value")])
    }

    @Test("The offset of each stored property agrees with its key path")
    func storedOffsetsAgree() throws {
        let probe = OffsetProbe()
        let count = try #require(ObjectFieldOffset.of(\OffsetProbe.count))
        let name = try #require(ObjectFieldOffset.of(\OffsetProbe.name))
        let total = try #require(ObjectFieldOffset.of(\OffsetProbe.total))
        #expect(ObjectFieldOffset.agrees(offset: count, \OffsetProbe.count, on: probe))
        #expect(ObjectFieldOffset.agrees(offset: name, \OffsetProbe.name, on: probe))
        #expect(ObjectFieldOffset.agrees(offset: total, \OffsetProbe.total, on: probe))
        #expect(!ObjectFieldOffset.distrusts(OffsetProbe.self))
    }

    @Test("Nil optionals and structs with padding keep their offsets")
    func valuesWhoseCopiesDifferKeepTheirOffsets() throws {
        #expect(ObjectFieldOffset.of(\PaddedProbe.date) != nil)
        #expect(ObjectFieldOffset.of(\PaddedProbe.pair) != nil)
        #expect(ObjectFieldOffset.of(\PaddedProbe.flag) != nil)
        #expect(ObjectFieldOffset.of(\PaddedProbe.name) != nil)
        #expect(!ObjectFieldOffset.distrusts(PaddedProbe.self))
        let schema = ModelSchema<PaddedProbe>.shared
        for key in ["date", "pair", "flag", "name"] {
            #expect(try schema.property(forKey: key).field != nil, "\(key)")
        }
    }

    @Test("Another property's offset, one outside the object, or a computed property disagrees")
    func wrongOffsetsDisagree() throws {
        let probe = OffsetProbe()
        let count = try #require(ObjectFieldOffset.of(\OffsetProbe.count))
        let total = try #require(ObjectFieldOffset.of(\OffsetProbe.total))
        #expect(!ObjectFieldOffset.agrees(offset: total, \OffsetProbe.count, on: probe))
        #expect(!ObjectFieldOffset.agrees(offset: count, \OffsetProbe.total, on: probe))
        #expect(!ObjectFieldOffset.agrees(offset: 4096, \OffsetProbe.count, on: probe))
        #expect(!ObjectFieldOffset.agrees(offset: -8, \OffsetProbe.count, on: probe))
        #expect(!ObjectFieldOffset.agrees(offset: count, \OffsetProbe.doubled, on: probe))
    }

    @Test("A class whose field metadata gives a wrong offset goes through its key paths from then on")
    func misreadOffsetDistrustsTheClass() throws {
        let name = try #require(ObjectFieldOffset.of(\MisreadProbe.name))
        #expect(!ObjectFieldOffset.distrusts(MisreadProbe.self))
        // The field metadata misread: every field reported at `name`'s offset.
        let misread = ObjectFieldOffset.of(\MisreadProbe.count, fieldOffset: { _, _, _ in name })
        #expect(misread == nil)
        #expect(ObjectFieldOffset.distrusts(MisreadProbe.self))
        #expect(ObjectFieldOffset.of(\MisreadProbe.name) == nil)
        #expect(ObjectFieldOffset.of(\MisreadProbe.count) == nil)
    }

    @Test("A distrusted class's properties have no fields and still read and write")
    func distrustedClassUsesKeyPaths() throws {
        let count = try #require(ObjectFieldOffset.of(\DistrustedProbe.count))
        #expect(ObjectFieldOffset.of(\DistrustedProbe.name, fieldOffset: { _, _, _ in count }) == nil)
        let schema = ModelSchema<DistrustedProbe>.shared
        let countProperty = try schema.property(forKey: "count")
        let nameProperty = try schema.property(forKey: "name")
        #expect(countProperty.field == nil && nameProperty.field == nil)
        var probe = DistrustedProbe()
        #expect(countProperty.write(5, into: &probe))
        #expect(nameProperty.write("set", into: &probe))
        #expect(probe.count == 5 && probe.name == "set")
        #expect(countProperty.read(probe) as? Int == 5)
    }

    @Test("Every load and store is checked in this build (debug, or STRATA_INTERNAL_CHECKS)")
    func internalChecksAreOn() {
        #expect(StoredField.checksEveryAccess)
    }
}
