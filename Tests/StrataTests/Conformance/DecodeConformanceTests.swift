import Foundation
import Testing
@testable import Strata

extension Conformance {
    /// One model from an object: every source, cold and warm, and as an array's
    /// elements, gives the same model or the same error (see `Conformance.decodeEveryWay`).
    @Suite("Decoding objects")
    struct DecodeConformanceTests {
        /// Expected values: any tag will do, the comparison leaves it out.
        typealias P = Person<TagEnd>
        typealias Owner = PersonOwner<TagEnd>

        // MARK: Every source gives the same model

        @Test(arguments: [
            // Every key, in mapping order and in reverse.
            #"{"id": 7, "name": "Ada", "nickname": "ada", "score": 1.5, "active": true, "tags": ["a", "b"], "owner": {"login": "o", "id": 2}}"#,
            #"{"owner": {"id": 2, "login": "o"}, "tags": ["b"], "active": false, "score": -2, "nickname": "n", "name": "Bo", "id": 8}"#,
            // Unknown members, including containers, before, between and after mapped ones.
            #"{"x": {"a": [1, {"b": null}], "c": {}}, "id": 1, "y": [[], [{}], "s", {"id": "not me"}], "name": "n", "z": true, "w": null, "v": -1.5e3, "u": "\u00e9\"", "t": false}"#,
            #"{"id": 3, "owner": {"login": "o", "extra": [1, [2, {"id": "x"}]], "id": 4, "more": {}}, "name": "q"}"#,
            // Null for optionals, missing keys.
            #"{"id": 1, "nickname": null, "owner": null}"#,
            #"{}"#,
            #"{"name": "only"}"#,
            #"{"unknown": 1}"#,
            // Strings with escapes and non-ASCII.
            #"{"name": "tab\there \"quoted\" \\ \/ \u00e9 \ud83d\ude00 ä 日本"}"#,
            // Duplicates: the later wins, whatever the earlier held.
            #"{"id": 1, "id": 2}"#,
            #"{"id": "x", "id": 2}"#,
            #"{"id": null, "id": 2}"#,
            #"{"nickname": "a", "nickname": null}"#,
            #"{"owner": {"login": 1}, "owner": {"login": "ok"}}"#,
            #"{"owner": {"login": "ok"}, "owner": {"login": 1}}"#,
            #"{"owner": {"login": "a"}, "owner": null}"#,
            #"{"owner": null, "owner": {"login": "b", "id": 3}}"#,
            #"{"owner": {"login": "a", "login": "b"}}"#,
            #"{"tags": [1], "name": "n", "tags": ["fine"]}"#,
            // Whitespace everywhere.
            " \n\t{ \r\n\"id\" \t: 1 , \n \"name\"\r:\"a\" , \"tags\" : [ \"x\" , \"y\" ] } \n\t",
            // Numbers of every shape.
            #"{"id": -0, "score": 1e2}"#,
            #"{"id": 9223372036854775807, "score": 12345678901234567890}"#,
            #"{"score": 0.1, "active": false}"#,
            #"{"score": -0.0, "id": -9223372036854775808}"#,
            #"{"score": 1E-400, "id": 1.0}"#,
            // Mapping errors.
            #"{"id": "1"}"#,
            #"{"id": 1.5}"#,
            #"{"id": 18446744073709551615}"#,
            #"{"id": 123456789012345678901234567890}"#,
            #"{"id": null}"#,
            #"{"name": null}"#,
            #"{"active": 1}"#,
            #"{"active": "true"}"#,
            #"{"tags": ["a", 1]}"#,
            #"{"tags": ["a", null]}"#,
            #"{"tags": "a"}"#,
            #"{"owner": {"id": "x"}}"#,
            #"{"owner": {"login": null}}"#,
            #"{"owner": []}"#,
            #"{"owner": "o"}"#,
            #"{"id": 2, "id": "x"}"#,
            #"{"name": 5, "id": "x"}"#,
            // Not an object at all.
            #"[{"id": 1}]"#,
            "1",
            #""text""#,
            "null",
            "true",
        ])
        func personDecodesTheSameEveryWay(_ text: String) {
            Conformance.decodeEveryWay(.person, text)
        }

