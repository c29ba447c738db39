import Foundation
@testable import Strata

// Models for key-value coding: validators that normalise and refuse values,
// read-only keys (a `let` and a computed property), and a final class.

/// An error thrown by user code (validators, transformers), to check that it
/// stays reachable as `underlyingError`.
struct RuleViolation: Error, Equatable, CustomStringConvertible {
    let rule: String
    var description: String { "rule '\(rule)' violated" }
}

struct Account: Model, Equatable {
    var login = ""
    var age = 0
    var nickname: String? = nil
    var score: Double = 0
    var tags: [String] = []
    /// Read-only: a `let`.
    let kind = "person"
    /// Read-only: computed.
    var displayName: String { "@" + login }

    static let propertyKeys: PropertyKeys<Account> = [
        "login": \.login, "age": \.age, "nickname": \.nickname, "score": \.score, "tags": \.tags,
        "kind": \.kind, "displayName": \.displayName,
    ]

    /// Lower-cases logins, refuses empty ones and negative ages.
    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        switch key {
        case "login":
            guard let login = value as? String, !login.isEmpty else { throw RuleViolation(rule: "login not empty") }
            return login.lowercased()
        case "age":
            if let age = value as? Int, age < 0 { throw RuleViolation(rule: "age not negative") }
            return value
        default:
            return value
        }
    }

    /// A "root" account must be an adult.
    func validate() throws {
        if login == "root" && age < 18 { throw RuleViolation(rule: "root is an adult") }
    }
}

/// A final class model: writes go through reference key paths.
final class Counter: Model, @unchecked Sendable {
    // @unchecked: test fixture, only used from one task at a time.
    var count = 0
    var label: String? = nil
    let createdBy = "tests"
    init() {}
    static let propertyKeys: PropertyKeys<Counter> = ["count": \.count, "label": \.label, "createdBy": \.createdBy]
}

/// A model whose merge hook appends arrays and keeps non-nil values.
struct Settings: Model, Equatable {
    var theme: String? = nil
    var fontSize = 12
    var plugins: [String] = []
    var note: String? = nil

    static let propertyKeys: PropertyKeys<Settings> = [
        "theme": \.theme, "fontSize": \.fontSize, "plugins": \.plugins, "note": \.note,
    ]

    func mergedValue(forKey key: String, current: Any?, incoming: Any?) throws -> Any? {
        switch key {
        case "plugins":
            return ((current as? [String]) ?? []) + ((incoming as? [String]) ?? [])
        case "note":
            return incoming ?? current
        default:
            return incoming
        }
    }
}

/// A model whose merge hook refuses one key, to check that failed merges change nothing.
struct StrictSettings: Model, Equatable {
    var theme = "light"
    var locked = false
    static let propertyKeys: PropertyKeys<StrictSettings> = ["theme": \.theme, "locked": \.locked]

    func mergedValue(forKey key: String, current: Any?, incoming: Any?) throws -> Any? {
        if key == "locked", current as? Bool == true { throw RuleViolation(rule: "locked stays locked") }
        return incoming
    }
}
