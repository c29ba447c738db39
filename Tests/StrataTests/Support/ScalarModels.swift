import Foundation
import Testing
@testable import Strata

// Models holding every scalar type Strata supports, for exact-number checks and
// lossless round trips.

enum Suit: String, CaseIterable, Sendable, Equatable { case hearts, spades }
enum Rank: Int, CaseIterable, Sendable, Equatable { case low = 1, high = 13 }

/// One property per scalar type, each mapped to a JSON key of the same name.
struct Scalars: JSONSerializing, Equatable {
    var bool = false
    var string = ""
    var int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var float: Float = 0
    var double: Double = 0
    var decimal: Decimal = 0
    var url = URL(fileURLWithPath: "/")
    var uuid = UUID(uuidString: "00000000-0000-0000-0000-000000000000") ?? UUID()
    var suit = Suit.hearts
    var rank = Rank.low

    static let propertyKeys: PropertyKeys<Scalars> = [
        "bool": \.bool, "string": \.string, "int": \.int, "int8": \.int8, "int16": \.int16, "int32": \.int32,
        "int64": \.int64, "uint": \.uint, "uint8": \.uint8, "uint16": \.uint16, "uint32": \.uint32,
        "uint64": \.uint64, "float": \.float, "double": \.double, "decimal": \.decimal, "url": \.url,
        "uuid": \.uuid, "suit": \.suit, "rank": \.rank,
    ]
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        Dictionary(uniqueKeysWithValues: propertyKeys.keys.map { ($0, JSONKeyPath($0)) })
    }
}

/// Every supported type at once, including optionals, collections, nested models
/// and a date, for the round-trip tests.
struct Everything: JSONSerializing, Equatable {
    var scalars = Scalars()
    var optionalInt: Int? = nil
    var optionalString: String? = nil
    var optionalURL: URL? = nil
    var optionalSuit: Suit? = nil
    var optionalOwner: Owner? = nil
    var numbers: [Int] = []
    var optionalNumbers: [Int?] = []
    var urls: [URL] = []
    var suits: [Suit] = []
    var owners: [Owner] = []
    var scores: [String: Double] = [:]
    var ownersByTeam: [String: Owner] = [:]
    var ranksByName: [String: Rank] = [:]
    var matrix: [[Int]] = []
    var createdAt = Date(timeIntervalSince1970: 0)
    var updatedAt: Date? = nil

    static let propertyKeys: PropertyKeys<Everything> = [
        "scalars": \.scalars, "optionalInt": \.optionalInt, "optionalString": \.optionalString,
        "optionalURL": \.optionalURL, "optionalSuit": \.optionalSuit, "optionalOwner": \.optionalOwner,
        "numbers": \.numbers, "optionalNumbers": \.optionalNumbers, "urls": \.urls, "suits": \.suits,
        "owners": \.owners, "scores": \.scores, "ownersByTeam": \.ownersByTeam, "ranksByName": \.ranksByName,
        "matrix": \.matrix, "createdAt": \.createdAt, "updatedAt": \.updatedAt,
    ]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "scalars": "scalars", "optionalInt": "optional.int", "optionalString": "optional.string",
        "optionalURL": "optional.url", "optionalSuit": "optional.suit", "optionalOwner": "optional.owner",
        "numbers": "numbers", "optionalNumbers": "optional_numbers", "urls": "urls", "suits": "suits",
        "owners": "owners", "scores": "scores", "ownersByTeam": "owners_by_team", "ranksByName": "ranks_by_name",
        "matrix": "matrix", "createdAt": "dates.created", "updatedAt": "dates.updated",
    ]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        key == "createdAt" || key == "updatedAt" ? .iso8601Date : nil
    }
}

/// Named sample values of ``Everything`` for parameterized round trips.
enum EverythingSample: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case defaults, minimums, maximums, unicode, fractions

    var testDescription: String { rawValue }

    var model: Everything {
        var model = Everything()
        switch self {
        case .defaults:
            break
        case .minimums:
            model.scalars = Scalars(
                bool: false, string: "", int: .min, int8: .min, int16: .min, int32: .min, int64: .min,
                uint: .min, uint8: .min, uint16: .min, uint32: .min, uint64: .min,
                float: -.greatestFiniteMagnitude, double: -.greatestFiniteMagnitude,
                decimal: Decimal(string: "-12345678901234567890.123456789") ?? 0,
                url: URL(string: "https://example.org") ?? model.scalars.url, uuid: UUID(), suit: .hearts, rank: .low)
            model.optionalInt = .min
            model.numbers = [.min, 0]
            model.optionalNumbers = [nil, .min]
            model.createdAt = Date(timeIntervalSince1970: -86_400 * 365)
        case .maximums:
            model.scalars = Scalars(
                bool: true, string: "max", int: .max, int8: .max, int16: .max, int32: .max, int64: .max,
                uint: .max, uint8: .max, uint16: .max, uint32: .max, uint64: .max,
                float: .greatestFiniteMagnitude, double: .greatestFiniteMagnitude,
                decimal: Decimal(string: "98765432109876543210.987654321") ?? 0,
                url: URL(string: "https://example.org/a/b?c=d#e") ?? model.scalars.url, uuid: UUID(),
                suit: .spades, rank: .high)
            model.optionalInt = .max
            model.optionalString = "present"
            model.optionalURL = URL(string: "https://example.org/optional")
            model.optionalSuit = .spades
            model.optionalOwner = Owner(login: "ada", id: .max)
            model.numbers = [.max, 1, 2]
            model.optionalNumbers = [.max, nil]
            model.urls = [URL(string: "https://a.example"), URL(string: "mailto:b@example.org")].compactMap { $0 }
            model.suits = [.spades, .hearts]
            model.owners = [Owner(login: "x", id: 1), Owner(login: "y", id: 2)]
            model.scores = ["a": 1.5, "b": -0.25]
            model.ownersByTeam = ["core": Owner(login: "z", id: 9)]
            model.ranksByName = ["ace": .high, "two": .low]
            model.matrix = [[1, 2], [], [3]]
            model.createdAt = Date(timeIntervalSince1970: 1_714_566_600)
            model.updatedAt = Date(timeIntervalSince1970: 1_714_566_600.5)
        case .unicode:
            model.scalars.string = "Grüße, 世界 👩‍👩‍👧‍👦 \"quoted\" \\ \n\t"
            model.optionalString = "🎉"
            model.owners = [Owner(login: "żółw", id: 0)]
            model.scores = ["π": 3.14159, "ключ": 2]
        case .fractions:
            model.scalars.float = 0.1
            model.scalars.double = 0.1
            model.scalars.decimal = Decimal(string: "0.1") ?? 0
            model.scores = ["tiny": .leastNonzeroMagnitude, "third": 1.0 / 3.0]
        }
        return model
    }
}
