import StrataGeneratorCore
import Testing

@Suite struct SwiftNamingTests {
    @Test(arguments: [
        ("html_url", "htmlURL"), ("node_id", "nodeID"), ("gravatar_id", "gravatarID"), ("id", "id"),
        ("stargazers_count", "stargazersCount"), ("FULL_NAME", "fullName"), ("user-agent", "userAgent"),
        ("+1", "plus1"), ("-1", "minus1"), ("2fa", "_2fa"), ("@type", "atType"), ("meta.version", "metaVersion"),
        ("avatarUrl", "avatarURL"), ("default", "default"), ("名前", "名前"), ("???", "key"),
    ])
    func propertyNames(_ key: String, _ name: String) {
        #expect(SwiftNaming.propertyCandidates(forKey: key).first == name)
    }

    @Test func everyCandidateIsAnIdentifier() {
        for key in ["+1", "2fa", "a b", "x.y.z", "ÄÖ", "_private", "1", "__", "a-1-b"] {
            for candidate in SwiftNaming.propertyCandidates(forKey: key) {
                #expect(SwiftNaming.isPlainIdentifier(candidate), "\(key) → \(candidate)")
            }
        }
    }

    @Test func keywordsAreDeclaredInBackticks() {
        #expect(SwiftNaming.declarationName("default") == "`default`")
        #expect(SwiftNaming.declarationName("class") == "`class`")
        #expect(SwiftNaming.declarationName("self") == "`self`")
        #expect(SwiftNaming.declarationName("type") == "type")
    }

    @Test(arguments: [
        ("labels", "label"), ("categories", "category"), ("statuses", "status"), ("status", "status"),
        ("addresses", "address"), ("emojis", "emoji"), ("boxes", "box"), ("people", "person"), ("analysis", "analysis"),
        ("media", "media"), ("news", "new"),
    ])
    func singulars(_ plural: String, _ singular: String) {
        #expect(SwiftNaming.singular(plural) == singular)
    }

    @Test func typeNames() {
        #expect(SwiftNaming.typeName(forKey: "media_attachments", singular: true) == "MediaAttachment")
        #expect(SwiftNaming.typeName(forKey: "api_info", singular: false) == "APIInfo")
        #expect(SwiftNaming.typeName(forKey: "2fa", singular: false) == nil)
    }

    /// The generator asks Strata's own rule, so a name it leaves without an override maps back to its key.
    @Test func keyRulesAreStrataRules() {
        #expect(KeyRule.snakeCased.jsonKey(forPropertyKey: "avatarURL") == "avatar_url")
        #expect(KeyRule.snakeCased.jsonKey(forPropertyKey: "userID2FA") == "user_id2fa")
        #expect(KeyRule.snakeCased.jsonKey(forPropertyKey: "htmlURLID") == "html_urlid")
        #expect(KeyRule.identity.jsonKey(forPropertyKey: "avatarURL") == "avatarURL")
    }

    @Test func twoAcronymsInARowFallBackToPlainCamelCaseWithoutAnOverride() throws {
        let source = try generated(#"{"html_url_id": 1}"#)
        #expect(source.contains("var htmlUrlId = 0\n"))
        #expect(source.contains("JSONKeyPath.snakeCased(for: propertyKeys)\n}"))
    }

    @Test func keysThatAreNotIdentifiersGetANameAndAnOverride() throws {
        let source = try generated(#"{"+1": 1, "2fa": true, "meta.version": "3", "self": "a", "userID": 2}"#)
        #expect(source.contains("var plus1 = 0\n"))
        #expect(source.contains("var _2fa = false\n"))
        #expect(source.contains("var `self` = \"\"\n"))
        #expect(!source.contains("propertyKeys: PropertyKeys"))
        // Three overrides from the identity map against four from snake case (userID → user_id).
        #expect(source.contains("""
                static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
                    .merging(["plus1": "+1", "_2fa": "2fa", "metaVersion": JSONKeyPath(segments: ["meta.version"])]) { $1 }
            """))
    }

    @Test func twoKeysGivingOneNameAreNumbered() throws {
        let source = try generated(#"{"user_id": 1, "userId": 2}"#)
        #expect(source.contains("var userID = 0\n"))
        #expect(source.contains("var userId = 0\n"))
        #expect(source.contains(#".merging(["userId": "userId"]) { $1 }"#))
    }
}
