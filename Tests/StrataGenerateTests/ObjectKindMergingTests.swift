import Foundation
import StrataGeneratorCore
import Testing

@Suite struct ObjectKindMergingTests {
    @Test func objectsWithTheSameKeysAtTwoPlacesAreOneModelOptionalWhereEitherIsNull() throws {
        let source = try generated(#"""
            {"user": {"login": "a", "utc_offset": null, "bio": "x"},
             "retweeted_status": {"user": {"login": "b", "utc_offset": 7200, "bio": null}}}
            """#)
        #expect(source.contains("struct User: JSONSerializing {\n        var login = \"\"\n        var utcOffset: Int?\n        var bio: String?\n"))
        #expect(source.contains("struct RetweetedStatus: JSONSerializing {\n        var user = User()\n"))
        #expect(!source.contains("struct RetweetedStatusUser"))
    }

    @Test func theFirstPlaceInPayloadOrderNamesTheModelAndArraysShareIt() throws {
        let source = try generated(#"{"members": [{"id": 1, "email": null}], "owner": {"id": 2, "email": "a@example.com"}}"#)
        #expect(source.contains("var members: [Member] = []\n"))
        #expect(source.contains("var owner = Member()\n"))
        #expect(source.contains("struct Member: JSONSerializing {\n        var id = 0\n        var email: String?\n"))
        #expect(!source.contains("struct Owner"))
    }

    @Test func objectsInsideMergedModelsMergeEvenWithOtherKeys() throws {
        let source = try generated(#"""
            {"author": {"login": "a", "links": {"home": "https://a.example"}},
             "editor": {"login": "b", "links": {"home": "https://b.example", "blog": "https://b.example/blog"}}}
            """#)
        #expect(source.contains("var editor = Author()\n"))
        #expect(source.contains("struct Links: JSONSerializing {\n        var home: URL?\n        var blog: URL?\n"))
        #expect(!source.contains("EditorLinks"))
        #expect(!source.contains("Links2"))
    }

    @Test func objectsWithOtherKeySetsStayApart() throws {
        let source = try generated(#"{"owner": {"login": "a", "id": 1}, "team": {"login": "b", "id": 2, "slug": "c"}}"#)
        #expect(source.contains("var owner = Owner()\n"))
        #expect(source.contains("var team = Team()\n"))
    }

    @Test func placesThatWouldGiveAKeyAConflictStayApart() throws {
        let source = try generated(#"{"device": {"id": 1, "name": "a"}, "account": {"id": "u-1", "name": "b"}}"#)
        #expect(source.contains("struct Device: JSONSerializing {\n        var id = 0\n"))
        #expect(source.contains("struct Account: JSONSerializing {\n        var id = \"\"\n"))
        #expect(!source.contains("left out"))
        // A conflict inside the objects they hold keeps them apart too.
        let nested = try generated(#"{"a": {"id": 1, "meta": {"v": 1}}, "b": {"id": 2, "meta": {"v": "x"}}}"#)
        #expect(nested.contains("var b = B()\n"))
        #expect(!nested.contains("left out"))
        // So does an object keyed by ids at one place and by names at the other.
        let keyed = try generated(#"{"a": {"m": {"1": 2}}, "b": {"m": {"count": 2}}}"#)
        #expect(keyed.contains("var m: [String: Int] = [:]\n"))
        #expect(keyed.contains("var b = B()\n"))
    }

    @Test func theValuesOfObjectsKeyedByIDsMergeToo() throws {
        let source = try generated(#"{"a": {"scores": {"1": {"x": 1}}}, "b": {"scores": {"2": {"x": null}}}}"#)
        #expect(source.contains("var b = A()\n"))
        #expect(source.contains("var scores: [String: Score] = [:]\n"))
        #expect(source.contains("struct Score: JSONSerializing {\n        var x: Int?\n"))
    }

    @Test func aModelNeverHoldsItself() throws {
        // A list: each `next` has the keys of the one holding it. Merging them would
        // make a struct that contains itself, which Swift cannot lay out.
        let source = try generated(#"{"head": {"value": 1, "next": {"value": 2, "next": {"value": 3, "next": null}}}}"#)
        #expect(source.contains("struct Head: JSONSerializing {\n        var value = 0\n        var next = Next()\n"))
        #expect(source.contains("struct Next: JSONSerializing {\n        var value = 0\n        var next = NextNext()\n"))
        #expect(source.contains("struct NextNext: JSONSerializing {\n        var value = 0\n        var next: JSONValue?"))
    }

    @Test func statusesInsideStatusesStayApartButTheirUsersMerge() throws {
        let source = try generated(#"""
            [{"id": 1, "user": {"id": 7, "url": null}, "retweeted_status": null},
             {"id": 2, "user": {"id": 8, "url": "https://a.example"},
              "retweeted_status": {"id": 3, "user": {"id": 9, "url": null}, "retweeted_status": null}}]
            """#)
        #expect(source.contains("var retweetedStatus: RetweetedStatus?\n"))
        #expect(source.contains("struct RetweetedStatus: JSONSerializing {\n        var id: Int?\n        var user: User?\n"))
        #expect(source.contains("struct User: JSONSerializing {\n        var id = 0\n        var url: URL?\n"))
    }
}
