import Foundation
import Testing
@testable import Strata

/// A `String` enum with implicit raw values, not `CaseIterable`.
private enum Compass: String, Equatable { case north, east, south, west }

/// An `Int` enum: not listed (an imported C enum or an `@objc` one, laid out as
/// its raw value, would have integer raw values too).
private enum Priority: Int, Equatable { case low = 1, normal = 5, high = 9 }

/// One case with a payload: one byte wide (one of `Bool`'s unused values holds
/// `none`), but its cases cannot be listed by number.
private enum Marker: RawRepresentable, Equatable {
    case none
    case flag(Bool)

    init?(rawValue: String) {
        switch rawValue {
        case "none": self = .none
        case "on", "off": self = .flag(rawValue == "on")
        default: return nil
        }
    }

    var rawValue: String {
        switch self {
        case .none: "none"
        case .flag(let on): on ? "on" : "off"
        }
    }
}

/// One case: no storage at all.
private enum Only: String, Equatable { case one }

/// A one-byte struct: not an enum.
private struct Switch: RawRepresentable, Equatable {
    var flag: Bool
    init?(rawValue: String) { flag = rawValue == "on" }
    var rawValue: String { flag ? "on" : "off" }
}

// The cases of enums that are not `CaseIterable`, listed from their metadata:
// the cases in declaration order for an enum with `String` raw values and no
// associated values, `nil` for everything else, which keeps going to `init?(rawValue:)`.
@Suite("Listing an enum's cases")
struct EnumCasesTests {
    @Test("Enums without associated values: every case, in declaration order")
    func fieldlessEnums() {
        #expect(EnumCases.all(of: PricePlan.self) == [.free, .pro, .enterprise])
        #expect(EnumCases.all(of: Compass.self) == [.north, .east, .south, .west])
        #expect(EnumCases.all(of: Suit.self) == Suit.allCases)
        #expect(EnumCases.all(of: Shade.self) == [.light, .dark])
    }

    @Test("Anything else is not listed")
    func others() {
        #expect(EnumCases.all(of: Priority.self) == nil)
        #expect(EnumCases.all(of: Rank.self) == nil)
        #expect(EnumCases.all(of: Marker.self) == nil)
        #expect(EnumCases.all(of: Only.self) == nil)
        #expect(EnumCases.all(of: Switch.self) == nil)
        #expect(EnumCases.all(of: SupportTier.self) == nil)
    }
}

/// A `String` enum, not `CaseIterable`, whose hand-written `init?(rawValue:)` also
/// accepts upper case, and counts its calls in ``calls`` when a task sets it.
enum Shade: String, Sendable {
    /// The counter of the calls made by the task that sets it: another suite lists
    /// `Shade`'s cases at the same time, which calls `init?(rawValue:)` too.
    @TaskLocal static var calls: AtomicWords?
    case light, dark

    init?(rawValue: String) {
        Self.calls?.addRelaxed(1)
        switch rawValue.lowercased() {
        case "light": self = .light
        case "dark": self = .dark
        default: return nil
        }
    }
}

struct Palette: JSONSerializing, Equatable {
    var shade = Shade.light
    var shades: [Shade] = []

    static let propertyKeys: PropertyKeys<Palette> = ["shade": \.shade, "shades": \.shades]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["shade": "shade", "shades": "shades"]
}

// What the listed cases change for a type that is not `CaseIterable`: it reads as a
// `CaseIterable` one does (each case's raw value asked of `init?(rawValue:)` once,
// other strings handed to it), and its errors list the known values.
@Suite("Enums whose cases are listed", .serialized)
struct ListedEnumCaseTests {
    @Test("Cases and other strings init(rawValue:) accepts read the same both ways")
    func reads() throws {
        let palette = try decodeEqualBothWays(Palette.self, #"{"shade": "DARK", "shades": ["dark", "Light", "light"]}"#)
        #expect(palette == Palette(shade: .dark, shades: [.dark, .light, .light]))
    }

    @Test("A case's own raw value does not call init(rawValue:) again; any other string does")
    func callsOnlyForOtherStrings() throws {
        _ = try JSONAdapter.model(of: Palette.self, from: Data(#"{"shade": "dark"}"#.utf8))  // the plan, built once
        let calls = AtomicWords(count: 1)
        try Shade.$calls.withValue(calls) {
            _ = try JSONAdapter.model(of: Palette.self, from: Data(#"{"shade": "dark"}"#.utf8))
            #expect(calls.loadRelaxed() == 0)
            _ = try JSONAdapter.model(of: Palette.self, from: Data(#"{"shade": "Dark"}"#.utf8))
            #expect(calls.loadRelaxed() == 1)
        }
    }

    @Test("An unknown string's error lists the known values, both ways")
    func knownValues() {
        let failure = strataFailure { try decodeBothWays(Subscription.self, #"{"plans": ["pro", "enterprise"]}"#) }
        #expect(failure?.pathDescription == "plans[1]")
        #expect(
            failure?.reason.contains(#"The string "enterprise" is not a valid PricePlan. Known values: "free", "pro", "Enterprise"."#)
                == true)
    }
}