        /// Arrays of nested models: an element that is not an object gets the array
        /// transformer's error, and the elements after an error are still checked for syntax.
        @Test(arguments: [
            #"{"members": [{"login": "a", "id": 1}, {"id": 2}], "name": "t"}"#,
            #"{"members": []}"#,
            #"{"members": null}"#,
            #"{"members": [{"login": "a"}, null]}"#,
            #"{"members": [{"login": "a"}, 3, {"login": "b"}]}"#,
            #"{"members": [{"login": 1}, null]}"#,
            #"{"members": [{"login": 1}, {"login": 2}]}"#,
            #"{"members": [{"login": 1}, {"login": 2,}]}"#,
            #"{"members": [null, {"login": "a",]}"#,
            #"{"members": {"login": "a"}}"#,
            #"{"members": "a"}"#,
            #"{"members": [[{"login": "a"}]]}"#,
            #"{"members": [{"login": "a"}], "members": [{"login": "b"}, {"login": "c"}]}"#,
            #"{"members": [{"login": 1}], "members": [{"login": "b"}]}"#,
            #"{"members": [{"login": "b"}], "members": [{"login": 1}]}"#,
        ])
        func nestedArraysDecodeTheSameEveryWay(_ text: String) {
            Conformance.decodeEveryWay(.crew, text)
        }

        @Test func unknownMembersAreSkipped() {
            let text = #"""
                {"x": {"id": "no", "a": [1, {"b": null}]}, "id": 1, "y": [[], [{}], "s"], "name": "n",
                 "owner": {"skip": {"id": "no"}, "login": "o"}, "z": true, "w": null}
                """#
            #expect(Conformance.decodeEveryWay(.person, text).model == .value(P(id: 1, name: "n", owner: Owner(login: "o", id: 0))))
        }

        @Test func membersInAnotherOrderThanTheMappingDecode() {
            let text = #"{"owner": {"id": 2, "login": "o"}, "tags": ["t"], "active": true, "score": 2.5, "nickname": "k", "name": "Bo", "id": 8}"#
            #expect(Conformance.decodeEveryWay(.person, text).model == .value(P(
                id: 8, name: "Bo", nickname: "k", score: 2.5, active: true, tags: ["t"], owner: Owner(login: "o", id: 2))))
        }

        @Test func missingKeysKeepTheDefaultsAndNullOptionalsAreNil() {
            let outcome = Conformance.decodeEveryWay(.person, #"{"id": 4, "nickname": null, "owner": null}"#).model
            #expect(outcome == .value(P(id: 4, nickname: nil, owner: nil)))
            #expect(outcome != .value(P(id: 4)))
        }

        @Test func nullForANonOptionalIsAnError() throws {
            let failure = try #require(Conformance.decodeEveryWay(.person, #"{"id": 1, "name": null}"#).model.failure)
            #expect(failure.code == .nullForNonOptional)
            #expect(failure.pathDescription == "name")
        }

        // MARK: Duplicate keys

        @Test func theLaterDuplicateWins() throws {
            #expect(Conformance.decodeEveryWay(.person, #"{"id": 1, "id": 2}"#).model == .value(P(id: 2)))
            // The first would have been a type mismatch.
            #expect(Conformance.decodeEveryWay(.person, #"{"id": "x", "name": "n", "id": 3}"#).model == .value(P(id: 3, name: "n")))
            // The first would have been null for a non-optional.
            #expect(Conformance.decodeEveryWay(.person, #"{"id": null, "id": 4}"#).model == .value(P(id: 4)))
            // A later null replaces an earlier value.
            #expect(Conformance.decodeEveryWay(.person, #"{"nickname": "a", "nickname": null}"#).model == .value(P(nickname: nil)))
            // A later nested model replaces an earlier one, which failed.
            #expect(
                Conformance.decodeEveryWay(.person, #"{"owner": {"login": 1}, "owner": {"login": "ok"}}"#).model
                    == .value(P(owner: Owner(login: "ok", id: 0))))
            // A later mismatch fails.
            let failure = try #require(Conformance.decodeEveryWay(.person, #"{"id": 2, "id": "x"}"#).model.failure)
            #expect(failure.code == .typeMismatch)
            #expect(failure.pathDescription == "id")
        }

        @Test func duplicateKeysSpeltDifferentlyAreTheSameKey() {
            let text = #"{"id": 1, "\u0069d": 2, "na\u006de": "a", "name": "b"}"#
            #expect(Conformance.decodeEveryWay(.person, text).model == .value(P(id: 2, name: "b")))
        }

        // MARK: Keys with escapes and non-ASCII

        @Test func keysWithEscapesAreMatched() {
            let text = #"{"na\u006de": "x", "\u0069\u0064": 3, "nick\u006eame": "k", "t\u0061gs": ["\u0041"]}"#
            #expect(Conformance.decodeEveryWay(.person, text).model == .value(P(id: 3, name: "x", nickname: "k", tags: ["A"])))
        }

        @Test(arguments: [
            #"{"nämé": "raw", "id": 1}"#,
            #"{"n\u00e4m\u00e9": "escaped", "id": 2}"#,
            #"{"日本": 5, "nämé": "x"}"#,
            #"{"\u65e5\u672c": 6}"#,
            #"{"emoji 😀": true}"#,
            #"{"emoji \ud83d\ude00": false}"#,
            #"{"api.version": 3}"#,
            #"{"api": {"version": 3}}"#,
            #"{"nämé": 1}"#,
            #"{"nämê": "not the key", "id": 1}"#,
        ])
        func nonASCIIKeysDecodeTheSameEveryWay(_ text: String) {
            Conformance.decodeEveryWay(.accented, text)
        }

        @Test func nonASCIIAndEscapedKeysAreMatched() {
            #expect(
                Conformance.decodeEveryWay(.accented, #"{"nämé": "raw", "日本": 5, "emoji 😀": true}"#).model
                    == .value(Accented<TagEnd>(name: "raw", japan: 5, emoji: true)))
            let escaped = #"{"n\u00e4m\u00e9": "escaped", "\u65e5\u672c": 6, "emoji \ud83d\ude00": true}"#
            #expect(Conformance.decodeEveryWay(.accented, escaped).model == .value(Accented<TagEnd>(name: "escaped", japan: 6, emoji: true)))
            // A key containing a dot, mapped as one key, is one member.
            #expect(Conformance.decodeEveryWay(.accented, #"{"api.version": 3}"#).model == .value(Accented<TagEnd>(version: 3)))
            #expect(Conformance.decodeEveryWay(.accented, #"{"api": {"version": 3}}"#).model == .value(Accented<TagEnd>()))
        }

        /// Swift strings compare by canonical equivalence, so the dictionary finds a
        /// key spelt in decomposed form (`a` + U+0308) under the precomposed `ä` the
        /// mapping names; so must every other path.
        @Test(arguments: [
            "{\"na\u{308}me\u{301}\": \"decomposed\"}",
            #"{"na\u0308me\u0301": "decomposed, escaped"}"#,
            "{\"nämé\": \"first\", \"na\u{308}me\u{301}\": \"second\"}",
        ])
        func canonicallyEquivalentKeysMatch(_ text: String) {
            let outcome = Conformance.decodeEveryWay(.accented, text).model
            guard case .decoded(let models) = outcome else {
                Issue.record("Decoding failed: \(outcome)")
                return
            }
            #expect(!models[0].contains(#"name: """#), "the decomposed key was not found: \(models[0])")
        }

