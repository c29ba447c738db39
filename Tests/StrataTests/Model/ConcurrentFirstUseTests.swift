import Foundation
import Testing
@testable import Strata

// Types used by this file only, so that the stress test is their first use: the
// threads race to build their schemas, JSON mappings and archive plans.

private struct StressOwner: JSONSerializing, SecureCodingModel, Equatable {
    var login = ""
    var id = 0
    var homepage: URL? = nil
    var key = UUID(uuidString: "00000000-0000-0000-0000-000000000000") ?? UUID()
    static let propertyKeys: PropertyKeys<StressOwner> = ["login": \.login, "id": \.id, "homepage": \.homepage, "key": \.key]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "login": "login", "id": "id", "homepage": "links.home", "key": "key",
    ]
}

private enum StressLevel: String, Equatable { case low, high }

private struct StressRepo: JSONSerializing, SecureCodingModel, Equatable {
    var name = ""
    var stars = 0
    var ratio = 0.0
    var price = Decimal()
    var level = StressLevel.low
    var created = Date(timeIntervalSinceReferenceDate: 0)
    var owner = StressOwner()
    var members: [StressOwner] = []
    var topics: [String: Int] = [:]
    var note: String? = nil
    static let propertyKeys: PropertyKeys<StressRepo> = [
        "name": \.name, "stars": \.stars, "ratio": \.ratio, "price": \.price, "level": \.level, "created": \.created,
        "owner": \.owner, "members": \.members, "topics": \.topics, "note": \.note,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "name": "name", "stars": "meta.stars", "ratio": "meta.ratio", "price": "price", "level": "level",
        "created": "created_at", "owner": "owner", "members": "members", "topics": "topics", "note": "note",
    ]
    static var requiredPropertyKeys: Set<String> { ["name"] }
    /// A transformer with a `DateFormatter` behind a lock: one more shared object;
    /// and a Foundation-style subclass, registered by name while threads look it up.
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        switch key {
        case "created": return .date(format: "yyyy-MM-dd HH:mm:ss")
        case "name": return ValueTransformer(forName: .stressTrim) ?? StressTrimTransformer()
        default: return nil
        }
    }
}

/// A `ValueTransformer` subclass written the Apple way, shared by every thread.
private final class StressTrimTransformer: ValueTransformer {
    override func transformedValue(_ value: Any?) -> Any? {
        (value as? String)?.trimmingCharacters(in: .whitespaces)
    }
}

extension NSValueTransformerName {
    fileprivate static let stressTrim = NSValueTransformerName("StrataTests.StressTrimTransformer")
}

/// A class cluster: the threads also race on the subclasses' mappings.
private class StressEvent: JSONSerializing, @unchecked Sendable {
    // @unchecked: each instance is used by one thread only.
    typealias KeyPathRoot = StressEvent
    var id = 0
    required init() {}
    class var propertyKeys: PropertyKeys<StressEvent> { ["id": \.id] }
    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id"] }
    class func classForParsing(_ json: [String: Any]) -> (any JSONSerializing.Type)? {
        switch json["type"] as? String {
        case "push": return StressPush.self
        case "star": return StressStar.self
        default: return nil
        }
    }
}

private final class StressPush: StressEvent, @unchecked Sendable {
    var commits: [String] = []
    override class var propertyKeys: PropertyKeys<StressEvent> {
        super.propertyKeys.adding(["commits": \.commits] as PropertyKeys<StressPush>)
    }
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.merging(["commits": "payload.commits"]) { $1 }
    }
}

private final class StressStar: StressEvent, @unchecked Sendable {
    var count = 0
    override class var propertyKeys: PropertyKeys<StressEvent> {
        super.propertyKeys.adding(["count": \.count] as PropertyKeys<StressStar>)
    }
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.merging(["count": "payload.count"]) { $1 }
    }
}

@Suite("Concurrent first use")
struct ConcurrentFirstUseTests {
    /// 8 threads of 40 rounds; `STRATA_STRESS_THREADS` and `STRATA_STRESS_ROUNDS` override them for longer runs.
    static let threadCount = setting("STRATA_STRESS_THREADS") ?? 8
    static let rounds = setting("STRATA_STRESS_ROUNDS") ?? 40

