import Foundation
import Testing
@testable import Strata

/// A model with a collection of each kind the element routine serves.
struct Collections: JSONSerializing, Equatable {
    var numbers: [Int] = []
    var maybeNumbers: [Int?] = []
    var owners: [Owner] = []
    var maybeOwners: [Owner?] = []
    var scores: [String: Int] = [:]
    var listed: [Owner] = []

    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        key == "listed" ? .models(Owner.self) : nil
    }
}

@Suite("The element routine")
struct CollectionElementsTests {
    static func failure(_ json: String) throws -> [StrataError] {
        let data = Data(json.utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return [
            try #require(throws: StrataError.self) { try JSONAdapter.model(of: Collections.self, from: data) },
            try #require(throws: StrataError.self) { try JSONAdapter.model(of: Collections.self, from: object) },
        ]
    }

    @Test(arguments: [
        (#"{"numbers": [1, null]}"#, "numbers[1]", "Int"),
        (#"{"owners": [{"login": "a"}, null]}"#, "owners[1]", "Owner"),
        (#"{"listed": [{"login": "a"}, {"login": "b"}, null]}"#, "listed[2]", "Owner"),
        (#"{"scores": {"a": 1, "b": null}}"#, "scores.b", "Int"),
    ])
    func aNullElementOfElementsThatAreNotOptionalIsRefusedAlike(_ json: String, path: String, name: String) throws {
        for error in try Self.failure(json) {
            #expect(error.code == .nullForNonOptional)
            #expect(error.pathDescription == path)
            #expect(error.reason == "Found null, but the elements are \(name), which is not optional.")
        }
    }

    @Test func aNullElementOfOptionalElementsIsNil() throws {
        let json = #"{"maybeNumbers": [1, null], "maybeOwners": [null, {"login": "a"}]}"#
        let fromData = try JSONAdapter.model(of: Collections.self, from: Data(json.utf8))
        #expect(fromData.maybeNumbers == [1, nil])
        #expect(fromData.maybeOwners == [nil, Owner(login: "a")])
        let written = try JSONAdapter.dictionary(from: fromData)
        #expect((written["maybeOwners"] as? [Any])?.first is NSNull)
        #expect((written["maybeNumbers"] as? [Any])?.last is NSNull)
    }

    @Test(arguments: [
        (#"{"numbers": [1, "2"]}"#, "numbers[1]"),
        (#"{"owners": [{"id": 1}, {"id": "2"}]}"#, "owners[1].id"),
        (#"{"listed": [{"id": 1}, {"id": "2"}]}"#, "listed[1].id"),
        (#"{"scores": {"a": 1, "b": "2"}}"#, "scores.b"),
    ])
    func anElementsErrorHasItsIndexOrKeyInFrontOfItsPath(_ json: String, path: String) throws {
        for error in try Self.failure(json) {
            #expect(error.code == .typeMismatch)
            #expect(error.pathDescription == path)
        }
    }

    @Test func theRoutineAppliesEachNullRule() throws {
        let elements = CollectionElements()
        let values: [Int?] = [1, nil, 3]
        var read: [Int] = []
        var nulls: [Int] = []
        try elements.forEach(
            count: values.count, nulls: .areNil, isNull: { values[$0] == nil },
            read: { read.append($0) }, null: { nulls.append($0) })
        #expect(read == [0, 2])
        #expect(nulls == [1])
        let refused = try #require(throws: StrataError.self) {
            try elements.forEach(
                count: 4, nulls: .areRefused(elementName: "Int"), isNull: { $0 == 3 }, read: { _ in })
        }
        #expect(refused.pathDescription == "[3]")
        #expect(refused.code == .nullForNonOptional)
        // A null given to the conversion is the conversion's to decide.
        #expect(try elements.convert(at: .key("k"), isNull: true, nulls: .areConverted, { 7 }) == 7)
        var converted: [Int] = []
        try elements.forEach(count: 2, nulls: .areConverted, isNull: { _ in true }, read: { converted.append($0) })
        #expect(converted == [0, 1])
        // With no null rule, every element goes to the conversion, which decides what `null` is.
        var handed: [Int] = []
        try elements.forEach(count: 3) { handed.append($0) }
        #expect(handed == [0, 1, 2])
    }

    @Test func anElementsErrorIsThrownWithItsIndexUnlessTheRecoverySkipsIt() throws {
        struct Refusal: Error {}
        let failure = try #require(throws: StrataError.self) {
            try CollectionElements().forEach(
                count: 3, nulls: .areNil, isNull: { _ in false },
                read: { index in if index == 1 { throw Refusal() } })
        }
        #expect(failure.pathDescription == "[1]")
        #expect(failure.code == .transformerFailed)
        #expect(failure.underlyingError is Refusal)
        // An array that skips its invalid elements hands each one left out to `skipped`, and reports it.
        var diagnostics = JSONDiagnostics()
        var read: [Int] = []
        var skipped: [Int] = []
        try RecoveryLog.collecting(into: &diagnostics) {
            try CollectionElements(skipsInvalidElements: true).forEach(
                count: 3, nulls: .areNil, isNull: { _ in false },
                read: { index in
                    if index == 1 { throw StrataError(.typeMismatch, "Not an id.") }
                    read.append(index)
                },
                skipped: { skipped.append($0) })
        }
        #expect(read == [0, 2])
        #expect(skipped == [1])
        #expect(diagnostics.recoveries.map(\.error.pathDescription) == ["[1]"])
    }

    @Test func theRecoveriesInsideAnElementGetItsIndexOrAreForgottenWithIt() throws {
        // Each element records a recovery at `id`; the second then fails as a whole and is left out.
        var diagnostics = JSONDiagnostics()
        try RecoveryLog.collecting(into: &diagnostics) {
            try CollectionElements(skipsInvalidElements: true).forEach(
                count: 3, nulls: .areNil, isNull: { _ in false },
                read: { index in
                    RecoveryLog.current?.record(.keptDefault, StrataError(.typeMismatch, "Not an id.", path: [.key("id")]))
                    if index == 1 { throw StrataError(.typeMismatch, "Not a member.") }
                })
        }
        #expect(
            diagnostics.recoveries.map { "\($0.action) \($0.error.pathDescription)" }
                == ["keptDefault [0].id", "skippedElement [1]", "keptDefault [2].id"])
    }

    @Test func writingNilIsNullAndAnErrorNamesItsIndex() throws {
        #expect(try CollectionElements.jsonValue(of: Int?.none, at: .index(0), transforms: false) { $0 } is NSNull)
        struct Refusal: Error {}
        let error = try #require(throws: StrataError.self) {
            try CollectionElements.jsonValue(of: 5, at: .index(2), transforms: true) { _ in throw Refusal() }
        }
        #expect(error.code == .transformerFailed)
        #expect(error.pathDescription == "[2]")
        #expect(error.underlyingError is Refusal)
    }
}
