import Foundation
import Strata

/// What a generated record stands for.
enum RecordKind: String, Codable, Sendable, CaseIterable {
    case order, refund, invoice, payment
}

/// Payload (c): one record of a large array generated at run time (see
/// `RecordGenerator`), for the scaling and peak-memory measurements.
struct Record: Equatable, Sendable {
    var id = 0
    // A fixed default, not `UUID()`: every decode runs the defaults (Strata's `init()`
    // and the synthesised `init(from:)` alike), and on Linux `UUID()` opens, reads
    // and closes /dev/urandom, three system calls per record that would dominate
    // both libraries' time (see Docs/Performance.md, "What makes Strata fast").
    var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var name = ""
    var email: String?
    var score = 0.0
    var active = false
    var tags: [String] = []
    var kind = RecordKind.order
    var createdAt = Date.distantPast
    var homepage: URL?
}

extension Record: JSONSerializing {
    static let propertyKeys: PropertyKeys<Record> = [
        "id": \.id, "uuid": \.uuid, "name": \.name, "email": \.email, "score": \.score, "active": \.active,
        "tags": \.tags, "kind": \.kind, "createdAt": \.createdAt, "homepage": \.homepage,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "uuid": "uuid", "name": "name", "email": "email", "score": "score", "active": "active",
        "tags": "tags", "kind": "kind", "createdAt": "created_at", "homepage": "homepage",
    ]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        key == "createdAt" ? .secondsSince1970 : nil
    }
}

extension Record: Codable {
    enum CodingKeys: String, CodingKey {
        case id, uuid, name, email, score, active, tags, kind, createdAt = "created_at", homepage
    }
}
