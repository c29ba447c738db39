import Foundation
import Testing
@testable import Strata

extension Conformance {
    /// Class clusters that declare the members their `classForParsing(_:)` reads
    /// (`Notice`, see `NoticeModels.swift`): from `Data`, from a dictionary of
    /// natives or of Foundation shapes, and through the archive, each gives the
    /// same model or the same error, and `classForParsing(_:)` is handed the same
    /// dictionaries, of the declared members only, in the same order.
    @Suite("Class clusters every way")
    struct ClusterConformanceTests {
        /// One route's outcome, and the dictionaries `classForParsing(_:)` was handed.
        struct Result: Equatable, CustomStringConvertible {
            let outcome: Outcome
            let handed: [[String: String]]
            var description: String { "\(outcome), handed \(handed)" }
        }

        /// `text` decoded as `M` (or an array of `M` for `.models`) from each source.
        static func everyRoute<M: JSONSerializing>(_: M.Type, _ text: String, _ target: Target) -> [Run<Result>] {
            let data = Data(text.utf8)
            return [Source.data, .dictionary, .foundationDictionary].map { source in
                var outcome = Outcome.otherError("not run")
                let log = NoticeChoices.recording {
                    outcome = Outcome(M.self) {
                        switch (target, source) {
                        case (.model, .data): return [try JSONAdapter.model(of: M.self, from: data)]
                        case (.models, .data): return try JSONAdapter.models(of: M.self, from: data)
                        case (.model, _):
                            let object = try parseWhole(data, source)
                            guard let json = object as? [String: Any] else { throw JSONAdapter.notAnObject(object, for: M.self) }
                            return [try JSONAdapter.model(of: M.self, from: json)]
                        case (.models, _):
                            guard let json = try parseWhole(data, source) as? [Any] else { throw StrataError(.invalidJSON, "no array") }
                            return try JSONAdapter.models(of: M.self, from: json)
                        }
                    }
                }
                return Run("\(source)", Result(outcome: outcome, handed: log.dictionaries))
            }
        }

        /// Expects every route to agree, and every dictionary handed to hold only
        /// declared members; returns the outcome.
        @discardableResult
        static func expectEveryRouteAgrees<M: JSONSerializing>(
            _: M.Type, _ text: String, _ target: Target = .model, sourceLocation: SourceLocation = #_sourceLocation
        ) -> Result {
            let result = expectAgreement(everyRoute(M.self, text, target), text, sourceLocation: sourceLocation)
            for handed in result.handed {
                #expect(Set(handed.keys).isSubset(of: ["kind", "channel"]), "handed \(handed)", sourceLocation: sourceLocation)
            }
            return result
        }

        /// The archive of `notice`, as its own class, read back.
        static func archivedRoundTrip(_ notice: Notice) throws -> Notice {
            func roundTrip<M: SecureCodingModel>(_ model: M) throws -> M {
                try ModelArchiver.unarchivedModel(of: M.self, from: ModelArchiver.archivedData(with: model))
            }
            switch notice {
            case let mention as MentionNotice: return try roundTrip(mention)
            case let follow as FollowNotice: return try roundTrip(follow)
            case let digest as DigestNotice: return try roundTrip(digest)
            default: return try roundTrip(notice)
            }
        }

