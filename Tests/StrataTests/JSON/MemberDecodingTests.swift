import Foundation
import Testing
@testable import Strata

/// `JSONAdapter.model(of:from: Data)` and `models(of:from: Data)` read a flat model's
/// object member by member (see `JSONAdapter+Members.swift`). For a type whose hooks
/// are known (warmed), the result must be exactly what parsing the whole document
/// with `JSONReader.jsonObject(with:)` and mapping the dictionary gives: the same
/// model, or an error with the same code, path and reason.
///
/// Hook usage is learned per type for the whole process, so these tests use model
/// types of their own (at the bottom of the file) and warm them before checking.
@Suite("Member-wise decoding")
struct MemberDecodingTests {
    // MARK: Same model as the dictionary

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
        #"{"tags": [1], "name": "n", "tags": ["fine"]}"#,
        // Whitespace everywhere.
        " \n\t{ \r\n\"id\" \t: 1 , \n \"name\"\r:\"a\" , \"tags\" : [ \"x\" , \"y\" ] } \n\t",
        // Numbers of every shape.
        #"{"id": -0, "score": 1e2}"#,
        #"{"id": 9223372036854775807, "score": 12345678901234567890}"#,
        #"{"score": 0.1, "active": false}"#,
        // Mapping errors.
        #"{"id": "1"}"#,
        #"{"id": 1.5}"#,
        #"{"id": 18446744073709551615}"#,
        #"{"id": null}"#,
        #"{"name": null}"#,
        #"{"active": 1}"#,
        #"{"tags": ["a", 1]}"#,
        #"{"tags": ["a", null]}"#,
        #"{"owner": {"id": "x"}}"#,
        #"{"owner": {"login": null}}"#,
        #"{"owner": []}"#,
        #"{"id": 2, "id": "x"}"#,
        #"{"name": 5, "id": "x"}"#,
    ])
    func modelMatchesTheDictionaryPath(_ text: String) throws {
        try warm(Person.self)
        let data = Data(text.utf8)
        #expect(Self.decodingData(Person.self, data) == Self.decodingDictionary(Person.self, data))
    }

    /// Arrays of nested models are read element by element; an element that is not
    /// an object gets the array transformer's error, and the elements after an
    /// error are still checked for syntax.
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
        #"{"members": [{"login": "a"}], "members": [{"login": "b"}, {"login": "c"}]}"#,
    ])
    func nestedArraysMatchTheDictionaryPath(_ text: String) throws {
        try warm(Owner.self)
        try warm(Crew.self)
        let data = Data(text.utf8)
        #expect(Self.decodingData(Crew.self, data) == Self.decodingDictionary(Crew.self, data))
    }

    @Test func unknownMembersAreSkipped() throws {
        try warm(Person.self)
        let data = Data(#"""
            {"x": {"id": "no", "a": [1, {"b": null}]}, "id": 1, "y": [[], [{}], "s"], "name": "n",
             "owner": {"skip": {"id": "no"}, "login": "o"}, "z": true, "w": null}
            """#.utf8)
        let person = try JSONAdapter.model(of: Person.self, from: data)
        #expect(person == Person(id: 1, name: "n", owner: Owner(login: "o", id: 0)))
    }

    @Test func membersInAnotherOrderThanTheMappingDecode() throws {
        try warm(Person.self)
        let data = Data(#"{"owner": {"id": 2, "login": "o"}, "tags": ["t"], "active": true, "score": 2.5, "nickname": "k", "name": "Bo", "id": 8}"#.utf8)
        let person = try JSONAdapter.model(of: Person.self, from: data)
        #expect(person == Person(
            id: 8, name: "Bo", nickname: "k", score: 2.5, active: true, tags: ["t"], owner: Owner(login: "o", id: 2)))
    }

    @Test func missingKeysKeepTheDefaultsAndNullOptionalsAreNil() throws {
        try warm(Person.self)
        let person = try JSONAdapter.model(of: Person.self, from: Data(#"{"id": 4, "nickname": null, "owner": null}"#.utf8))
        #expect(person == Person(id: 4, nickname: nil, owner: nil))
        #expect(person.nickname == nil)
        #expect(person.owner == nil)
        #expect(person.name == Person().name)
    }

    @Test func nullForANonOptionalIsTheDictionarysError() throws {
        try warm(Person.self)
        let data = Data(#"{"id": 1, "name": null}"#.utf8)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Person.self, from: data) }
        #expect(error.code == .nullForNonOptional)
        #expect(error.pathDescription == "name")
        #expect(Self.decodingData(Person.self, data) == Self.decodingDictionary(Person.self, data))
    }

    // MARK: Duplicate keys

    @Test func theLaterDuplicateWins() throws {
        try warm(Person.self)
        #expect(try JSONAdapter.model(of: Person.self, from: Data(#"{"id": 1, "id": 2}"#.utf8)).id == 2)
        // The first would have been a type mismatch.
        #expect(try JSONAdapter.model(of: Person.self, from: Data(#"{"id": "x", "name": "n", "id": 3}"#.utf8)).id == 3)
        // The first would have been null for a non-optional.
        #expect(try JSONAdapter.model(of: Person.self, from: Data(#"{"id": null, "id": 4}"#.utf8)).id == 4)
        // A later null replaces an earlier value.
        let cleared = try JSONAdapter.model(of: Person.self, from: Data(#"{"nickname": "a", "nickname": null}"#.utf8))
        #expect(cleared.nickname == nil)
        // A later mismatch fails, as in the dictionary.
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Person.self, from: Data(#"{"id": 2, "id": "x"}"#.utf8))
        }
        #expect(error.code == .typeMismatch)
        #expect(error.pathDescription == "id")
    }

    @Test func duplicateKeysSpeltDifferentlyAreTheSameKey() throws {
        try warm(Person.self)
        let data = Data(#"{"id": 1, "\u0069d": 2, "na\u006de": "a", "name": "b"}"#.utf8)
        let person = try JSONAdapter.model(of: Person.self, from: data)
        #expect(person.id == 2)
        #expect(person.name == "b")
        #expect(Self.decodingData(Person.self, data) == Self.decodingDictionary(Person.self, data))
    }

    // MARK: Keys with escapes and non-ASCII

    @Test func keysWithEscapesAreMatched() throws {
        try warm(Person.self)
        let data = Data(#"{"na\u006de": "x", "\u0069\u0064": 3, "nick\u006eame": "k", "t\u0061gs": ["\u0041"]}"#.utf8)
        let person = try JSONAdapter.model(of: Person.self, from: data)
        #expect(person == Person(id: 3, name: "x", nickname: "k", tags: ["A"]))
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
    func nonASCIIKeysMatchAsInTheDictionary(_ text: String) throws {
        try warm(Accented.self)
        let data = Data(text.utf8)
        #expect(Self.decodingData(Accented.self, data) == Self.decodingDictionary(Accented.self, data))
    }

    @Test func nonASCIIAndEscapedKeysAreMatched() throws {
        try warm(Accented.self)
        let raw = try JSONAdapter.model(of: Accented.self, from: Data(#"{"nämé": "raw", "日本": 5, "emoji 😀": true}"#.utf8))
        #expect(raw == Accented(name: "raw", japan: 5, emoji: true))
        let escaped = try JSONAdapter.model(
            of: Accented.self, from: Data(#"{"n\u00e4m\u00e9": "escaped", "\u65e5\u672c": 6, "emoji \ud83d\ude00": true}"#.utf8))
        #expect(escaped == Accented(name: "escaped", japan: 6, emoji: true))
        // A key containing a dot, mapped as one key, is one member.
        #expect(try JSONAdapter.model(of: Accented.self, from: Data(#"{"api.version": 3}"#.utf8)).version == 3)
        #expect(try JSONAdapter.model(of: Accented.self, from: Data(#"{"api": {"version": 3}}"#.utf8)).version == 0)
    }

    /// Swift strings compare by canonical equivalence, so the dictionary finds a
    /// key spelt in decomposed form (`a` + U+0308) under the precomposed `ä` the
    /// mapping names.
    @Test(arguments: [
        "{\"na\u{308}me\u{301}\": \"decomposed\"}",
        #"{"na\u0308me\u0301": "decomposed, escaped"}"#,
        "{\"nämé\": \"first\", \"na\u{308}me\u{301}\": \"second\"}",
    ])
    func canonicallyEquivalentKeysMatchAsInTheDictionary(_ text: String) throws {
        try warm(Accented.self)
        let data = Data(text.utf8)
        let dictionary = Self.decodingDictionary(Accented.self, data)
        guard case .value(let expected) = dictionary else {
            Issue.record("The dictionary path failed: \(dictionary)")
            return
        }
        // The dictionary holds the decomposed key under the mapping's precomposed one.
        #expect(expected.name != "")
        #expect(Self.decodingData(Accented.self, data) == dictionary)
    }

    /// U+212A KELVIN SIGN is canonically "K": an ASCII key can match a mapping key
    /// with other bytes, and the other way round.
    @Test(arguments: [
        #"{"Kelvin": 1, "\u212Aey": 2}"#,
        "{\"Kelvin\": 1, \"\u{212A}ey\": 2}",
        #"{"\u212Aelvin": 1, "Key": 2}"#,
    ])
    func keysWithASingletonDecompositionMatchAsInTheDictionary(_ text: String) throws {
        try warm(Kelvin.self)
        let data = Data(text.utf8)
        let dictionary = Self.decodingDictionary(Kelvin.self, data)
        #expect(dictionary == .value(Kelvin(temperature: 1, key: 2)))
        #expect(Self.decodingData(Kelvin.self, data) == dictionary)
    }

    /// A type's very first decode, of an array: the first element is decoded
    /// through its dictionary (which learns that `classForParsing(_:)` is the
    /// default), the others member by member, with the same results and errors.
    @Test func aColdTypesArrayIsReadElementByElement() throws {
        #expect(!MappingPlan<ColdArrayElement>.shared.hooks.isDefault(.classForParsing))
        let data = Data(#"[{"id": 1, "name": "a"}, {"name": "b", "id": 2, "extra": [1]}, {"id": 3}]"#.utf8)
        let models = try JSONAdapter.models(of: ColdArrayElement.self, from: data)
        #expect(models == [ColdArrayElement(id: 1, name: "a"), ColdArrayElement(id: 2, name: "b"), ColdArrayElement(id: 3, name: "")])
        #expect(MappingPlan<ColdArrayElement>.shared.hooks.isDefault(.classForParsing))
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.models(of: ColdArrayElement.self, from: Data(#"[{"id": 1}, {"id": "2"}]"#.utf8))
        }
        #expect(error.code == .typeMismatch)
        #expect(error.pathDescription == "[1].id")
    }

    /// Before its hooks are known, a type's Data goes through the dictionary, which
    /// finds the decomposed key; afterwards it is read member-wise.
    @Test func aDecomposedKeyIsFoundBeforeAndAfterWarming() throws {
        let data = Data("{\"id\": 1, \"na\u{308}me\u{301}\": \"decomposed\"}".utf8)
        #expect(!MappingPlan<ColdAccented>.shared.hooks.isDefault(.classForParsing))
        let cold = try JSONAdapter.model(of: ColdAccented.self, from: data)
        #expect(cold == ColdAccented(id: 1, name: "decomposed"))
        #expect(MappingPlan<ColdAccented>.shared.hooks.isDefault(.classForParsing))
        let warm = try JSONAdapter.model(of: ColdAccented.self, from: data)
        #expect(warm == cold)
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
    ])
    func requiredKeysMatchTheDictionaryPath(_ text: String) throws {
        try warm(Registered.self)
        let data = Data(text.utf8)
        #expect(Self.decodingData(Registered.self, data) == Self.decodingDictionary(Registered.self, data))
    }

    @Test func absentOrNullRequiredKeysAreOneError() throws {
        try warm(Registered.self)
        let absent = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Registered.self, from: Data(#"{"name": "a", "note": "n"}"#.utf8))
        }
        #expect(absent.code == .missingRequiredKeys)
        #expect(absent.description == "Registered requires key that the JSON lacks: id.")
        let both = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Registered.self, from: Data(#"{"name": null, "id": null}"#.utf8))
        }
        #expect(both.code == .missingRequiredKeys)
        #expect(both.reason == "Registered requires keys that the JSON lacks: id, name.")
        let fine = try JSONAdapter.model(of: Registered.self, from: Data(#"{"name": "a", "id": 1}"#.utf8))
        #expect(fine == Registered(id: 1, name: "a", note: nil))
    }

    // MARK: Errors

    @Test func aTypeMismatchNamesThePath() throws {
        try warm(Person.self)
        let data = Data(#"{"name": "a", "id": "12"}"#.utf8)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Person.self, from: data) }
        #expect(error.code == .typeMismatch)
        #expect(error.pathDescription == "id")
        #expect(error.reason.hasPrefix("Expected Int for 'id' of Person, found the string \"12\"."))
        #expect(Self.decodingData(Person.self, data) == Self.decodingDictionary(Person.self, data))
    }

    @Test func aTypeMismatchInAnArrayNamesTheIndex() throws {
        try warm(Person.self)
        let data = Data(#"[{"id": 1}, {"id": 2}, {"id": "x"}, {"id": 4}]"#.utf8)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.models(of: Person.self, from: data) }
        #expect(error.code == .typeMismatch)
        #expect(error.pathDescription == "[2].id")
        #expect(Self.decodingArray(Person.self, data) == Self.decodingArrayDictionary(Person.self, data))
    }

    @Test func anElementThatIsNotAnObjectIsInvalidJSONDictionary() throws {
        try warm(Person.self)
        for text in [#"[{"id": 1}, 5]"#, #"[{"id": 1}, [{"id": 2}]]"#, #"[{"id": 1}, null, {"id": "x"}]"#, #"[{"id": 1}, "s"]"#] {
            let data = Data(text.utf8)
            let error = try #require(throws: StrataError.self) { try JSONAdapter.models(of: Person.self, from: data) }
            #expect(error.code == .invalidJSONDictionary, "\(text)")
            #expect(error.pathDescription == "[1]", "\(text)")
            #expect(Self.decodingArray(Person.self, data) == Self.decodingArrayDictionary(Person.self, data), "\(text)")
        }
    }

    @Test func theFirstFailingElementIsReported() throws {
        try warm(Person.self)
        for text in [#"[{"id": "x"}, 5]"#, #"[7, {"id": "x"}]"#, #"[{"id": 1}, {"name": 1}, {"id": "x"}]"#] {
            let data = Data(text.utf8)
            #expect(Self.decodingArray(Person.self, data) == Self.decodingArrayDictionary(Person.self, data), "\(text)")
        }
    }

    @Test func aTopLevelArrayForOneModelIsInvalidJSONDictionary() throws {
        try warm(Person.self)
        let data = Data(#"[{"id": 1}, {"id": 2}]"#.utf8)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Person.self, from: data) }
        #expect(error.code == .invalidJSONDictionary)
        #expect(error.description == "Expected a JSON object for Person, found an array of 2 elements.")
        #expect(Self.decodingData(Person.self, data) == Self.decodingDictionary(Person.self, data))
        for scalar in ["1", "\"text\"", "null", "true"] {
            let scalarData = Data(scalar.utf8)
            #expect(Self.decodingData(Person.self, scalarData) == Self.decodingDictionary(Person.self, scalarData), "\(scalar)")
        }
    }

    @Test func aTopLevelObjectForModelsIsInvalidJSONDictionary() throws {
        try warm(Person.self)
        let data = Data(#"{"id": 1}"#.utf8)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.models(of: Person.self, from: data) }
        #expect(error.code == .invalidJSONDictionary)
        #expect(error.description == "Expected a JSON array of Person objects, found an object with keys id.")
        #expect(Self.decodingArray(Person.self, data) == Self.decodingArrayDictionary(Person.self, data))
        for scalar in ["1", "\"text\"", "null"] {
            let scalarData = Data(scalar.utf8)
            #expect(Self.decodingArray(Person.self, scalarData) == Self.decodingArrayDictionary(Person.self, scalarData), "\(scalar)")
        }
    }

    /// Syntax errors win over mapping errors, as when the whole document is parsed first.
    @Test(arguments: [
        #"[{"id": "x"}, {"id": 1,}]"#,
        #"[{"id": "x"}, {"id": 1}"#,
        #"[{"id": "x"}, {"id": 1}] x"#,
        #"[{"id": "x"},]"#,
        #"[{"id": "x"}, 5, {"id": 1 "name": "a"}]"#,
        #"[5, {"id": tru}]"#,
        #"[{"id": "x"}, [1, 2,]]"#,
        #"[{"name": null}, {"x": [1, {"y": }]}]"#,
        #"[{"id": "x"} {"id": 1}]"#,
    ])
    func invalidJSONAfterAFailingElementIsInvalidJSON(_ text: String) throws {
        try warm(Person.self)
        let data = Data(text.utf8)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.models(of: Person.self, from: data) }
        #expect(error.code == .invalidJSON)
        #expect(error.underlyingError is JSONParsingError)
        #expect(Self.decodingArray(Person.self, data) == Self.decodingArrayDictionary(Person.self, data))
    }

    @Test(arguments: [
        #"{"id": 1, "name": }"#,
        #"{"id": 1 "name": "a"}"#,
        #"{"id": 1,}"#,
        #"{"id": tru}"#,
        #"{"id": "x", "name": nul}"#,
        #"{"x": [1,], "id": 1}"#,
        #"{"x": {"a" 1}, "id": 1}"#,
        #"{"x": {"a": 1,}}"#,
        #"{"x": [1 2]}"#,
        #"{"x": "\q"}"#,
        #"{"x": 01}"#,
        #"{"x": 1e400}"#,
        #"{"id": 1e400}"#,
        #"{"id": "\ud800"}"#,
        #"{"\ud800": 1}"#,
        #"{id: 1}"#,
        #"{"id" 1}"#,
        #"{"id": 1"#,
        #"{"id": "unterminated}"#,
        #"{"#,
        #"{"id""#,
        #"{"id":"#,
        #"{,}"#,
        #"{"a": 1}}"#,
        "{\"x\": \"tab\tinside\"}",
        "{\"i\u{1}d\": 1}",
        "{\"id\": 1}\u{0}",
        // Trailing garbage after the object: a mapping error must not hide it.
        #"{"id": 1} x"#,
        #"{"id": "x"} x"#,
        #"{"id": 1}{}"#,
        #"{"id": 1},"#,
        #"{"id": 1}]"#,
        // No document.
        "",
        " ",
        "\u{FEFF}",
        "\n\t",
    ])
    func invalidJSONInOrAfterAnObjectIsInvalidJSON(_ text: String) throws {
        try warm(Person.self)
        let data = Data(text.utf8)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Person.self, from: data) }
        #expect(error.code == .invalidJSON)
        #expect(error.underlyingError is JSONParsingError)
        #expect(Self.decodingData(Person.self, data) == Self.decodingDictionary(Person.self, data))
    }

    @Test func emptyDataIsInvalidJSON() throws {
        try warm(Person.self)
        let one = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Person.self, from: Data()) }
        let many = try #require(throws: StrataError.self) { try JSONAdapter.models(of: Person.self, from: Data()) }
        #expect(one.code == .invalidJSON)
        #expect(many.code == .invalidJSON)
        #expect(Self.decodingData(Person.self, Data()) == Self.decodingDictionary(Person.self, Data()))
        #expect(Self.decodingArray(Person.self, Data()) == Self.decodingArrayDictionary(Person.self, Data()))
    }

    @Test func aByteOrderMarkBeforeTheObjectIsAccepted() throws {
        try warm(Person.self)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let one = Data(bom + Array(#" {"id": 5, "name": "bom"}"#.utf8))
        #expect(try JSONAdapter.model(of: Person.self, from: one) == Person(id: 5, name: "bom"))
        let many = Data(bom + Array(#"[{"id": 5}, {"id": 6}]"#.utf8))
        #expect(try JSONAdapter.models(of: Person.self, from: many).map(\.id) == [5, 6])
        let empty = Data(bom + Array("[]".utf8))
        #expect(try JSONAdapter.models(of: Person.self, from: empty) == [])
        // Only one BOM, only at the start.
        for bytes in [bom + bom + Array("{}".utf8), Array(" ".utf8) + bom + Array("{}".utf8), Array("{}".utf8) + bom] {
            let data = Data(bytes)
            let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Person.self, from: data) }
            #expect(error.code == .invalidJSON)
            #expect(Self.decodingData(Person.self, data) == Self.decodingDictionary(Person.self, data))
        }
    }

    @Test func aSliceOfLargerDataDecodes() throws {
        try warm(Person.self)
        let whole = Data(#"xx{"id": 9, "name": "slice"}yy"#.utf8)
        let slice = whole[whole.startIndex + 2 ..< whole.endIndex - 2]
        #expect(slice.startIndex != 0)
        #expect(try JSONAdapter.model(of: Person.self, from: slice) == Person(id: 9, name: "slice"))
        let arrayWhole = Data(#"xx[{"id": 9}]yy"#.utf8)
        let arraySlice = arrayWhole[arrayWhole.startIndex + 2 ..< arrayWhole.endIndex - 2]
        #expect(try JSONAdapter.models(of: Person.self, from: arraySlice).map(\.id) == [9])
    }

    // MARK: Arrays of models

    @Test func anEmptyArrayIsNoModels() throws {
        try warm(Person.self)
        for text in ["[]", " [ ] ", "\n[\n]\n", "\t[\r\n\t]"] {
            #expect(try JSONAdapter.models(of: Person.self, from: Data(text.utf8)) == [], "\(text)")
        }
    }

    @Test(arguments: [
        #"[{"id": 1}]"#,
        #"[{}, {}, {}]"#,
        " [ { \"id\" : 1 } ,\n{\"id\":2,\"name\":\"b\"} \t, { } ] ",
        #"[{"id": 1, "x": [[{}]]}, {"owner": {"login": "o", "k": {}}}]"#,
        #"[{"id": 1, "id": 2}, {"id": "x", "id": 3}]"#,
    ])
    func modelsMatchTheDictionaryPath(_ text: String) throws {
        try warm(Person.self)
        let data = Data(text.utf8)
        #expect(Self.decodingArray(Person.self, data) == Self.decodingArrayDictionary(Person.self, data))
        #expect(throws: Never.self) { try JSONAdapter.models(of: Person.self, from: data) }
    }

    @Test func aLargeArrayMatchesTheDictionaryPath() throws {
        try warm(Person.self)
        let records = (0..<1_000).map { index in
            #"{"id": \#(index), "name": "person \#(index)", "extra": {"n": [\#(index), null, true]}, "#
                + #""nickname": \#(index % 3 == 0 ? "null" : "\"n\(index)\""), "score": \#(Double(index) / 4), "#
                + #""active": \#(index % 2 == 0), "tags": ["t\#(index)", "u"], "owner": {"login": "o\#(index)", "id": \#(index * 2)}}"#
        }
        let data = Data(("[" + records.joined(separator: ",\n") + "]").utf8)
        let models = try JSONAdapter.models(of: Person.self, from: data)
        #expect(models.count == 1_000)
        #expect(models[998] == Person(
            id: 998, name: "person 998", nickname: "n998", score: 249.5, active: true, tags: ["t998", "u"],
            owner: Owner(login: "o998", id: 1_996)))
        #expect(models[999].nickname == nil)
        #expect(Self.decodingArray(Person.self, data) == Self.decodingArrayDictionary(Person.self, data))
    }

    // MARK: Nesting depth

    @Test func theReadersDepthLimitIsTheOneDocumented() {
        #expect(JSONReader.defaultMaximumDepth == 512)
    }

    /// The object is one level; `depth - 1` arrays inside one of its unknown members fill the limit.
    @Test func anUnknownMemberNestedPastTheLimitIsInvalidJSON() throws {
        try warm(Deep.self)
        let limit = JSONReader.defaultMaximumDepth
        let accepted = Self.nested(arrays: limit - 1, in: #"{"id": 1, "deep": %@, "name": "n"}"#)
        let refused = Self.nested(arrays: limit, in: #"{"id": 1, "deep": %@, "name": "n"}"#)
        #expect(throws: Never.self) { try JSONReader.jsonObject(with: accepted) }
        #expect(throws: JSONParsingError.self) { try JSONReader.jsonObject(with: refused) }

        #expect(try JSONAdapter.model(of: Deep.self, from: accepted) == Deep(id: 1, name: "n"))
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Deep.self, from: refused) }
        #expect(error.code == .invalidJSON)
        let parsing = try #require(error.underlyingError as? JSONParsingError)
        #expect(parsing.kind == .maximumDepthExceeded(limit))
        #expect(Self.decodingData(Deep.self, accepted) == Self.decodingDictionary(Deep.self, accepted))
        #expect(Self.decodingData(Deep.self, refused) == Self.decodingDictionary(Deep.self, refused))
    }

    /// The same for a mapped member, whose value is built rather than skipped.
    @Test func aMappedMemberNestedPastTheLimitIsInvalidJSON() throws {
        try warm(Deep.self)
        let limit = JSONReader.defaultMaximumDepth
        let accepted = Self.nested(arrays: limit - 1, in: #"{"name": %@}"#)
        let refused = Self.nested(arrays: limit, in: #"{"name": %@}"#)
        let mismatch = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Deep.self, from: accepted) }
        #expect(mismatch.code == .typeMismatch)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Deep.self, from: refused) }
        #expect(error.code == .invalidJSON)
        #expect(Self.decodingData(Deep.self, accepted) == Self.decodingDictionary(Deep.self, accepted))
        #expect(Self.decodingData(Deep.self, refused) == Self.decodingDictionary(Deep.self, refused))
    }

    /// In an array of models the array and the object are two levels.
    @Test func anElementsMemberNestedPastTheLimitIsInvalidJSON() throws {
        try warm(Deep.self)
        let limit = JSONReader.defaultMaximumDepth
        // Each template with the levels around its arrays.
        let templates = [(#"[{"id": 1}, {"deep": %@}]"#, 2), (#"[{"id": "x"}, {"deep": %@}]"#, 2), (#"[{"id": 1}, %@]"#, 1)]
        for (template, levels) in templates {
            for (arrays, valid) in [(limit - levels, true), (limit - levels + 1, false)] {
                let data = Self.nested(arrays: arrays, in: template)
                #expect(((try? JSONReader.jsonObject(with: data)) != nil) == valid)
                let outcome = Self.decodingArray(Deep.self, data)
                #expect(outcome == Self.decodingArrayDictionary(Deep.self, data), "\(arrays) in \(template)")
                #expect(outcome.isInvalidJSON == !valid, "\(arrays) in \(template)")
            }
        }
        // Objects count as levels too.
        let objects = { (count: Int) in
            Data(("[{\"deep\": " + String(repeating: "{\"a\": ", count: count) + "1" + String(repeating: "}", count: count) + "}]").utf8)
        }
        #expect(Self.decodingArray(Deep.self, objects(limit - 2)) == .value([Deep()]))
        #expect(Self.decodingArray(Deep.self, objects(limit - 1)) == Self.decodingArrayDictionary(Deep.self, objects(limit - 1)))
        if case .failure(let failure) = Self.decodingArray(Deep.self, objects(limit - 1)) {
            #expect(failure.code == .invalidJSON)
        } else {
            Issue.record("\(limit + 1) levels were accepted")
        }
    }

    // MARK: Conformance with the JSONTestSuite corpus

    static let corpus = JSONTestSuiteTests.accepted + JSONTestSuiteTests.rejected + JSONTestSuiteTests.implementationDefined

    /// Files whose first byte after an optional BOM and whitespace opens an object or array.
    static func opensAContainer(_ data: Data) -> Bool {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    @Test func mostOfTheCorpusOpensAContainer() throws {
        var containers = 0
        for name in Self.corpus where Self.opensAContainer(try JSONTestSuiteTests.contents(of: name)) { containers += 1 }
        #expect(Self.corpus.count == 318)
        #expect(containers > 250)
    }

    @Test("JSONTestSuite files decode as through the dictionary", arguments: corpus)
    func corpusFileMatchesTheDictionaryPath(_ name: String) throws {
        try warm(CorpusModel.self)
        let data = try JSONTestSuiteTests.contents(of: name)
        let readerRejects = (try? JSONReader.jsonObject(with: data)) == nil

        let one = Self.decodingData(CorpusModel.self, data)
        let many = Self.decodingArray(CorpusModel.self, data)
        #expect(one.isInvalidJSON == readerRejects, "model(of:) on \(name): \(one)")
        #expect(many.isInvalidJSON == readerRejects, "models(of:) on \(name): \(many)")
        #expect(one == Self.decodingDictionary(CorpusModel.self, data), "model(of:) on \(name)")
        #expect(many == Self.decodingArrayDictionary(CorpusModel.self, data), "models(of:) on \(name)")
    }

    /// A few files whose outcome is known, so the corpus test cannot pass vacuously.
    @Test func corpusFilesWithKnownModels() throws {
        try warm(CorpusModel.self)
        let basic = try JSONAdapter.model(of: CorpusModel.self, from: JSONTestSuiteTests.contents(of: "y_object_basic.json"))
        #expect(basic == CorpusModel(asd: "sdf"))
        let duplicated = try JSONAdapter.model(
            of: CorpusModel.self, from: JSONTestSuiteTests.contents(of: "y_object_duplicated_key.json"))
        #expect(duplicated == CorpusModel(a: "c"))
        let null = try JSONAdapter.model(
            of: CorpusModel.self, from: JSONTestSuiteTests.contents(of: "y_object_escaped_null_in_key.json"))
        #expect(null == CorpusModel(fooNullBar: 42))
        let numbers = try JSONAdapter.model(
            of: CorpusModel.self, from: JSONTestSuiteTests.contents(of: "y_object_extreme_numbers.json"))
        #expect(numbers == CorpusModel(min: -1.0e+28))
        let simple = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: CorpusModel.self, from: JSONTestSuiteTests.contents(of: "y_object_simple.json"))
        }
        #expect(simple.code == .typeMismatch)
        #expect(simple.pathDescription == "a")
        let trailing = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: CorpusModel.self, from: JSONTestSuiteTests.contents(of: "n_object_trailing_comma.json"))
        }
        #expect(trailing.code == .invalidJSON)
    }

    // MARK: Types that take the dictionary path

    @Test func aCustomClassForParsingStillRunsForData() throws {
        let first = try JSONAdapter.model(of: Routed.self, from: Data(#"{"id": 1, "kind": "plain"}"#.utf8))
        let second = try JSONAdapter.model(of: Routed.self, from: Data(#"{"kind": "plain", "id": 2}"#.utf8))
        #expect(first == Routed(id: 1, kind: "plain"))
        #expect(second == Routed(id: 2, kind: "plain"))
        #expect(MappingPlan<Routed>.shared.hooks.usage(of: .classForParsing) == .isCustom)
        #expect(MappingPlan<Routed>.shared.memberKeys != nil)
        let refused = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Routed.self, from: Data(#"{"id": 3, "kind": "none"}"#.utf8))
        }
        #expect(refused.code == .noClassFound)
        let inArray = try #require(throws: StrataError.self) {
            try JSONAdapter.models(of: Routed.self, from: Data(#"[{"id": 3}, {"kind": "none"}]"#.utf8))
        }
        #expect(inArray.code == .noClassFound)
        #expect(inArray.pathDescription == "[1]")
        for text in [#"{"id": "x"}"#, #"{"id": 1, "x": [1,]}"#, #"{"id": 1} x"#] {
            let data = Data(text.utf8)
            #expect(Self.decodingData(Routed.self, data) == Self.decodingDictionary(Routed.self, data), "\(text)")
        }
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
    func aDottedKeyPathTakesTheDictionaryPath(_ text: String) throws {
        try warm(Dotted.self, memberWise: false)
        #expect(MappingPlan<Dotted>.shared.memberKeys == nil)
        let data = Data(text.utf8)
        #expect(Self.decodingData(Dotted.self, data) == Self.decodingDictionary(Dotted.self, data))
        #expect(Self.decodingArray(Dotted.self, data) == Self.decodingArrayDictionary(Dotted.self, data))
    }

    @Test func aDottedKeyPathDecodesFromData() throws {
        let model = try JSONAdapter.model(of: Dotted.self, from: Data(#"{"id": 1, "meta": {"name": "x"}}"#.utf8))
        #expect(model == Dotted(id: 1, name: "x"))
        #expect(MappingPlan<Dotted>.shared.memberKeys == nil)
    }

    /// The first decode of a type, from Data, takes the dictionary path and learns
    /// the hooks; the second, member-wise, gives the same.
    @Test func theFirstDecodeOfATypeFromDataLearnsItsHooks() throws {
        let data = Data(#"{"id": 1, "skip": [1, {}], "name": "cold"}"#.utf8)
        let first = try JSONAdapter.model(of: Cold.self, from: data)
        #expect(MappingPlan<Cold>.shared.hooks.isDefault(.classForParsing))
        let second = try JSONAdapter.model(of: Cold.self, from: data)
        #expect(first == Cold(id: 1, name: "cold"))
        #expect(second == first)
    }

    // MARK: Hooks and transformers on the member-wise path

    @Test(arguments: [
        #"{"text": "Hello", "when": "2024-05-01T12:30:00Z", "fill": null}"#,
        #"{"text": "Hello"}"#,
        #"{"text": "", "when": "2024-05-01T12:30:00Z"}"#,
        #"{"text": "a", "when": "yesterday"}"#,
        #"{"text": "a", "fill": "given", "stars": 6}"#,
        #"{"stars": 3, "fill": 5}"#,
        #"[{"text": "a"}, {"text": "b", "stars": 9}]"#,
        #"[{"text": "a"}, {"text": ""}]"#,
        // User errors (wrapped by Strata) followed by a syntax error: the syntax error wins.
        #"{"text": "a", "fill": "boom"}"#,
        #"[{"fill": "boom"}, 5,]"#,
        #"[{"text": ""}, {]"#,
        #"[{"stars": 9}, {"text": "a"} x]"#,
    ])
    func hooksAndTransformersRunAsForTheDictionary(_ text: String) throws {
        try warm(Hooked.self)
        let data = Data(text.utf8)
        #expect(Self.decodingData(Hooked.self, data) == Self.decodingDictionary(Hooked.self, data))
        #expect(Self.decodingArray(Hooked.self, data) == Self.decodingArrayDictionary(Hooked.self, data))
    }

    @Test func validatedSetterAndTransformersRunMemberWise() throws {
        try warm(Hooked.self)
        let model = try JSONAdapter.model(of: Hooked.self, from: Data(#"{"text": "Hello", "fill": null, "stars": 2}"#.utf8))
        #expect(model.text == "HELLO")
        #expect(model.fill == "filled")
        #expect(model.stars == 2)
        let refused = try #require(throws: StrataError.self) {
            try JSONAdapter.models(of: Hooked.self, from: Data(#"[{"text": "a"}, {"text": "b", "stars": 9}]"#.utf8))
        }
        #expect(refused.code == .validationFailed)
        #expect(refused.pathDescription == "[1]")
    }

    @Test func anInvalidMappingIsReportedAfterSyntaxErrors() throws {
        _ = try? JSONAdapter.model(of: Broken.self, from: [String: Any]())
        for text in [#"{"id": 1}"#, #"{"id": 1,}"#, #"[{"id": 1}]"#, #"[{"id": 1}, 5,]"#] {
            let data = Data(text.utf8)
            #expect(Self.decodingData(Broken.self, data) == Self.decodingDictionary(Broken.self, data), "\(text)")
            #expect(Self.decodingArray(Broken.self, data) == Self.decodingArrayDictionary(Broken.self, data), "\(text)")
        }
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Broken.self, from: Data("{}".utf8)) }
        #expect(error.code == .invalidMapping)
    }
}

// MARK: - Comparing the two paths

/// What a decode gave: a value, or a Strata error's code, path and reason.
enum MemberDecodeOutcome<Value: Equatable>: Equatable, CustomStringConvertible {
    case value(Value)
    case failure(Failure)
    case otherError(String)

    struct Failure: Equatable {
        let code: StrataError.Code
        let path: String
        let reason: String
    }

    init(_ body: () throws -> Value) {
        do {
            self = .value(try body())
        } catch let error as StrataError {
            self = .failure(Failure(code: error.code, path: error.pathDescription, reason: error.reason))
        } catch {
            self = .otherError(String(describing: error))
        }
    }

    var isInvalidJSON: Bool {
        if case .failure(let failure) = self { return failure.code == .invalidJSON }
        return false
    }

    var description: String {
        switch self {
        case .value(let value): return "value \(value)"
        case .failure(let failure): return "\(failure.code) at '\(failure.path)': \(failure.reason)"
        case .otherError(let error): return "other error \(error)"
        }
    }
}

extension MemberDecodingTests {
    /// Decodes one `T` from `Type.self` once, so its hooks are known, and checks
    /// that `Data` of it is now read member-wise (or, with `memberWise: false`, not).
    func warm<T: JSONSerializing>(_ type: T.Type, memberWise: Bool = true) throws {
        _ = try? JSONAdapter.model(of: T.self, from: [String: Any]())
        let mapping = MappingPlan<T>.shared
        try #require(mapping.hooks.isDefault(.classForParsing))
        try #require((mapping.memberKeys != nil) == memberWise)
    }

    /// `model(of:from: Data)`.
    static func decodingData<T: JSONSerializing & Equatable>(_ type: T.Type, _ data: Data) -> MemberDecodeOutcome<T> {
        MemberDecodeOutcome { try JSONAdapter.model(of: T.self, from: data) }
    }

    /// `models(of:from: Data)`.
    static func decodingArray<T: JSONSerializing & Equatable>(_ type: T.Type, _ data: Data) -> MemberDecodeOutcome<[T]> {
        MemberDecodeOutcome { try JSONAdapter.models(of: T.self, from: data) }
    }

    /// The whole document parsed by `JSONReader.jsonObject(with:)`, then mapped as a dictionary.
    static func decodingDictionary<T: JSONSerializing & Equatable>(_ type: T.Type, _ data: Data) -> MemberDecodeOutcome<T> {
        MemberDecodeOutcome {
            let object = try parseWhole(data)
            guard let json = object as? [String: Any] else {
                throw StrataError(.invalidJSONDictionary, "Expected a JSON object for \(T.self), found \(describe(object)).")
            }
            return try JSONAdapter.model(of: T.self, from: json)
        }
    }

    /// The whole document parsed by `JSONReader.jsonObject(with:)`, then mapped as an array of dictionaries.
    static func decodingArrayDictionary<T: JSONSerializing & Equatable>(_ type: T.Type, _ data: Data) -> MemberDecodeOutcome<[T]> {
        MemberDecodeOutcome {
            let object = try parseWhole(data)
            guard let json = object as? [Any] else {
                throw StrataError(
                    .invalidJSONDictionary, "Expected a JSON array of \(T.self) objects, found \(describe(object)).")
            }
            return try JSONAdapter.models(of: T.self, from: json)
        }
    }

    private static func parseWhole(_ data: Data) throws -> Any {
        do {
            return try JSONReader.jsonObject(with: data)
        } catch let error as JSONParsingError {
            throw JSONAdapter.invalidJSON(error)
        }
    }

    /// `template` with its `%@` replaced by `arrays` nested empty arrays.
    static func nested(arrays: Int, in template: String) -> Data {
        let value = String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays)
        return Data(template.replacingOccurrences(of: "%@", with: value).utf8)
    }
}

// MARK: - Models, private to these tests

private struct Person: JSONSerializing, Equatable {
    var id = 0
    var name = "unnamed"
    var nickname: String? = "none"
    var score = 0.0
    var active = false
    var tags: [String] = []
    var owner: Owner? = Owner(login: "default", id: -1)

    static let propertyKeys: PropertyKeys<Person> = [
        "id": \.id, "name": \.name, "nickname": \.nickname, "score": \.score, "active": \.active, "tags": \.tags,
        "owner": \.owner,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "name": "name", "nickname": "nickname", "score": "score", "active": "active", "tags": "tags",
        "owner": "owner",
    ]
}

private struct Crew: JSONSerializing, Equatable {
    var name = ""
    var members: [Owner] = []
    static let propertyKeys: PropertyKeys<Crew> = ["name": \.name, "members": \.members]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "members": "members"]
}

/// One key written with U+212A KELVIN SIGN, one with "K".
private struct Kelvin: JSONSerializing, Equatable {
    var temperature = 0
    var key = 0
    static let propertyKeys: PropertyKeys<Kelvin> = ["temperature": \.temperature, "key": \.key]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["temperature": "\u{212A}elvin", "key": "Key"]
}

private struct Accented: JSONSerializing, Equatable {
    var id = 0
    var name = ""
    var japan = 0
    var emoji = false
    var version = 0

    static let propertyKeys: PropertyKeys<Accented> = [
        "id": \.id, "name": \.name, "japan": \.japan, "emoji": \.emoji, "version": \.version,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "name": "nämé", "japan": "日本", "emoji": "emoji 😀", "version": JSONKeyPath(segments: ["api.version"]),
    ]
}

private struct Registered: JSONSerializing, Equatable {
    var id = 0
    var name = ""
    var note: String? = nil

    static let propertyKeys: PropertyKeys<Registered> = ["id": \.id, "name": \.name, "note": \.note]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "name": "name", "note": "note"]
    static var requiredPropertyKeys: Set<String> { ["id", "name"] }
}

private struct Deep: JSONSerializing, Equatable {
    var id = 0
    var name = ""

    static let propertyKeys: PropertyKeys<Deep> = ["id": \.id, "name": \.name]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "name": "name"]
}

/// Maps keys that JSONTestSuite files use, with types some of their values do not fit.
private struct CorpusModel: JSONSerializing, Equatable {
    var a: String? = nil
    var asd: String? = nil
    var id: String? = nil
    var min: Double? = nil
    var title: String? = nil
    var fooNullBar: Int? = nil
    var empty: Int? = nil

    static let propertyKeys: PropertyKeys<CorpusModel> = [
        "a": \.a, "asd": \.asd, "id": \.id, "min": \.min, "title": \.title, "fooNullBar": \.fooNullBar,
        "empty": \.empty,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "a": "a", "asd": "asd", "id": "id", "min": "min", "title": "title", "fooNullBar": "foo\u{0}bar",
        "empty": "é",
    ]
}

/// Accented, for a test that needs the type cold.
/// Decoded only by `aColdTypesArrayIsReadElementByElement`, so its hooks start unknown.
private struct ColdArrayElement: JSONSerializing, Equatable {
    var id = 0
    var name = ""

    static let propertyKeys: PropertyKeys<ColdArrayElement> = ["id": \.id, "name": \.name]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "name": "name"]
}

private struct ColdAccented: JSONSerializing, Equatable {
    var id = 0
    var name = ""

    static let propertyKeys: PropertyKeys<ColdAccented> = ["id": \.id, "name": \.name]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "name": "nämé"]
}

/// Chooses no type for the kind "none".
private struct Routed: JSONSerializing, Equatable {
    var id = 0
    var kind = ""

    static let propertyKeys: PropertyKeys<Routed> = ["id": \.id, "kind": \.kind]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "kind": "kind"]

    static func classForParsing(_ json: [String: Any]) -> (any JSONSerializing.Type)? {
        json["kind"] as? String == "none" ? nil : Self.self
    }
}

private struct Dotted: JSONSerializing, Equatable {
    var id = 0
    var name = ""

    static let propertyKeys: PropertyKeys<Dotted> = ["id": \.id, "name": \.name]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "name": "meta.name"]
}

private struct Cold: JSONSerializing, Equatable {
    var id = 0
    var name = ""

    static let propertyKeys: PropertyKeys<Cold> = ["id": \.id, "name": \.name]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "name": "name"]
}

/// Upper-cases and refuses empty text, validates its stars, and has transformers
/// (one that turns `null` into a value).
private struct Hooked: JSONSerializing, Equatable {
    struct Empty: Error {}
    struct TooManyStars: Error {}
    var text = ""
    var when: Date? = nil
    var fill = ""
    var stars = 0

    static let propertyKeys: PropertyKeys<Hooked> = ["text": \.text, "when": \.when, "fill": \.fill, "stars": \.stars]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "text": "text", "when": "when", "fill": "fill", "stars": "stars",
    ]

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        switch key {
        case "when": return .iso8601Date
        case "fill":
            return ValueTransformer(forward: { value in
                if value as? String == "boom" { throw RuleViolation(rule: "no boom") }
                return value ?? "filled"
            })
        default: return nil
        }
    }

    func validateValue(_ value: Any?, forKey key: String) throws -> Any? {
        guard key == "text" else { return value }
        guard let text = value as? String, !text.isEmpty else { throw Empty() }
        return text.uppercased()
    }

    func validate() throws {
        if stars > 5 { throw TooManyStars() }
    }
}

/// Maps a key that is not a property: its mapping is invalid.
private struct Broken: JSONSerializing, Equatable {
    var id = 0

    static let propertyKeys: PropertyKeys<Broken> = ["id": \.id]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id", "ghost": "ghost"]
}
