import Foundation
import Testing
@testable import Strata

extension Conformance {
    /// The hooks a user writes (`validateValue(_:forKey:)`, `validate()`,
    /// `classForParsing(_:)`, `serializablePropertyKeys(_:)`) are called in the same
    /// order, with the same values, on a type's first decode and every later one,
    /// from `Data` and from a dictionary, and for element 0 and element n of an array;
    /// and, when encoding, from both sinks.
    ///
    /// The order is the dictionary's: entries in mapping order (the order of the
    /// `propertyKeys` literal), a nested model's hooks running when the outer's entry
    /// is assigned, and a duplicated key's discarded value reaching no hook.
    ///
    /// Each test decodes types of a fresh tag, whose hooks log to that tag's own log.
    @Suite("Hook order")
    struct HookOrderTests {
        @Test(arguments: HookFamily.all, [
            // Keys in mapping order, in reverse, and unknown.
            #"{"name": "x", "inner": {"login": "a"}, "owner": "o"}"#,
            #"{"owner": "o", "crew": [{"login": "c"}], "routed": {"login": "r"}, "inner": {"login": "a"}, "name": "x"}"#,
            #"{"x": {"login": "a"}, "name": "n", "y": [{"login": "b"}]}"#,
            // Duplicated keys: only the later value reaches a hook.
            #"{"name": "x", "inner": {"login": "a"}, "inner": {"login": "b"}, "owner": "o"}"#,
            #"{"name": "x", "name": "y"}"#,
            #"{"inner": {"login": "a", "login": "b"}}"#,
            #"{"inner": null, "inner": {"login": "b"}}"#,
            #"{"inner": {"login": "a"}, "inner": null}"#,
            #"{"crew": [{"login": "a"}, {"login": "b"}], "crew": [{"login": "c"}]}"#,
            #"{"routed": {"login": "r"}, "routed": {"login": "s"}}"#,
            // Refused values: the hooks run up to the refusal.
            #"{"inner": {"login": "boom"}, "inner": {"login": "b"}}"#,
            #"{"inner": {"login": "a"}, "inner": {"login": "boom"}}"#,
            #"{"name": "x", "inner": {"login": "boom"}, "owner": "o"}"#,
            #"{"name": "x", "crew": [{"login": "a"}, {"login": "boom"}, {"login": "c"}], "owner": "o"}"#,
            #"{"name": "boom", "inner": {"login": "a"}}"#,
        ])
        func hooksRunInTheSameOrderEveryWay(_ family: HookFamily, _ text: String) {
            Self.expectTheSameHooksEveryWay(family, Data(text.utf8))
        }

