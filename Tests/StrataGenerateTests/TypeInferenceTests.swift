import Foundation
import StrataGeneratorCore
import Testing

/// The Swift source generated for `json`, named `Root`.
/// The models of `json`; a top-level object is given twice, as two responses that
/// agree, so that its keys are required, as they would be from several samples.
func generated(_ json: String, enums: Bool = false) throws(GeneratorError) -> String {
    let samples = json.hasPrefix("{") ? "[\(json), \(json)]" : json
    return try StrataGenerator.generate(
        samples: [StrataGenerator.Sample(file: "sample.json", data: Data(samples.utf8))],
        options: GeneratorOptions(rootName: "Root", enums: enums))
}

@Suite struct TypeInferenceTests {
    @Test func integersAreIntAndAFractionAnywhereMakesDouble() throws {
        let source = try generated(#"[{"count": 1, "score": 1, "big": 1e3}, {"count": 2, "score": 0.5, "big": 7}]"#)
        #expect(source.contains("var count = 0\n"))
        #expect(source.contains("var score = 0.0\n"))
        #expect(source.contains("var big = 0.0\n"))
    }

    @Test func booleansAndStrings() throws {
        let source = try generated(#"{"admin": false, "login": "octocat"}"#)
        #expect(source.contains("var admin = false\n"))
        #expect(source.contains("var login = \"\"\n"))
    }

    @Test func aModelWithAPropertyThatIsNotOptionalRequiresItsKeys() throws {
        let source = try generated(#"[{"id": 1, "owner": {"login": null}}, {"id": 2, "owner": {"login": null}}]"#)
        #expect(source.contains("struct Root: JSONSerializing {\n    var id = 0\n    var owner = Owner()\n\n    static let requiredKeys: RequiredKeys = .nonOptional\n"))
        #expect(source.contains("struct Owner: JSONSerializing {\n        var login: JSONValue?  // null in every sample: give it its type\n\n        static let jsonKeyPathsByPropertyKey"))
    }

    @Test func aKeyNullOrAbsentInSomeSampleIsOptional() throws {
        let source = try generated(#"[{"a": 1, "b": "x", "c": {"d": 1}}, {"b": null, "c": null}]"#)
        #expect(source.contains("var a: Int?\n"))
        #expect(source.contains("var b: String?\n"))
        #expect(source.contains("var c: C?\n"))
    }

    @Test func nullInEverySampleIsAnOptionalJSONValueWithANote() throws {
        #expect(try generated(#"{"mirror_url": null}"#).contains("var mirrorURL: JSONValue?  // null in every sample: give it its type\n"))
    }

    @Test func absoluteURLsAreURLsAndOtherTextStaysString() throws {
        let source = try generated(#"""
            {"html_url": "https://github.com/octocat", "path": "/repos/octocat", "ssh_url": "git@github.com:octocat/a.git",
             "events_url": "https://api.github.com/users/octocat/events{/privacy}", "blog": "https://example.com/a b"}
            """#)
        #expect(source.contains("var htmlURL: URL?\n"))
        #expect(source.contains("var path = \"\"\n"))
        #expect(source.contains("var sshURL = \"\"\n"))
        #expect(source.contains("var eventsURL = \"\"\n"))
        #expect(source.contains("var blog = \"\"\n"))
    }

    @Test func oneStringThatIsNotAURLMakesTheKeyAString() throws {
        #expect(try generated(#"[{"homepage": "https://a.example"}, {"homepage": ""}]"#).contains("var homepage = \"\"\n"))
    }

    @Test func iso8601DatesWithOrWithoutFractionsAreDates() throws {
        let source = try generated(#"""
            [{"created_at": "2024-05-01T12:30:00Z", "edited_at": "2022-11-18T14:50:02.117+02:00", "day": "2024-05-01"},
             {"created_at": "2024-05-01T12:30:00.5Z", "edited_at": null, "day": "1999-12-31"}]
            """#)
        #expect(source.contains("var createdAt = Date.distantPast\n"))
        #expect(source.contains("var editedAt: Date?\n"))
        #expect(source.contains("var day = Date.distantPast\n"))
        #expect(source.contains(#"case "createdAt", "editedAt": return .iso8601Date"#))
        #expect(source.contains(#"case "day": return .date(format: "yyyy-MM-dd")"#))
    }

    @Test func twitterDatesAreDatesWithTheirFormat() throws {
        let source = try generated(#"""
            [{"created_at": "Sun Aug 31 00:29:15 +0000 2014", "seen": "Sat Feb 16 13:40:25 +0000 2013"},
             {"created_at": "Wed Jan 01 09:05:00 +0000 2020", "seen": null}]
            """#)
        #expect(source.contains("var createdAt = Date.distantPast\n"))
        #expect(source.contains("var seen: Date?\n"))
        #expect(source.contains(#"["createdAt", "seen"].contains(key) ? .date(format: "EEE MMM dd HH:mm:ss Z yyyy") : nil"#))
    }

    @Test func aDateInAFormatThatWouldNotWriteItBackUnchangedStaysAString() throws {
        // Another offset is written back as +0000; a day without its leading zero as 01.
        #expect(try generated(#"{"created_at": "Sun Aug 31 02:29:15 +0200 2014"}"#).contains("var createdAt = \"\"\n"))
        #expect(try generated(#"{"created_at": "Mon Sep 1 00:29:15 +0000 2014"}"#).contains("var createdAt = \"\"\n"))
        // One format for every value of the key, or none.
        #expect(try generated(#"[{"at": "Sun Aug 31 00:29:15 +0000 2014"}, {"at": "2024-05-01T12:30:00Z"}]"#).contains("var at = \"\"\n"))
    }

    @Test func aDateWithoutAnOffsetStaysAString() throws {
        #expect(try generated(#"{"created_at": "2024-05-01T12:30:00"}"#).contains("var createdAt = \"\"\n"))
    }

    @Test func epochNumbersAreDatesWhereTheKeyNameSaysSo() throws {
        let source = try generated(#"""
            {"created_at": 1700000000, "updated_at_ms": 1700000000123, "timestamp": 1700000000.5,
             "expires": 1700000000123, "size_ms": 1700000000123, "duration_ms": 250, "followers": 1700000000}
            """#)
        #expect(source.contains(#"case "createdAt", "timestamp": return .secondsSince1970"#))
        #expect(source.contains(#"case "updatedAtMs", "expires", "sizeMs": return .millisecondsSince1970"#))
        #expect(source.contains("var durationMs = 0\n"))
        #expect(source.contains("var followers = 0\n"))
    }

    @Test func numbersNamedLikeTimestampsAreDatesAlike() throws {
        let source = try generated(#"""
            {"created": 1700000000, "current_period_end": 1702592000, "current_period_start": 1700000000,
             "billing_cycle_anchor": 1700000000, "start_date": 1700000000, "trial_end": 1702592000123,
             "end": 42, "amount_due": 1700000000}
            """#)
        #expect(source.contains(
            #"case "created", "currentPeriodEnd", "currentPeriodStart", "billingCycleAnchor", "startDate": return .secondsSince1970"#))
        #expect(source.contains(#"case "trialEnd": return .millisecondsSince1970"#))
        // Out of a time's range, or a key a time word does not name, stays a number.
        #expect(source.contains("var end = 0\n"))
        #expect(source.contains("var amountDue = 0\n"))
    }

    @Test func uuids() throws {
        #expect(try generated(#"{"id": "5f0c6c3e-1b7a-4d0e-9c8e-2a1f3b4c5d6e"}"#).contains("var id: UUID?\n"))
    }

    @Test func nestedObjectsAreModelsAndArraysOfThemAreNamedSingular() throws {
        let source = try generated(#"""
            {"owner": {"login": "a"}, "labels": [{"name": "bug"}], "categories": [{"slug": "x"}],
             "statuses": [{"state": "ok"}], "media_attachments": [{"type": "image"}]}
            """#)
        #expect(source.contains("var owner = Owner()\n"))
        #expect(source.contains("var labels: [Label] = []\n"))
        #expect(source.contains("var categories: [Category] = []\n"))
        #expect(source.contains("var statuses: [Status] = []\n"))
        #expect(source.contains("var mediaAttachments: [MediaAttachment] = []\n"))
        #expect(source.contains("struct MediaAttachment: JSONSerializing {"))
    }

    @Test func arrayElementsMergeTheirShapes() throws {
        let source = try generated(#"{"labels": [{"name": "bug", "score": 1}, {"name": "docs", "score": 0.5, "description": "d"}]}"#)
        #expect(source.contains("struct Label: JSONSerializing {\n        var name = \"\"\n        var score = 0.0\n        var description: String?\n"))
    }

    @Test func theSameShapeTwiceIsOneModel() throws {
        let source = try generated(#"{"owner": {"login": "a", "id": 1}, "organization": {"login": "b", "id": 2}}"#)
        #expect(source.contains("var organization = Owner()\n"))
        #expect(!source.contains("struct Organization"))
    }

    @Test func aNameTakenByAnotherShapeIsPrefixedWithItsParent() throws {
        let source = try generated(#"{"user": {"login": "a"}, "repo": {"user": {"id": 1}}}"#)
        #expect(source.contains("struct User: JSONSerializing {\n        var login"))
        #expect(source.contains("var user = RepoUser()\n"))
    }

    @Test func anObjectThatNamesItsKindIsNamedAfterItButAListAfterItsKey() throws {
        let source = try generated(#"""
            {"source": {"object": "card", "last4": "4242"}, "refunds": {"object": "list", "url": "/v1/refunds"}}
            """#)
        #expect(source.contains("var source = Card()\n"))
        #expect(source.contains("var refunds = Refunds()\n"))
        #expect(!source.contains("struct Source"))
    }

    @Test func namesFromPathsStartWithTheParentsName() throws {
        let json = #"{"owner": {"login": "a"}, "labels": [{"name": "bug", "owner": {"id": 1}}], "organization": {"login": "b"}}"#
        let source = try StrataGenerator.generate(
            samples: [StrataGenerator.Sample(file: "repo.json", data: Data("[\(json), \(json)]".utf8))],
            options: GeneratorOptions(rootName: "Repo", namesFromPath: true))
        #expect(source.contains("var owner = RepoOwner()\n"))
        #expect(source.contains("var labels: [RepoLabel] = []\n"))
        #expect(source.contains("var owner = RepoLabelOwner()\n"))
        #expect(source.contains("var organization = RepoOwner()\n"))
        #expect(source.contains("//     strata-generate repo.json --name Repo --name-from-path\n"))
    }

    @Test func typeNamesThatWouldHideFoundationTypesArePrefixed() throws {
        let source = try generated(#"{"data": {"id": 1}, "date": {"day": 2}}"#)
        #expect(source.contains("var data = RootData()\n"))
        #expect(source.contains("var date = RootDate()\n"))
    }

    @Test func objectsKeyedByIDsAreDictionaries() throws {
        let source = try generated(#"""
            [{"accounts": {"1": {"name": "a"}, "1093024": {"name": "b"}}, "scores": {}},
             {"accounts": {}, "scores": {"20231114": 3}}]
            """#)
        #expect(source.contains("var accounts: [String: Account] = [:]\n"))
        #expect(source.contains("var scores: [String: Int] = [:]\n"))
    }

    @Test func emptyArraysEverywhereAreJSONValueArraysWithANote() throws {
        #expect(
            try generated(#"{"emojis": []}"#).contains("var emojis: [JSONValue] = []  // empty in every sample: give the elements their type\n"))
    }

    @Test func arraysOfScalarsAndOfDates() throws {
        let source = try generated(#"{"topics": ["a", "b"], "ids": [1, 2.5], "seen_at": ["2024-05-01T12:30:00Z"]}"#)
        #expect(source.contains("var topics: [String] = []\n"))
        #expect(source.contains("var ids: [Double] = []\n"))
        #expect(source.contains("var seenAt: [Date] = []\n"))
        #expect(source.contains(#"key == "seenAt" ? .array(of: .iso8601Date) : nil"#))
    }

    @Test func arraysWithNullElementsHaveOptionalElements() throws {
        let source = try generated(#"""
            [{"scores": [1, null], "peers": [{"name": "a"}, null], "links": ["https://a.example", null],
              "seen_at": [null, "2024-05-01T12:30:00Z"], "grid": [[1, null], null], "slots": [null]},
             {"scores": [2], "peers": [], "links": [], "seen_at": [], "grid": [], "slots": []}]
            """#)
        #expect(source.contains("var scores: [Int?] = []\n"))
        #expect(source.contains("var peers: [Peer?] = []\n"))
        #expect(source.contains("struct Peer: JSONSerializing {"))
        #expect(source.contains("var links: [URL?] = []\n"))
        #expect(source.contains("var seenAt: [Date?] = []\n"))
        #expect(source.contains(#"key == "seenAt" ? .array(of: .iso8601Date) : nil"#))
        #expect(source.contains("var grid: [[Int?]?] = []\n"))
        #expect(source.contains("var slots: [JSONValue] = []  // elements null in every sample: give them their type\n"))
        #expect(!source.contains("left out"))
    }

    // The limit counts from the test's start, including time spent waiting for a
    // thread while the other tests run: under ThreadSanitizer on two cores that
    // wait reached 92 s for a body that takes milliseconds. Exponential work at this
    // depth never ends, so a limit of minutes still tells the two apart.
    @Test(.timeLimit(.minutes(10)))
    func deepNestingCostsInProportionToTheSample() throws {
        // Each object was observed once more for every object around it (for the
        // values of objects keyed by ids): 2^40 times here, in effect forever.
        let depth = 40
        let json = String(repeating: #"{"id": 1, "child": "#, count: depth) + "null" + String(repeating: "}", count: depth)
        let source = try generated(json)
        #expect(source.components(separatedBy: ": JSONSerializing {").count - 1 == depth)
    }

    @Test func keysWhoseSamplesDisagreeAreLeftOutWithAComment() throws {
        let source = try generated(#"[{"id": 1, "value": 2}, {"id": "x", "value": 3}]"#)
        #expect(source.contains("    // \"id\" is left out: the samples give it a number and a string. Map it by hand.\n"))
        #expect(!source.contains("\"id\": \\.id"))
        #expect(source.contains("var value = 0\n"))
    }

    @Test func stringsWithFewValuesAreEnumsWithTheOption() throws {
        let json = #"[{"state": "open", "kind": "in_progress"}, {"state": "closed", "kind": "done"}, {"state": "open", "kind": "public"}, {"state": "open", "kind": "done"}]"#
        let source = try generated(json, enums: true)
        #expect(source.contains("var state = State.open\n"))
        #expect(source.contains("enum State: String, CaseIterable {\n        case open\n        case closed\n    }"))
        #expect(source.contains("enum Kind: String, CaseIterable {\n        case inProgress = \"in_progress\"\n        case done\n        case `public`\n    }"))
        #expect(try !generated(json).contains("enum "))
    }

    @Test func stringsSeenOnceEachOrWithManyValuesAreNotEnums() throws {
        #expect(try !generated(#"[{"login": "a"}, {"login": "b"}]"#, enums: true).contains("enum "))
        let many = (0..<8).map { #"{"tag": "t\#($0 % 7)"}"# }.joined(separator: ",")
        #expect(try !generated("[\(many)]", enums: true).contains("enum "))
    }

    @Test func aCamelCasePayloadStartsFromTheIdentityMap() throws {
        let source = try generated(#"{"displayName": "a", "avatarUrl": "https://a.example/x.png", "id": 1}"#)
        #expect(source.contains("static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)\n"))
        #expect(source.contains("var avatarUrl: URL?\n"))
    }
}

@Suite struct TopLevelErrorTests {
    func error(_ json: String) -> GeneratorError? {
        do {
            _ = try generated(json)
            return nil
        } catch {
            return error
        }
    }

    @Test func anEmptyArray() {
        #expect(error("[]")?.code == .emptyArray)
        #expect(error("[]")?.description == "sample.json: The top-level array is empty: give a sample with at least one object in it.")
    }

    @Test(arguments: [
        ("42", "a number"), ("\"text\"", "a string"), ("true", "a boolean"), ("null", "null"),
    ])
    func aScalar(_ json: String, _ kind: String) {
        #expect(error(json)?.code == .topLevelScalar)
        #expect(error(json)?.description == "sample.json: The top level is \(kind), not an object: give an object, or an array of objects.")
    }

    @Test func anArrayElementThatIsNotAnObject() {
        #expect(error(#"[{"a": 1}, [2]]"#)?.description
            == "sample.json: Element 1 of the top-level array is an array, not an object: every element must be an object.")
    }

    @Test func textThatIsNotJSONNamesTheFileLineAndColumn() {
        #expect(error("{\n  \"a\": 1\n  \"b\": 2\n}")?.description
            == "sample.json:3:3: Expected ',' or '}' after the value of \"a\", found '\"'.")
    }
}
