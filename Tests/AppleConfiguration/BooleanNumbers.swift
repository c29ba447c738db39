// Run by `scripts/apple-check` against Strata's Apple configuration, where
// booleans are told from numbers by their Core Foundation type (`CFBoolean`):
// `true` is not `1`, and `1` is not `true`, in `[String: Any]` values from
// `JSONSerialization` as in JSON read by Strata. Exits non-zero on the first
// rule that does not hold.
import Foundation
import FoundationStandIn
import Strata

struct Flags: JSONSerializing {
    var enabled = false
    var count = 0

    static let propertyKeys: PropertyKeys<Self> = ["enabled": \.enabled, "count": \.count]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["enabled": "enabled", "count": "count"]
}

func dictionary(_ json: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
    guard let dictionary = object as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
    return dictionary
}

var failures = 0
@MainActor func check(_ rule: String, _ holds: Bool) {
    print("\(holds ? "holds" : "FAILS"): \(rule)")
    if !holds { failures += 1 }
}

let good = try JSONAdapter.model(of: Flags.self, from: try dictionary(#"{"enabled": true, "count": 1}"#))
check("true reads as a Bool and 1 as an Int", good.enabled && good.count == 1)
check(
    "1 is not a Bool",
    (try? JSONAdapter.model(of: Flags.self, from: try dictionary(#"{"enabled": 1, "count": 1}"#))) == nil)
check(
    "true is not an Int",
    (try? JSONAdapter.model(of: Flags.self, from: try dictionary(#"{"enabled": true, "count": true}"#))) == nil)
let written = try JSONAdapter.dictionary(from: good)
check("a Bool is written as a boolean", written["enabled"] as? Bool == true && written["count"] as? Int == 1)
let data = try JSONSerialization.data(withJSONObject: try dictionary(#"{"enabled": true, "count": 1}"#))
check("JSONSerialization's booleans read as booleans", (try? JSONAdapter.model(of: Flags.self, from: data))?.enabled == true)

if failures > 0 { exit(1) }