        /// A decomposed key is found on a type's first decode and on later ones.
        @Test func aDecomposedKeyIsFoundBeforeAndAfterWarming() {
            let outcome = Conformance.decodeEveryWay(.accented, "{\"id\": 1, \"na\u{308}me\u{301}\": \"decomposed\"}").model
            #expect(outcome == .value(Accented<TagEnd>(id: 1, name: "decomposed")))
        }

        /// U+212A KELVIN SIGN is canonically "K": an ASCII key can match a mapping key
        /// with other bytes, and the other way round.
        @Test(arguments: [
            #"{"Kelvin": 1, "\u212Aey": 2}"#,
            "{\"Kelvin\": 1, \"\u{212A}ey\": 2}",
            #"{"\u212Aelvin": 1, "Key": 2}"#,
        ])
        func keysWithASingletonDecompositionMatch(_ text: String) {
            #expect(Conformance.decodeEveryWay(.kelvin, text).model == .value(Kelvin<TagEnd>(temperature: 1, key: 2)))
        }

        // MARK: Required keys

        @Test(arguments: [
            #"{"name": "a"}"#,
            #"{"id": null, "name": "a"}"#,
            #"{"id": 1}"#,
            #"{}"#,
            #"{"id": null, "name": null}"#,
            #"{"id": 1, "name": "a", "id": null}"#,
            #"{"id": null, "name": "a", "id": 2}"#,
            #"{"id": 1, "name": "a"}"#,
            #"{"id": "x", "name": "a"}"#,
            #"{"extra": {"id": 1, "name": "a"}}"#,
            #"{"id": 1, "name": "a", "note": 5}"#,
        ])
        func requiredKeysDecodeTheSameEveryWay(_ text: String) {
            Conformance.decodeEveryWay(.registered, text)
        }

