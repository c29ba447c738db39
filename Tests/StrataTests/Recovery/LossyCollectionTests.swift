import Foundation
import Testing
@testable import Strata

@Suite("Lossy collections: elements that fail are left out, and each is reported")
struct LossyCollectionTests {
    @Test("An array of models leaves out the elements that fail, from Data and from a dictionary")
    func arrayOfModels() throws {
        let json = #"{"media": [{"id": 1}, {"id": "two"}, 3, {"id": 4}, null]}"#
        let (post, report) = try decodeReporting(Post.self, json)
        #expect(post.media.map(\.id) == [1, 4])
        #expect(report.count == 3)
        #expect(report.map { $0.components(separatedBy: ":").first ?? "" } == ["media[1].id", "media[2]", "media[4]"])
        #expect(report.allSatisfy { $0.contains(": left out this element: ") })
        // Strict, the same payload fails at the first bad element.
        let error = strataFailure { try decodeBothWays(StrictPost.self, json) }
        #expect(error?.pathDescription == "media[1].id")
    }

    @Test("An array of values leaves out the elements that fail, null ones included")
    func arrayOfValues() throws {
        let json = #"{"links": ["https://a.example", "", 12, null, "https://b.example"]}"#
        let (post, report) = try decodeReporting(Post.self, json)
        #expect(post.links == [URL(string: "https://a.example"), URL(string: "https://b.example")].compactMap { $0 })
        #expect(report.map { $0.components(separatedBy: ":").first ?? "" } == ["links[1]", "links[2]", "links[3]"])
        #expect(strataFailure { try decodeBothWays(StrictPost.self, json) }?.pathDescription == "links[1]")
    }

    @Test("A [String: T] dictionary leaves out the values that fail, reported in key order")
    func dictionaryOfValues() throws {
        let json = #"{"counts": {"b": "x", "a": 1, "d": 2, "c": null}}"#
        let (post, report) = try decodeReporting(Post.self, json)
        #expect(post.counts == ["a": 1, "d": 2])
        #expect(report.map { $0.components(separatedBy: ":").first ?? "" } == ["counts.b", "counts.c"])
    }

    @Test("A set leaves out the elements that fail")
    func setOfValues() throws {
        let (post, report) = try decodeReporting(Post.self, #"{"labels": ["bug", 7, "bug", "ui"]}"#)
        #expect(post.labels == ["bug", "ui"])
        #expect(report.count == 1)
        #expect(report.first?.hasPrefix("labels[1]: left out this element: ") == true)
    }

    @Test("A value that is not a collection at all still fails")
    func notACollection() {
        let error = strataFailure { try decodeBothWays(Post.self, #"{"links": "https://a.example"}"#) }
        #expect(error?.code == .typeMismatch)
        #expect(error?.pathDescription == "links")
    }

    @Test("A nested model's collections follow its own recoveries, not its parent's")
    func nestedModelsAreStrict() throws {
        // media is lossy; each attachment's tags are not: the attachment with a bad tag is left out whole.
        let json = #"{"media": [{"id": 1, "tags": ["a", 2]}, {"id": 2, "tags": ["b"]}]}"#
        let (post, report) = try decodeReporting(Post.self, json)
        #expect(post.media.map(\.id) == [2])
        #expect(report.map { $0.components(separatedBy: ":").first ?? "" } == ["media[0].tags[1]"])
    }

    @Test("Recoveries inside a kept element get its index")
    func recoveriesInsideElements() throws {
        let json = #"{"media": [{"id": 1}, {"id": 2, "url": "not a url"}]}"#
        let (post, report) = try decodeReporting(Post.self, json)
        #expect(post.media.map(\.id) == [1, 2])
        #expect(report.count == 1)
        #expect(report.first?.hasPrefix("media[1].url: kept the default value: ") == true)
    }

    @Test("Named transformers skip too: .models(_:) and .array(of:)")
    func namedTransformers() throws {
        struct Feed: JSONSerializing, Equatable {
            var items: [Attachment] = []
            var homepages: [URL?] = []
            static let propertyKeys: PropertyKeys<Feed> = ["items": \.items, "homepages": \.homepages]
            static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
            static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = [
                "items": .skipsInvalidElements, "homepages": .skipsInvalidElements,
            ]
            static func jsonTransformer(forKey key: String) -> ValueTransformer? {
                switch key {
                case "items": return .models(Attachment.self)
                case "homepages": return .array(of: .url)
                default: return nil
                }
            }
        }
        let json = #"{"items": [{"id": 1}, {"id": []}, null], "homepages": ["https://a.example", "not a url", null]}"#
        let (feed, report) = try decodeReporting(Feed.self, json)
        #expect(feed.items.map(\.id) == [1])
        #expect(feed.homepages == [URL(string: "https://a.example"), nil])
        #expect(report.map { $0.components(separatedBy: ":").first ?? "" } == ["items[1].id", "items[2]", "homepages[1]"])
    }

    @Test("An unknown enum value read as the declared fallback is reported")
    func enumerationFallback() throws {
        enum State: String, Sendable { case open, closed, unknown }
        struct Issue: JSONSerializing, Equatable {
            var state = State.open
            var history: [State] = []
            static let propertyKeys: PropertyKeys<Issue> = ["state": \.state, "history": \.history]
            static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
            static func jsonTransformer(forKey key: String) -> ValueTransformer? {
                switch key {
                case "state": return .enumeration(State.self, unknown: .unknown)
                case "history": return .array(of: .enumeration(State.self, unknown: .unknown))
                default: return nil
                }
            }
        }
        let (issue, report) = try decodeReporting(Issue.self, #"{"state": "merged", "history": ["open", "locked"]}"#)
        // `State` is not `CaseIterable`; its cases are listed from its metadata all the same.
        let known = #"Known values: "open", "closed", "unknown"."#
        #expect(issue.state == .unknown)
        #expect(issue.history == [.open, .unknown])
        #expect(report == [
            "state: read as the unknown case: The string \"merged\" is not a valid State. " + known,
            "history[1]: read as the unknown case: The string \"locked\" is not a valid State. " + known,
        ])
    }

    @Test("Inside JSONDecoder, recoveries apply the same way")
    func codableInterop() throws {
        struct Wrapper: Decodable { let post: Post }
        let json = #"{"post": {"replies": null, "links": [1, "https://a.example"]}}"#
        let wrapper = try JSONDecoder().decode(Wrapper.self, from: Data(json.utf8))
        #expect(wrapper.post.replies == -1)
        #expect(wrapper.post.links == [URL(string: "https://a.example")].compactMap { $0 })
    }
}