        /// A nested model given twice, spelt out: the sequence is the dictionary path's.
        @Test func aDuplicatedNestedModelIsValidatedOnceInMappingOrder() {
            let text = #"{"name":"x","inner":{"login":"a"},"inner":{"login":"b"},"owner":"o"}"#
            let reference = Self.expectTheSameHooksEveryWay(.logged, Data(text.utf8))
            #expect(reference.calls.map(\.description) == [
                #"outer.validateValue(name="x")"#,
                #"inner.validateValue(login="b")"#,
                "inner.validate(Inner(b))",
                "outer.validateValue(inner=Inner(b))",
                #"outer.validateValue(owner="o")"#,
                "outer.validate(Outer(x, Inner(b), nil, [], o))",
            ])
        }

        /// Decodes `data` as `family`'s outer model three times from `Data` then three
        /// times from the dictionary, on a fresh type, and the other way round on
        /// another; and an array of three copies of it the same ways. Every decode
        /// must give the outcome and the hook calls of the first dictionary decode
        /// (three times over for the arrays). Returns that reference.
        @discardableResult
        static func expectTheSameHooksEveryWay(
            _ family: HookFamily, _ data: Data, sourceLocation: SourceLocation = #_sourceLocation
        ) -> Logged<Outcome> {
            let dataFirst = runs(family, data, .model, dataFirst: true)
            let dictionaryFirst = runs(family, data, .model, dataFirst: false)
            let reference = Conformance.expectAgreement(
                dictionaryFirst + dataFirst, "hooks of \(family.name) from \(Conformance.show(data))",
                sourceLocation: sourceLocation)
            guard case .decoded(let models) = reference.outcome else { return reference }
            // The same document as elements 0, 1 and 2 of an array.
            let array = Data("[".utf8) + data + Data(", ".utf8) + data + Data(", ".utf8) + data + Data("]".utf8)
            let expected = Logged<Outcome>(outcome: .decoded(models + models + models), calls: reference.calls + reference.calls + reference.calls)
            Conformance.expectAgreement(
                runs(family, array, .models, dataFirst: true) + runs(family, array, .models, dataFirst: false), expected: expected,
                "hooks of [\(family.name)] from \(Conformance.show(array))", sourceLocation: sourceLocation)
            return reference
        }

        private static func runs(_ family: HookFamily, _ data: Data, _ target: Target, dataFirst: Bool) -> [Run<Logged<Outcome>>] {
            let tag = Fresh.tag()
            let type = family.make(tag)
            let sources: [Source] = dataFirst ? [.data, .data, .data, .dictionary, .dictionary, .dictionary] : [
                .dictionary, .dictionary, .dictionary, .data, .data, .data,
            ]
            let kind = dataFirst ? "a fresh type, from Data first" : "a fresh type, from the dictionary first"
            return sources.enumerated().map { index, source in
                let outcome = Conformance.decode(type, data, target, from: source)
                return Run("\(kind): decode \(index + 1), from \(source)", Logged(outcome: outcome, calls: HookLog.take(tag)))
            }
        }

        // MARK: Encoding

        /// `serializablePropertyKeys(_:)` of the outer model, then of each nested model
        /// in the order members are written, on the first encode and later ones:
        /// mapping order, or key order when `data(from:)` sorts keys, whichever sink
        /// writes each model within that call. `dictionary(from:)` takes no
        /// formatting (a dictionary has no order), so it writes in mapping order.
        @Test(arguments: Conformance.optionSets)
        func serializablePropertyKeysRunInTheOrderMembersAreWritten(_ options: WriteOptions) {
            let runs = Self.encodeRuns(Fresh.tag(), options, dictionaryFirst: true)
                + Self.encodeRuns(Fresh.tag(), options, dictionaryFirst: false)
            let what = "serializablePropertyKeys(_:) with options [\(options.testDescription)]"
            let toDictionary = Conformance.expectAgreement(
                runs.filter { $0.label.hasSuffix("to dictionary") }, "\(what), to dictionaries")
            let toData = Conformance.expectAgreement(runs.filter { $0.label.hasSuffix("to data") }, "\(what), to data")
            let inMappingOrder = [
                "outer.serializablePropertyKeys(x)",
                "inner.serializablePropertyKeys(a)",
                "routed.serializablePropertyKeys(r)",
                "inner.serializablePropertyKeys(c1)",
                "inner.serializablePropertyKeys(c2)",
            ]
            // Sorted keys: crew, inner, routed.
            let inKeyOrder = [
                "outer.serializablePropertyKeys(x)",
                "inner.serializablePropertyKeys(c1)",
                "inner.serializablePropertyKeys(c2)",
                "inner.serializablePropertyKeys(a)",
                "routed.serializablePropertyKeys(r)",
            ]
            #expect(toDictionary.calls.map(\.description) == inMappingOrder)
            #expect(toData.calls.map(\.description) == (options.contains(.sortedKeys) ? inKeyOrder : inMappingOrder))
            #expect(toDictionary.outcome == toData.outcome, "\(what): the sinks wrote different JSON")
        }

        private static func encodeRuns<Tag>(
            _ tag: Tag.Type, _ options: WriteOptions, dictionaryFirst: Bool
        ) -> [Run<Logged<Encoded>>] {
            let model = LoggedOuter<Tag>(
                name: "x", inner: LoggedInner(login: "a"), routed: RoutedInner(login: "r"),
                crew: [LoggedInner(login: "c1"), LoggedInner(login: "c2")], owner: "o")
            let sinks: [Sink] = dictionaryFirst ? [.dictionary, .dictionary, .dictionary, .data, .data, .data] : [
                .data, .data, .data, .dictionary, .dictionary, .dictionary,
            ]
            let kind = dictionaryFirst ? "a fresh type, to a dictionary first" : "a fresh type, to data first"
            return sinks.enumerated().map { index, sink in
                let encoded = Conformance.encode(model, to: sink, options)
                return Run("\(kind): encode \(index + 1), to \(sink)", Logged(outcome: encoded, calls: HookLog.take(Tag.self)))
            }
        }
    }
}

