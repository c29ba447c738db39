import Foundation
import Testing
@testable import Strata

@Suite("PropertyKeys")
struct PropertyKeysTests {
    @Test func dictionaryLiteralKeepsDeclarationOrder() {
        let keys: PropertyKeys<Account> = ["tags": \.tags, "login": \.login, "age": \.age]
        #expect(keys.keys == ["tags", "login", "age"])
    }

    @Test func schemaListsPropertiesInDeclarationOrder() {
        #expect(ModelSchema<Account>.shared.properties.map(\.key) == Account.propertyKeys.keys)
    }

    /// `static let propertyKeys` only compiles in Swift 6 when `PropertyKeys` is
    /// `Sendable`; the list itself also crosses tasks.
    @Test func isSendableSoAStaticLetCompilesInSwift6() async {
        func sendable<T: Sendable>(_ value: T) -> T { value }
        let keys = await Task.detached { sendable(Account.propertyKeys) }.value
        #expect(keys.keys == Account.propertyKeys.keys)
    }

    @Test func addingAppendsAndReplacesEntries() {
        let base: PropertyKeys<Shape> = ["name": \.name, "other": \.name]
        let sub: PropertyKeys<Circle> = ["radius": \.radius, "other": \.radius]
        #expect(base.adding(sub).keys == ["name", "radius", "other"])
    }

    @Test func letAndComputedPropertiesAreReadOnly() {
        let schema = ModelSchema<Account>.shared
        let writable = schema.properties.filter(\.isWritable).map(\.key)
        #expect(writable == ["login", "age", "nickname", "score", "tags"])
    }

    @Test func duplicateKeyIsAnInvalidMappingNotACrash() throws {
        struct Twice: Model {
            var a = 0
            var b = 0
            static let propertyKeys: PropertyKeys<Twice> = ["a": \.a, "a": \.b]
        }
        #expect {
            _ = try Twice().value(forKey: "a")
        } throws: { error in
            let error = try #require(error as? StrataError)
            return error.code == .invalidMapping && error.reason.contains("'a' twice")
        }
        let empty = try #require(throws: StrataError.self) { try Twice(dictionary: [:]) }
        #expect(empty.code == .invalidMapping)
    }
}