    static func setting(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) }.map { max($0, 1) }
    }

    static func repoJSON(_ index: Int) -> Data {
        Data("""
        {"name": "repo\(index)", "meta": {"stars": \(index), "ratio": 0.\(index)5}, "price": 12.\(index)0,
         "level": "\(index.isMultiple(of: 2) ? "low" : "high")", "created_at": "2024-05-0\(index % 9 + 1) 12:30:0\(index % 10)",
         "owner": {"login": "ada", "id": \(index), "links": {"home": "https://example.org/\(index)"},
                   "key": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"},
         "members": [{"login": "bob", "id": 2}, {"login": "eve", "id": 3, "links": {"home": null}}],
         "topics": {"swift": \(index), "json": 2}, "note": null}
        """.utf8)
    }

    static var events: Data { Data("""
    [{"type": "push", "id": 1, "payload": {"commits": ["a", "b"]}}, {"type": "star", "id": 2, "payload": {"count": 7}}]
    """.utf8) }

    /// One round of everything a thread does: JSON in and out for two model types
    /// and a class cluster, an archive in and out. Returns a failure's description.
    static func round(_ index: Int) -> String? {
        // The name registry, written and read while plans are built.
        ValueTransformer.setValueTransformer(StressTrimTransformer(), forName: .stressTrim)
        guard ValueTransformer(forName: .stressTrim) is StressTrimTransformer else {
            return "round \(index): the registered transformer was not found"
        }
        do {
            let repo = try JSONAdapter.model(of: StressRepo.self, from: repoJSON(index))
            guard repo.owner.id == index, repo.members.count == 2, repo.created != Date(timeIntervalSinceReferenceDate: 0) else {
                return "round \(index): decoded \(repo)"
            }
            let written = try JSONAdapter.data(from: repo)
            let again = try JSONAdapter.model(of: StressRepo.self, from: written)
            guard again == repo else { return "round \(index): JSON round trip gave \(again), not \(repo)" }
            let dictionary = try JSONAdapter.dictionary(from: repo)
            guard try JSONAdapter.model(of: StressRepo.self, from: dictionary) == repo else {
                return "round \(index): dictionary round trip differs"
            }

            let decodedEvents = try JSONAdapter.models(of: StressEvent.self, from: events)
            guard let push = decodedEvents.first as? StressPush, push.commits == ["a", "b"],
                let star = decodedEvents.last as? StressStar, star.count == 7
            else { return "round \(index): events decoded as \(decodedEvents.map { type(of: $0) })" }
            _ = try JSONAdapter.dictionaries(from: decodedEvents)

            let archive = try ModelArchiver.archivedData(with: repo)
            let unarchived = try ModelArchiver.unarchivedModel(of: StressRepo.self, from: archive)
            guard unarchived == repo else { return "round \(index): archive round trip gave \(unarchived), not \(repo)" }
            let owner = try ModelArchiver.unarchivedModel(of: StressOwner.self, from: ModelArchiver.archivedData(with: repo.owner))
            guard owner == repo.owner else { return "round \(index): owner archive round trip differs" }

            // A refused payload on the way: errors are built concurrently too.
            do {
                _ = try JSONAdapter.model(of: StressRepo.self, from: Data(#"{"meta": {"stars": "x"}}"#.utf8))
                return "round \(index): a payload without its required name was accepted"
            } catch let error as StrataError where error.code == .missingRequiredKeys || error.code == .typeMismatch {
            }
            return nil
        } catch {
            return "round \(index): \(error)"
        }
    }

    /// Many threads (not tasks: the cooperative pool may have as few threads as
    /// cores) start at once on types nobody has used, and decode and encode them
    /// while their schemas are being built. Under ThreadSanitizer this is the race
    /// detector's workload; `scripts/sanitizers` runs it so.
    @Test func manyThreadsDecodeAndEncodeFromFirstUse() {
        let failures = Locked<[String]>([])
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for thread in 0..<Self.threadCount {
            done.enter()
            let worker = Thread {
                start.wait()
                for round in 0..<Self.rounds {
                    // Each thread starts at a different point of the cycle of indexes.
                    if let failure = Self.round((thread * 7 + round) % 10) {
                        failures.withLock { $0.append("thread \(thread): \(failure)") }
                    }
                }
                done.leave()
            }
            worker.stackSize = 4 << 20
            worker.start()
        }
        for _ in 0..<Self.threadCount { start.signal() }
        done.wait()
        let reported = failures.withLock { $0 }
        #expect(reported.isEmpty, "\(reported.prefix(5))")
    }
}