// MARK: - The log

/// One call of a model hook.
struct HookCall: Equatable, CustomStringConvertible {
    let model: String
    let hook: String
    let detail: String
    var description: String { "\(model).\(hook)(\(detail))" }
}

/// What one decode or encode gave, and the hooks it called.
struct Logged<Result: Equatable & CustomStringConvertible>: Equatable, CustomStringConvertible {
    let outcome: Result
    let calls: [HookCall]
    var description: String {
        "\(outcome), calling\n      " + (calls.isEmpty ? "no hook" : calls.map(\.description).joined(separator: "\n      "))
    }
}

/// The hook calls made by the models of each tag: a test's fresh tag has a log of its own.
enum HookLog {
    private static let logs = Locked<[ObjectIdentifier: [HookCall]]>([:])

    static func record<Tag>(_: Tag.Type, _ model: String, _ hook: String, _ detail: String) {
        let call = HookCall(model: model, hook: hook, detail: detail)
        logs.withLock { $0[ObjectIdentifier(Tag.self), default: []].append(call) }
    }

    /// The calls logged for `tag` since the last take.
    static func take(_ tag: Any.Type) -> [HookCall] {
        logs.withLock { $0.removeValue(forKey: ObjectIdentifier(tag)) ?? [] }
    }

    /// A value as logged: strings quoted, models by their description, objects by sorted key.
    static func text(_ value: Any?) -> String {
        switch value {
        case nil: return "nil"
        case let string as String: return string.debugDescription
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { "\($0): \(text(object[$0]))" }.joined(separator: ", ") + "}"
        case let array as [Any]: return "[" + array.map { text($0) }.joined(separator: ", ") + "]"
        case let value?: return String(describing: value)
        }
    }
}

// MARK: - Models

/// A hook-order model family: the outer model of a fresh tag.
struct HookFamily: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable (Any.Type) -> any ConformanceModel.Type

    var testDescription: String { name }

    private static func logged<Tag>(_: Tag.Type) -> any ConformanceModel.Type { LoggedOuter<Tag>.self }
    private static func routed<Tag>(_: Tag.Type) -> any ConformanceModel.Type { RoutedOuter<Tag>.self }

    /// Its own `validateValue(_:forKey:)` and `validate()`, the default `classForParsing(_:)`.
    static let logged = HookFamily(name: "LoggedOuter") { logged($0) }
    /// Its own `classForParsing(_:)` too.
    static let routed = HookFamily(name: "RoutedOuter") { routed($0) }
    static let all = [logged, routed]
}

/// Logs its hooks; refuses the login "boom".
struct LoggedInner<Tag>: JSONSerializing, CustomStringConvertible {
    struct Boom: Error {}
    var login = ""
    static var propertyKeys: PropertyKeys<LoggedInner> { ["login": \.login] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["login": "login"] }

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        HookLog.record(Tag.self, "inner", "validateValue", "\(key)=\(HookLog.text(value))")
        if value as? String == "boom" { throw Boom() }
        return value
    }

    func validate() throws { HookLog.record(Tag.self, "inner", "validate", description) }

    func serializablePropertyKeys(_ mappedKeys: Set<String>) -> Set<String> {
        HookLog.record(Tag.self, "inner", "serializablePropertyKeys", login)
        return mappedKeys
    }

    var description: String { "Inner(\(login))" }
}

