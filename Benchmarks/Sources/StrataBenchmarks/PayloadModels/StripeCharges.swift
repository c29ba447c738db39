import Foundation
import Strata

/// A Stripe-like charge whose `metadata` is free-form JSON kept as `JSONValue`s,
/// generated at run time (see `StripeChargeGenerator`).
struct StripeCharge: Equatable, Sendable, Codable {
    var id = ""
    var object = ""
    var amount = 0
    var amountCaptured = 0
    var currency = ""
    var customer: String?
    var description: String?
    var paid = false
    var status = ""
    var created = 0
    var livemode = false
    var metadata: [String: JSONValue] = [:]

    enum CodingKeys: String, CodingKey {
        case id, object, amount, amountCaptured = "amount_captured", currency, customer, description, paid, status
        case created, livemode, metadata
    }
}

extension StripeCharge: JSONSerializing {
    static let propertyKeys: PropertyKeys<StripeCharge> = [
        "id": \.id, "object": \.object, "amount": \.amount, "amountCaptured": \.amountCaptured,
        "currency": \.currency, "customer": \.customer, "description": \.description, "paid": \.paid,
        "status": \.status, "created": \.created, "livemode": \.livemode, "metadata": \.metadata,
    ]
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
}

/// Writes a JSON array of Stripe-like charges, the same bytes for the same count
/// on every run: each charge's `metadata` holds strings, integers, fractions,
/// Booleans, `null`, arrays and objects.
enum StripeChargeGenerator {
    static let count = 5_000

    static func json(count: Int) -> Data {
        var generator = GeneratedSequence(seed: 0xC4A7)
        var text = "["
        text.reserveCapacity(count * 520)
        let cities = ["Paris", "Zürich", "Berlin", "Lisbon", "Oslo", "Kraków"]
        for index in 0..<count {
            if index > 0 { text += ",\n" }
            let a = generator.next(), b = generator.next()
            let customer = a % 4 == 0 ? "null" : "\"cus_\(String(a % 1_000_000_007, radix: 36))\""
            let description = b % 3 == 0 ? "null" : "\"Order \(index) for \\\"\(cities[Int(b % 6)])\\\"\""
            var metadata = "\"order_id\":\"\(6_735 + index)\",\"items\":\(a % 12)"
            metadata += ",\"ratio\":\(Double(b % 1_000) / 8)"
            if a % 2 == 0 { metadata += ",\"gift\":\(b % 2 == 0)" }
            if b % 5 == 0 { metadata += ",\"note\":null" }
            if a % 3 == 0 { metadata += ",\"tags\":[\"vip\",\"batch-\(b % 50)\",\(a % 7)]" }
            if b % 4 == 1 {
                metadata += ",\"shipping\":{\"city\":\"\(cities[Int(a % 6)])\",\"zip\":\"\(10_000 + b % 89_999)\",\"express\":\(a % 5 == 0)}"
            }
            text += """
                {"id":"ch_\(String(b, radix: 36))","object":"charge","amount":\(a % 100_000),\
                "amount_captured":\(a % 100_000),"currency":"eur","customer":\(customer),\
                "description":\(description),"paid":\(a % 9 != 0),"status":"\(a % 9 == 0 ? "failed" : "succeeded")",\
                "created":\(1_700_000_000 + Int(b % 10_000_000)),"livemode":false,"metadata":{\(metadata)}}
                """
        }
        text += "]"
        return Data(text.utf8)
    }
}

/// A 64-bit linear congruential generator (Knuth's MMIX constants): the same
/// numbers on every run.
struct GeneratedSequence {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 11
    }
}
