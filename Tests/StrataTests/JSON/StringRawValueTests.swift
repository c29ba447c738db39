import Foundation
import Testing
@testable import Strata

/// A `String` enum that is not `CaseIterable`: Strata lists its cases from its
/// metadata (see `EnumCasesTests`), as it would take them from `allCases`.
enum PricePlan: String, Sendable {
    case free, pro
    case enterprise = "Enterprise"
}

/// A hand-written `RawRepresentable` with `String` raw values that accepts any case
/// of its letters, and counts its calls.
struct SupportTier: RawRepresentable, Equatable, Sendable {
    static let calls = AtomicWords(count: 1)
    let rawValue: String

    init?(rawValue: String) {
        Self.calls.addRelaxed(1)
        guard ["gold", "silver"].contains(rawValue.lowercased()) else { return nil }
        self.rawValue = rawValue.lowercased()
    }
}

struct Subscription: JSONSerializing, Equatable {
    var plan = PricePlan.free
    var plans: [PricePlan] = []
    var tier: SupportTier?

    static let propertyKeys: PropertyKeys<Subscription> = ["plan": \.plan, "plans": \.plans, "tier": \.tier]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["plan": "plan", "plans": "plans", "tier": "tier"]
}

// Values of `String` raw-representable types that are not `CaseIterable` (an enum,
// whose cases Strata lists, and a struct, whose values it cannot) read the same from
// data and from a dictionary, with the same errors; a type whose values
// are not listed gets one call of `init(rawValue:)` per value, straight from the
// JSON string.
@Suite("String raw values without a table of cases", .serialized)
struct StringRawValueTests {
    @Test("Cases, in properties and arrays, read the same both ways")
    func cases() throws {
        let model = try decodeEqualBothWays(Subscription.self, #"{"plan": "Enterprise", "plans": ["pro", "free"], "tier": "GOLD"}"#)
        #expect(model == Subscription(plan: .enterprise, plans: [.pro, .free], tier: SupportTier(rawValue: "gold")))
    }

    @Test("A string that names no case fails with the type's name and the path, both ways")
    func unknownCase() throws {
        let failure = strataFailure { try decodeBothWays(Subscription.self, #"{"plans": ["pro", "enterprise"]}"#) }
        #expect(failure?.code == .typeMismatch)
        #expect(failure?.pathDescription == "plans[1]")
        #expect(failure?.reason.contains(#"The string "enterprise" is not a valid PricePlan."#) == true)
        let tier = strataFailure { try decodeBothWays(Subscription.self, #"{"tier": "bronze"}"#) }
        #expect(tier?.reason.contains(#"The string "bronze" is not a valid SupportTier."#) == true)
    }

    @Test("A value of another type is a type mismatch at its path")
    func otherTypes() throws {
        let failure = strataFailure { try decodeBothWays(Subscription.self, #"{"plan": 1}"#) }
        #expect(failure?.code == .typeMismatch)
        #expect(failure?.pathDescription == "plan")
    }

    @Test("init(rawValue:) runs once per value, whether it accepts it or not")
    func oneCallPerValue() throws {
        let before = SupportTier.calls.loadRelaxed()
        _ = try JSONAdapter.model(of: Subscription.self, from: Data(#"{"tier": "Silver"}"#.utf8))
        _ = strataFailure { try JSONAdapter.model(of: Subscription.self, from: Data(#"{"tier": "tin"}"#.utf8)) }
        #expect(SupportTier.calls.loadRelaxed() - before == 2)
    }
}