        @Test(arguments: [
            (#"{"id": 1, "kind": "mention", "text": "hi", "channel": "general"}"#, "MentionNotice"),
            (#"{"text": "late kind", "channel": null, "id": 2, "kind": "mention"}"#, "MentionNotice"),
            (#"{"id": 3, "kind": "follow", "follower": {"login": "ada", "id": 7}, "mutuals": [{"login": "bo", "id": 8}]}"#, "FollowNotice"),
            (#"{"id": 4, "kind": "digest", "summary": {"count": 12}, "extra": [1, {"kind": "mention"}]}"#, "DigestNotice"),
            (#"{"id": 5, "kind": "plain", "text": "not mapped here"}"#, "Notice"),
            (#"{"kind": "follow", "kind": "mention", "text": "the later kind wins"}"#, "MentionNotice"),
            (#"{"\u006bind": "mention", "te\u0078t": "escaped keys"}"#, "MentionNotice"),
        ])
        func clusterDecodesAsTheChosenSubclassEveryWay(_ text: String, _ expectedType: String) throws {
            let result = Self.expectEveryRouteAgrees(Notice.self, text)
            guard case .decoded(let models) = result.outcome else {
                Issue.record("\(text) failed: \(result)")
                return
            }
            #expect(models.first?.hasPrefix("\(expectedType)(") == true, "\(models)")
            #expect(result.handed.count == 1)
            // The archive of the model decoded from data gives it back, as its own class.
            let notice = try JSONAdapter.model(of: Notice.self, from: Data(text.utf8))
            let archived = try Self.archivedRoundTrip(notice)
            #expect(archived.description == notice.description)
            #expect(type(of: archived) == type(of: notice))
        }

        @Test func classForParsingIsHandedOnlyTheDeclaredMembersItHas() throws {
            let text = #"{"id": 1, "extra": {"kind": "x"}, "kind": "mention", "text": "hi", "channel": "c"}"#
            let expected = [["kind": "mention", "channel": "c"]]
            let fromData = try NoticeChoices.recording { _ = try JSONAdapter.model(of: Notice.self, from: Data(text.utf8)) }
            let fromDictionary = try NoticeChoices.recording { _ = try JSONAdapter.model(of: Notice.self, from: jsonObject(text)) }
            let fromAudit = try NoticeChoices.recording { _ = try JSONAdapter.audit(of: Notice.self, from: Data(text.utf8)) }
            #expect(fromData.dictionaries == expected)
            #expect(fromDictionary.dictionaries == expected)
            #expect(fromAudit.dictionaries == expected)
            let absent = try NoticeChoices.recording {
                _ = try JSONAdapter.model(of: Notice.self, from: Data(#"{"kind": "plain", "id": 2}"#.utf8))
            }
            #expect(absent.dictionaries == [["kind": "plain"]])
        }

        @Test(arguments: [
            // A cluster as a property and in an array, of every kind, the one that is not flat among them.
            #"{"title": "t", "pinned": {"kind": "digest", "id": 1, "summary": {"count": 3}}, "items": [{"kind": "mention", "id": 2, "text": "a"}, {"kind": "follow", "id": 3, "follower": {"login": "o", "id": 4}}, {"kind": "plain", "id": 5}, {"kind": "digest", "summary": {"count": 9}}], "count": 4}"#,
            #"{"items": [], "pinned": null}"#,
            #"{"count": 1, "items": [{"kind": "follow", "mutuals": [{"login": "a", "id": 1}, {"login": "b", "id": 2}]}], "title": "order"}"#,
        ])
        func nestedClustersDecodeTheSameEveryWay(_ text: String) {
            let result = Self.expectEveryRouteAgrees(NoticeFeed.self, text)
            guard case .decoded = result.outcome else {
                Issue.record("\(text) failed: \(result)")
                return
            }
            #expect(!result.handed.isEmpty || text.contains("[]"))
        }

        @Test(arguments: [
            // No discriminator, an unknown one, a chosen type that is not a subclass.
            (#"{"items": [{"kind": "mention"}, {"id": 1}]}"#, "items[1]"),
            (#"{"items": [{"kind": "mention"}, {"kind": "plain"}, {"kind": "hexagon", "id": 1}]}"#, "items[2]"),
            (#"{"title": "t", "pinned": {"kind": "owner", "login": "o"}}"#, "pinned"),
            // A value the chosen subclass cannot take.
            (#"{"items": [{"kind": "plain"}, {"kind": "mention", "text": 5}]}"#, "items[1].text"),
            (#"{"pinned": {"kind": "digest", "summary": {"count": "many"}}}"#, "pinned.summary.count"),
            (#"{"pinned": {"kind": "follow", "mutuals": [{"login": "a"}, {"login": 1}]}}"#, "pinned.mutuals[1].login"),
            // Not an object where a notice belongs.
            (#"{"items": [{"kind": "plain"}, null]}"#, "items[1]"),
            (#"{"pinned": [{"kind": "plain"}]}"#, "pinned"),
            // A syntax error after an unknown kind: the document is refused first.
            (#"{"items": [{"kind": "hexagon"}], "title": tru}"#, ""),
            // A syntax error inside a member classForParsing does not read, in a container.
            (#"{"items": [{"kind": "plain", "extra": {"a": [1, 2,]}}]}"#, ""),
            (#"{"items": [{"kind": "plain", "extra": [{"a": tru}]}]}"#, ""),
            (#"{"items": [{"kind": "plain", "extra": {"a": "\q"}}]}"#, ""),
            (#"{"items": [{"kind": "plain", "extra": {"a" 1}}]}"#, ""),
        ])
        func clusterErrorsAreTheSameEveryWay(_ text: String, _ path: String) {
            let result = Self.expectEveryRouteAgrees(NoticeFeed.self, text)
            guard let failure = result.outcome.failure else {
                Issue.record("\(text) decoded: \(result)")
                return
            }
            #expect(failure.pathDescription == path)
            if path.isEmpty { #expect(failure.code == .invalidJSON) }
        }

        @Test func unknownAndUnrelatedChoicesSayWhatToFix() throws {
            let unknown = Self.expectEveryRouteAgrees(NoticeFeed.self, #"{"items": [{"kind": "plain"}, {"kind": "plain"}, {"kind": "hexagon", "id": 3}]}"#)
            #expect(unknown.outcome.failure?.code == .noClassFound)
            #expect(
                unknown.outcome.failure?.reason
                    == "Notice.classForParsing(_:) chose no type for this JSON object (an object with keys kind). "
                    + "Fix the payload, or make classForParsing(_:) return a type for it.")
            #expect(unknown.outcome.failure?.pathDescription == "items[2]")
            #expect(unknown.handed == [["kind": "plain"], ["kind": "plain"], ["kind": "hexagon"]])
            let unrelated = Self.expectEveryRouteAgrees(Notice.self, #"{"kind": "owner", "login": "o"}"#)
            #expect(unrelated.outcome.failure?.reason == "Notice.classForParsing(_:) chose Owner, which is not Notice or a subclass of it.")
            #expect(unrelated.handed == [["kind": "owner"]])
        }

        /// Recoveries around clusters: invalid elements left out and a failing notice
        /// kept at its default, reported the same from data and from a dictionary.
        @Test func recoveriesAroundClustersAreTheSameEveryWay() throws {
            let text = #"""
                {"pinned": {"kind": "hexagon"}, "items": [{"kind": "mention", "text": "a"}, {"kind": "unknown"},
                 {"kind": "digest", "summary": {"count": "x"}}, {"kind": "follow", "follower": {"login": "o", "id": 1}}]}
                """#
            var fromData = JSONDiagnostics()
            var fromDictionary = JSONDiagnostics()
            let dataLog = try NoticeChoices.recording {
                let feed = try JSONAdapter.model(of: TolerantNoticeFeed.self, from: Data(text.utf8), diagnostics: &fromData)
                #expect(feed.pinned == nil)
                #expect(feed.items.map { "\(type(of: $0))" } == ["MentionNotice", "FollowNotice"])
            }
            let dictionaryLog = try NoticeChoices.recording {
                let feed = try JSONAdapter.model(of: TolerantNoticeFeed.self, from: jsonObject(text), diagnostics: &fromDictionary)
                #expect(feed.items.count == 2)
            }
            #expect(fromData.description == fromDictionary.description)
            #expect(fromData.recoveries.filter { $0.action != .absentKey }.map(\.path) == [[.key("pinned")], [.key("items"), .index(1)], [.key("items"), .index(2), .key("summary"), .key("count")]])
            #expect(dataLog.dictionaries == dictionaryLog.dictionaries)
            #expect(dataLog.dictionaries.allSatisfy { Set($0.keys) == ["kind"] })
        }

        /// The model depth limit counts a cluster and the models inside its chosen class.
        @Test func theModelDepthLimitIsTheSameEveryWay() throws {
            let text = #"{"pinned": {"kind": "follow", "follower": {"login": "o", "id": 1}}}"#
            let options = JSONAdapter.DecodingOptions(maximumModelDepth: 1)
            var dataError: StrataError?
            var dictionaryError: StrataError?
            let dataLog = NoticeChoices.recording {
                dataError = #expect(throws: StrataError.self) {
                    try JSONAdapter.model(of: NoticeFeed.self, from: Data(text.utf8), options: options)
                }
            }
            let dictionaryLog = try NoticeChoices.recording {
                let json = try jsonObject(text)
                dictionaryError = #expect(throws: StrataError.self) {
                    try JSONAdapter.model(of: NoticeFeed.self, from: json, options: options)
                }
            }
            // The subclass is chosen before the models inside it reach the limit.
            #expect(dataLog.dictionaries == [["kind": "follow"]])
            #expect(dictionaryLog.dictionaries == [["kind": "follow"]])
            let fromData = try #require(dataError)
            let fromDictionary = try #require(dictionaryError)
            #expect(fromData.code == .nestingTooDeep)
            #expect(Failure(fromData) == Failure(fromDictionary))
            #expect(fromData.pathDescription == "pinned.follower")
            let deepEnough = try JSONAdapter.model(
                of: NoticeFeed.self, from: Data(text.utf8), options: JSONAdapter.DecodingOptions(maximumModelDepth: 2))
            #expect((deepEnough.pinned as? FollowNotice)?.follower.login == "o")
        }

        /// The objects of an array whose declared members are written as those of an
        /// object before them, or almost so: each hands `classForParsing(_:)` its own.
        @Test(arguments: [
            // A declared key twice: the later value wins, whichever was seen before.
            (#"[{"kind": "mention"}, {"kind": "mention", "kind": "follow"}, {"kind": "follow", "kind": "mention"}]"#,
             [["kind": "mention"], ["kind": "follow"], ["kind": "mention"]]),
            // A declared key last, after members of the chosen class.
            (#"[{"id": 1, "text": "a", "kind": "mention"}, {"text": "b", "id": 2, "kind": "mention"}]"#,
             [["kind": "mention"], ["kind": "mention"]]),
            // A declared key missing from an object after one that has it, and back.
            (#"[{"kind": "plain", "channel": "c"}, {"kind": "plain"}, {"channel": "c", "kind": "plain"}]"#,
             [["kind": "plain", "channel": "c"], ["kind": "plain"], ["kind": "plain", "channel": "c"]]),
            // A value that begins with the text of one before it, and one written another way.
            (#"[{"kind": "plain", "channel": 12}, {"kind": "plain", "channel": 123}, {"kind": "plain", "channel": 12.5}, {"kind": "plain", "channel": 12}]"#,
             [["kind": "plain", "channel": "12"], ["kind": "plain", "channel": "123"], ["kind": "plain", "channel": "12.5"], ["kind": "plain", "channel": "12"]]),
            (#"[{"kind": "mention", "channel": "a"}, {"kind": "m\u0065ntion", "channel": "a"}, {"kind": "mention", "channel": "a\u0062"}]"#,
             [["kind": "mention", "channel": "a"], ["kind": "mention", "channel": "a"], ["kind": "mention", "channel": "ab"]]),
            // More kinds of objects than are kept, each coming back.
            (#"[{"kind": "plain", "channel": "1"}, {"kind": "plain", "channel": "2"}, {"kind": "plain", "channel": "3"}, {"kind": "plain", "channel": "4"}, {"kind": "plain", "channel": "5"}, {"kind": "plain", "channel": "1"}, {"kind": "plain", "channel": "5"}, {"kind": "plain", "channel": "2"}]"#,
             ["1", "2", "3", "4", "5", "1", "5", "2"].map { ["kind": "plain", "channel": $0] }),
        ])
        func objectsOfAnArrayEachHandTheirOwnMembersEveryWay(_ elements: String, _ expected: [[String: String]]) {
            let topLevel = Self.expectEveryRouteAgrees(Notice.self, elements, .models)
            #expect(topLevel.handed == expected)
            let nested = Self.expectEveryRouteAgrees(NoticeFeed.self, #"{"items": \#(elements)}"#)
            #expect(nested.handed == expected)
            #expect(topLevel.outcome.failure == nil, "\(topLevel)")
            #expect(nested.outcome.failure == nil, "\(nested)")
        }

        /// The nesting limit counts the containers inside a member `classForParsing(_:)`
        /// does not read.
        @Test func theNestingLimitCountsUnreadMembers() throws {
            let text = #"{"items": [{"kind": "plain", "extra": {"a": [[1], {"b": null}]}}]}"#
            for (depth, fails) in [(5, true), (6, false)] {
                let options = JSONAdapter.DecodingOptions(maximumNestingDepth: depth)
                var error: (any Error)?
                do { _ = try JSONAdapter.model(of: NoticeFeed.self, from: Data(text.utf8), options: options) } catch let thrown { error = thrown }
                #expect((error != nil) == fails, "depth \(depth): \(String(describing: error))")
                if let error { #expect((error as? StrataError)?.code == .invalidJSON, "\(error)") }
            }
        }

        @Test func topLevelArraysOfClustersDecodeTheSameEveryWay() {
            let good = #"[{"kind": "mention", "text": "a"}, {"kind": "digest", "summary": {"count": 2}}, {"kind": "plain", "channel": "c"}]"#
            let decoded = Self.expectEveryRouteAgrees(Notice.self, good, .models)
            #expect(decoded.handed == [["kind": "mention"], ["kind": "digest"], ["kind": "plain", "channel": "c"]])
            let bad = #"[{"kind": "mention"}, {"kind": "plain"}, {"kind": "nope"}, {"kind": "plain"}]"#
            let failed = Self.expectEveryRouteAgrees(Notice.self, bad, .models)
            #expect(failed.outcome.failure?.pathDescription == "[2]")
            // A syntax error after an element that fails: the document is refused. (From data, a
            // top-level array is decoded element by element, any model's hooks running as each is read.)
            let broken = #"[{"kind": "nope"}, {"kind": "plain"}, ]"#
            let outcomes = Self.everyRoute(Notice.self, broken, .models).map { Run($0.label, $0.result.outcome) }
            #expect(expectAgreement(outcomes, broken).isInvalidJSON)
        }
    }
}