/// Logs its hooks, `classForParsing(_:)` included.
struct RoutedInner<Tag>: JSONSerializing, CustomStringConvertible {
    var login = ""
    static var propertyKeys: PropertyKeys<RoutedInner> { ["login": \.login] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["login": "login"] }

    static func classForParsing(_ json: [String: Any]) -> (any JSONSerializing.Type)? {
        HookLog.record(Tag.self, "routed", "classForParsing", HookLog.text(json))
        return Self.self
    }

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        HookLog.record(Tag.self, "routed", "validateValue", "\(key)=\(HookLog.text(value))")
        return value
    }

    func validate() throws { HookLog.record(Tag.self, "routed", "validate", description) }

    func serializablePropertyKeys(_ mappedKeys: Set<String>) -> Set<String> {
        HookLog.record(Tag.self, "routed", "serializablePropertyKeys", login)
        return mappedKeys
    }

    var description: String { "Routed(\(login))" }
}

/// Mapping order: name, inner, routed, crew, owner (sorted JSON keys are in another order).
struct LoggedOuter<Tag>: ConformanceModel, CustomStringConvertible {
    struct Boom: Error {}
    var name = ""
    var inner: LoggedInner<Tag>? = nil
    var routed: RoutedInner<Tag>? = nil
    var crew: [LoggedInner<Tag>] = []
    var owner = ""

    static var propertyKeys: PropertyKeys<LoggedOuter> {
        ["name": \.name, "inner": \.inner, "routed": \.routed, "crew": \.crew, "owner": \.owner]
    }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["name": "name", "inner": "inner", "routed": "routed", "crew": "crew", "owner": "owner"]
    }
    static var filler: String {
        #"{"name": "f", "inner": {"login": "f"}, "routed": {"login": "f"}, "crew": [{"login": "f"}], "owner": "f"}"#
    }

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        HookLog.record(Tag.self, "outer", "validateValue", "\(key)=\(HookLog.text(value))")
        if value as? String == "boom" { throw Boom() }
        return value
    }

    func validate() throws { HookLog.record(Tag.self, "outer", "validate", description) }

    func serializablePropertyKeys(_ mappedKeys: Set<String>) -> Set<String> {
        HookLog.record(Tag.self, "outer", "serializablePropertyKeys", name)
        return mappedKeys
    }

    var description: String {
        "Outer(\(name), \(inner?.description ?? "nil"), \(routed?.description ?? "nil"), \(crew), \(owner))"
    }
}

/// Logs its hooks, `classForParsing(_:)` included: it is always handed a dictionary.
struct RoutedOuter<Tag>: ConformanceModel, CustomStringConvertible {
    var name = ""
    var inner: LoggedInner<Tag>? = nil
    var owner = ""

    static var propertyKeys: PropertyKeys<RoutedOuter> { ["name": \.name, "inner": \.inner, "owner": \.owner] }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name", "inner": "inner", "owner": "owner"] }
    static var filler: String { #"{"name": "f", "inner": {"login": "f"}, "owner": "f"}"# }

    static func classForParsing(_ json: [String: Any]) -> (any JSONSerializing.Type)? {
        HookLog.record(Tag.self, "routedOuter", "classForParsing", HookLog.text(json))
        return Self.self
    }

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        HookLog.record(Tag.self, "routedOuter", "validateValue", "\(key)=\(HookLog.text(value))")
        return value
    }

    func validate() throws { HookLog.record(Tag.self, "routedOuter", "validate", description) }

    var description: String { "RoutedOuter(\(name), \(inner?.description ?? "nil"), \(owner))" }
}
