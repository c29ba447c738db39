// An app file in Strata's Apple configuration (compiled by scripts/apple-check):
// it imports Foundation (here with the stand-in for Apple's ValueTransformer) and
// Strata, and uses every predefined transformer by the names the docs give, a
// Mantle-style subclass and a transformer registered by name.
import Foundation
import FoundationStandIn
import Strata

final class LegacyCentsTransformer: ValueTransformer {
    override class func transformedValueClass() -> AnyClass { NSNumber.self }
    override class func allowsReverseTransformation() -> Bool { true }
    override func transformedValue(_ value: Any?) -> Any? { (value as? Int).map { Double($0) / 100 } }
    override func reverseTransformedValue(_ value: Any?) -> Any? { (value as? Double).map { Int($0 * 100) } }
}

final class StrictColorTransformer: ValueTransformer, TransformerErrorHandling {
    override class func allowsReverseTransformation() -> Bool { false }
    func transform(_ value: Any?) throws -> Any? {
        guard let text = value as? String, let rgb = Int(text.dropFirst(), radix: 16) else {
            throw StrataError(.transformerFailed, "Expected a color.")
        }
        return rgb
    }
}

extension NSValueTransformerName {
    static let legacyCents = NSValueTransformerName("LegacyCentsTransformer")
}

enum State: String { case open, closed }

struct Label: JSONSerializing {
    var name = ""
    static let propertyKeys: PropertyKeys<Label> = ["name": \.name]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name"]
}

struct Everything: JSONSerializing {
    var link: URL?
    var id = UUID()
    var created = Date.distantPast
    var seen = Date.distantPast
    var day = Date.distantPast
    var posted = Date.distantPast
    var state = State.open
    var links: [URL] = []
    var label = Label()
    var labels: [Label] = []
    var price = 0.0
    var color = 0
    var shout = ""
    var cents = 0.0
    var payload = Data()

    static let propertyKeys: PropertyKeys<Everything> = [
        "link": \.link, "id": \.id, "created": \.created, "seen": \.seen, "day": \.day, "posted": \.posted,
        "state": \.state,
        "links": \.links, "label": \.label, "labels": \.labels, "price": \.price, "color": \.color,
        "shout": \.shout, "cents": \.cents, "payload": \.payload,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "link": "link", "id": "id", "created": "created", "seen": "seen", "day": "day", "posted": "posted",
        "state": "state",
        "links": "links", "label": "label", "labels": "labels", "price": "price", "color": "color",
        "shout": "shout", "cents": "cents", "payload": "payload",
    ]

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        switch key {
        case "link": return .url
        case "id": return .uuid
        case "created": return .iso8601Date
        case "seen": return .secondsSince1970
        case "day": return .date(format: "yyyy-MM-dd")
        case "posted": return .date(formats: ["yyyy-MM-dd HH:mm", "yyyy-MM-dd"])
        case "state": return .valueMapping(["open": State.open, "closed": .closed])
        case "links": return .array(of: .url)
        case "label": return .model(Label.self)
        case "labels": return .models(Label.self)
        case "price": return ValueTransformer { (text: String) in Double(text) ?? 0 }
        case "color": return StrictColorTransformer()
        case "shout": return ValueTransformer(forward: { ($0 as? String)?.uppercased() }, reverse: { $0 })
        case "cents": return ValueTransformer(forName: .legacyCents) ?? LegacyCentsTransformer()
        case "payload": return ValueTransformer.base64Data.inverted.inverted
        default: return nil
        }
    }
}

/// Key maps generated from the property list.
struct Generated: JSONSerializing {
    var avatarURL: URL?
    var nodeID = ""
    static let propertyKeys: PropertyKeys<Generated> = ["avatarURL": \.avatarURL, "nodeID": \.nodeID]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
        .merging(JSONKeyPath.identity(for: propertyKeys)) { snakeCased, _ in snakeCased }
}

ValueTransformer.setValueTransformer(LegacyCentsTransformer(), forName: .legacyCents)
let names: [NSValueTransformerName] = ValueTransformer.valueTransformerNames()
let model = try JSONAdapter.model(of: Everything.self, from: ["cents": 250])
let json: [String: Any] = try JSONAdapter.dictionary(from: model)
let text = try ValueTransformer.millisecondsSince1970.checkedReverseTransformedValue(Date())
let plain: Any? = ValueTransformer.url.transformedValue("https://example.com")
print(names, json, text ?? "", plain ?? "")
