import Foundation
import Testing
@testable import Strata

extension ArchivingTests {
    @Suite struct ArchiveRoundTripTests {
        @Test func everyArchivableTypeComesBackEqual() throws {
            let profile = Profile.sample()
            let data = try ModelArchiver.archivedData(with: profile)
            let back = try ModelArchiver.unarchivedModel(of: Profile.self, from: data)
            #expect(back == profile)
        }

        @Test func datesAsFarAsDistantPastAndDistantFutureRoundTrip() throws {
            var profile = Profile.sample()
            profile.dates = [.distantPast, .distantFuture, Date(timeIntervalSinceReferenceDate: 1e11)]
            let back = try ModelArchiver.unarchivedModel(of: Profile.self, from: ModelArchiver.archivedData(with: profile))
            #expect(back == profile)
        }

        @Test func aDateBeyondWhatCanBeReadBackIsRefusedWhenArchiving() throws {
            var profile = Profile.sample()
            profile.dates = [Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: 2e11)]
            let error = try #require(throws: StrataError.self) { try ModelArchiver.archivedData(with: profile) }
            #expect(error.code == .unsupportedValue)
            #expect(error.description == "dates[1]: The date 200000000000.0 seconds from 2001-01-01 is outside the dates "
                + "Strata archives (±1e11 seconds (about 3,000 years) from 2001-01-01), so it could not be read back.")
        }

        @Test func theDataIsASecureKeyedArchive() throws {
            let data = try ModelArchiver.archivedData(with: Settings(textSize: 14, theme: "dark"))
            let plist = try ArchivePlist(data)
            #expect(plist.top["$archiver"] as? String == "NSKeyedArchiver")
            #expect(plist.classEntries.map(\.name) == ["Strata.ArchivedModel"])
        }

        @Test func scalarsAreWrittenWithTypedCallsNotNumbersObjects() throws {
            // Typed coder calls store scalars inline in the model's object; an NSNumber
            // object (which loses Bool and Int8) would be a separate entry.
            let tag = Tag(name: "n", weight: -3)
            let plist = try ArchivePlist(try ModelArchiver.archivedData(with: tag))
            let object = try #require(plist.objects.compactMap { $0 as? [String: Any] }.first { $0["weight"] != nil })
            #expect((object["weight"] as? NSNumber)?.int64Value == -3)
            #expect(!plist.objects.contains { ($0 as? NSNumber)?.int64Value == -3 })
        }

        @Test func nilValuesReadBackAsNilAndAbsentKeysKeepDefaults() throws {
            var profile = Profile.sample()
            profile.homepage = nil
            profile.nickname = nil
            let data = try ModelArchiver.archivedData(with: profile)
            let plist = try ArchivePlist(data)
            let root = try #require(plist.objects.compactMap { $0 as? [String: Any] }.first { $0["flag"] != nil })
            #expect(root["homepage"] == nil)
            #expect(root["nickname"] == nil)
            let back = try ModelArchiver.unarchivedModel(of: Profile.self, from: data)
            #expect(back.homepage == nil)
            // Marked nil, so nil, not the default "default".
            #expect(back.nickname == nil)
            #expect(back == profile)

            // A key the archive does not know (written before the property was added) keeps its default.
            struct Older: SecureCodingModel {
                var name = "older"
                static let archiveName = "Renamed"
                static let propertyKeys: PropertyKeys<Older> = ["name": \.name]
            }
            struct Newer: SecureCodingModel {
                var name = ""
                var nickname: String? = "default"
                static let archiveName = "Renamed"
                static let propertyKeys: PropertyKeys<Newer> = ["name": \.name, "nickname": \.nickname]
            }
            let newer = try ModelArchiver.unarchivedModel(of: Newer.self, from: ModelArchiver.archivedData(with: Older()))
            #expect(newer.name == "older")
            #expect(newer.nickname == "default")
        }

        @Test func classModelsKeepTheirIdentityWithinOneArchive() throws {
            let shared = Node(name: "shared")
            let root = Node(name: "root")
            root.children = [shared, shared]
            let back = try ModelArchiver.unarchivedModel(of: Node.self, from: ModelArchiver.archivedData(with: root))
            #expect(back.children.map(\.name) == ["shared", "shared"])
            #expect(back.children[0] === back.children[1])
        }

        @Test func cyclesBetweenClassModelsAreRefusedWhenArchiving() throws {
            let root = Node(name: "root")
            let child = Node(name: "child")
            root.children = [child]
            child.children = [root]
            defer { child.children = [] }  // breaks the cycle, which would otherwise leak
            let error = try #require(throws: StrataError.self) { try ModelArchiver.archivedData(with: root) }
            #expect(error.code == .unsupportedValue)
            #expect(error.pathDescription == "children[0].children[0]")
        }
    }
}

extension ArchivingTests {
    /// A class model, for identity and cycles.
    final class Node: SecureCodingModel {
        var name = ""
        var children: [Node] = []
        var parent: Node?
        init() {}
        init(name: String) { self.name = name }

        /// `count` nodes, each the only child of the next, the innermost holding `end`
        /// as its child when given: each node and its children collection are two
        /// levels of the archive.
        static func chain(of count: Int, endingIn end: Node? = nil) -> Node {
            var node = Node(name: "chain")
            if let end { node.children = [end] }
            for _ in 1..<count {
                let parent = Node(name: "chain")
                parent.children = [node]
                node = parent
            }
            return node
        }
        static let propertyKeys: PropertyKeys<Node> = ["name": \.name, "children": \.children, "parent": \.parent]
        static let encodingBehaviorsByPropertyKey: [String: EncodingBehavior] = ["parent": .conditional]
    }
}