        @Test func absentOrNullRequiredKeysAreOneError() throws {
            let absent = try #require(Conformance.decodeEveryWay(.registered, #"{"name": "a", "note": "n"}"#).model.failure)
            #expect(absent.code == .missingRequiredKeys)
            #expect(absent.text == "Registered requires key that the JSON lacks: id. Fix the payload, or stop requiring it (requiredKeys, requiredPropertyKeys).")
            let both = try #require(Conformance.decodeEveryWay(.registered, #"{"name": null, "id": null}"#).model.failure)
            #expect(both.code == .missingRequiredKeys)
            #expect(both.reason == "Registered requires keys that the JSON lacks: id is null, name is null. Fix the payload, or stop requiring them (requiredKeys, requiredPropertyKeys).")
            let mixed = try #require(Conformance.decodeEveryWay(.registered, #"{"id": null}"#).model.failure)
            #expect(mixed.reason == "Registered requires keys that the JSON lacks: id is null, name. Fix the payload, or stop requiring them (requiredKeys, requiredPropertyKeys).")
            let one = try #require(Conformance.decodeEveryWay(.registered, #"{"id": 1, "name": null}"#).model.failure)
            #expect(one.text == "Registered requires key that the JSON lacks: name is null. Fix the payload, or stop requiring it (requiredKeys, requiredPropertyKeys).")
            #expect(
                Conformance.decodeEveryWay(.registered, #"{"name": "a", "id": 1}"#).model
                    == .value(Registered<TagEnd>(id: 1, name: "a", note: nil)))
        }

        // MARK: Errors

        @Test func aTypeMismatchNamesThePath() throws {
            let failure = try #require(Conformance.decodeEveryWay(.person, #"{"name": "a", "id": "12"}"#).model.failure)
            #expect(failure.code == .typeMismatch)
            #expect(failure.pathDescription == "id")
            #expect(failure.reason.hasPrefix("Expected Int for 'id' of Person, found the string \"12\"."))
        }

        @Test func aNestedTypeMismatchNamesThePath() throws {
            let failure = try #require(Conformance.decodeEveryWay(.crew, #"{"members": [{"login": "a"}, {"id": "2"}]}"#).model.failure)
            #expect(failure.code == .typeMismatch)
            #expect(failure.pathDescription == "members[1].id")
        }

        // MARK: A type's first decode

        /// The first decode of a type (from Data, from a dictionary, or of an array)
        /// gives what later ones give.
        @Test func aTypesFirstDecodeIsLikeTheOthers() throws {
            let outcome = Conformance.decodeEveryWay(.deep, #"{"id": 1, "skip": [1, {}], "name": "cold"}"#).model
            #expect(outcome == .value(Deep<TagEnd>(id: 1, name: "cold")))
            let array = #"[{"id": 1, "name": "a"}, {"name": "b", "id": 2, "extra": [1]}, {"id": 3}]"#
            #expect(
                Conformance.decodeEveryWay(.deep, array).models
                    == .values([Deep<TagEnd>(id: 1, name: "a"), Deep(id: 2, name: "b"), Deep(id: 3, name: "")]))
            let failure = try #require(Conformance.decodeEveryWay(.deep, #"[{"id": 1}, {"id": "2"}]"#).models.failure)
            #expect(failure.code == .typeMismatch)
            #expect(failure.pathDescription == "[1].id")
        }

        // MARK: Types that need the dictionary

        @Test(arguments: [
            #"{"id": 1, "kind": "plain"}"#,
            #"{"kind": "plain", "id": 2}"#,
            #"{"id": 3, "kind": "none"}"#,
            #"{"id": "x"}"#,
            #"{"id": 1, "x": [1,]}"#,
            #"{"id": 1} x"#,
            #"[{"id": 3}, {"kind": "none"}]"#,
            #"[{"kind": "none"}, {"id": "x"}]"#,
        ])
        func aCustomClassForParsingDecodesTheSameEveryWay(_ text: String) {
            Conformance.decodeEveryWay(.routed, text)
        }

        @Test func aCustomClassForParsingRunsForEveryDecode() throws {
            #expect(Conformance.decodeEveryWay(.routed, #"{"id": 1, "kind": "plain"}"#).model == .value(Routed<TagEnd>(id: 1, kind: "plain")))
            let refused = try #require(Conformance.decodeEveryWay(.routed, #"{"id": 3, "kind": "none"}"#).model.failure)
            #expect(refused.code == .noClassFound)
            let inArray = try #require(Conformance.decodeEveryWay(.routed, #"[{"id": 3}, {"kind": "none"}]"#).models.failure)
            #expect(inArray.code == .noClassFound)
            #expect(inArray.pathDescription == "[1]")
        }

        @Test(arguments: [
            #"{"id": 1, "meta": {"name": "x", "other": [1]}}"#,
            #"{"meta": null}"#,
            #"{"meta": 5}"#,
            #"{"meta": {"name": 5}}"#,
            #"{"id": "x", "meta": {"name": "x"}}"#,
            #"{"meta": {"name": "a"}, "meta": {"name": "b"}}"#,
            #"{"meta": {"name": "a",}}"#,
            #"[{"id": 1}]"#,
        ])
        func aDottedKeyPathDecodesTheSameEveryWay(_ text: String) {
            Conformance.decodeEveryWay(.dotted, text)
        }

        @Test func aDottedKeyPathDecodesFromData() {
            #expect(
                Conformance.decodeEveryWay(.dotted, #"{"id": 1, "meta": {"name": "x"}}"#).model == .value(Dotted<TagEnd>(id: 1, name: "x")))
        }

        @Test func anInvalidMappingIsReportedAfterSyntaxErrors() throws {
            for text in [#"{"id": 1}"#, #"{"id": 1,}"#, #"[{"id": 1}]"#, #"[{"id": 1}, 5,]"#] {
                Conformance.decodeEveryWay(.broken, text)
            }
            let failure = try #require(Conformance.decodeEveryWay(.broken, "{}").model.failure)
            #expect(failure.code == .invalidMapping)
            #expect(Conformance.decodeEveryWay(.broken, "{,}").model.isInvalidJSON)
        }

        // MARK: Hooks and transformers

        @Test(arguments: [
            #"{"text": "Hello", "when": "2024-05-01T12:30:00Z", "fill": null}"#,
            #"{"text": "Hello", "when": "2024-05-01T12:30:00.250Z"}"#,
            #"{"text": "Hello"}"#,
            #"{"text": "", "when": "2024-05-01T12:30:00Z"}"#,
            #"{"text": "a", "when": "yesterday"}"#,
            #"{"text": "a", "when": 5}"#,
            #"{"text": "a", "fill": "given", "stars": 6}"#,
            #"{"stars": 3, "fill": 5}"#,
            #"{"text": "", "text": "b"}"#,
            #"{"text": "b", "text": ""}"#,
            #"{"text": null}"#,
            #"[{"text": "a"}, {"text": "b", "stars": 9}]"#,
            #"[{"text": "a"}, {"text": ""}]"#,
            // User errors (wrapped by Strata) followed by a syntax error: the syntax error wins.
            #"{"text": "a", "fill": "boom"}"#,
            #"[{"fill": "boom"}, 5,]"#,
            #"[{"text": ""}, {]"#,
            #"[{"stars": 9}, {"text": "a"} x]"#,
        ])
        func hooksAndTransformersRunTheSameEveryWay(_ text: String) {
            Conformance.decodeEveryWay(.hooked, text)
        }

        @Test func validatedSetterAndTransformersRun() throws {
            let outcome = Conformance.decodeEveryWay(.hooked, #"{"text": "Hello", "fill": null, "stars": 2}"#).model
            #expect(outcome == .value(Hooked<TagEnd>(text: "HELLO", fill: "filled", stars: 2)))
            let refused = try #require(
                Conformance.decodeEveryWay(.hooked, #"[{"text": "a"}, {"text": "b", "stars": 9}]"#).models.failure)
            #expect(refused.code == .validationFailed)
            #expect(refused.pathDescription == "[1]")
            #expect(refused.underlying == "TooManyStars: TooManyStars()")
        }

        // MARK: Models nested too deep

        @Test(arguments: [0, 1, ModelNesting.defaultMaximumDepth - 1, ModelNesting.defaultMaximumDepth, ModelNesting.defaultMaximumDepth + 1, 100])
        func modelsNestedDeepDecodeTheSameEveryWay(_ depth: Int) throws {
            let outcome = Conformance.decodeEveryWay(.chain, chainText(depth: depth)).model
            if depth <= ModelNesting.defaultMaximumDepth {
                #expect(outcome == .value(Chain<TagEnd>.chain(depth: depth)))
            } else {
                #expect(outcome.failure?.code == .nestingTooDeep)
            }
        }
    }
}
