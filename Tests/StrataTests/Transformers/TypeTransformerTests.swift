import Foundation
import Testing
@testable import Strata

@Suite("Transformers by type")
struct TypeTransformerTests {
    struct Log: JSONSerializing, Equatable {
        var at = Date(timeIntervalSince1970: 0)
        var seen: [Date] = []
        var marks: [Date] = []
        static let propertyKeys: PropertyKeys<Log> = ["at": \.at, "seen": \.seen, "marks": \.marks]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["at": "at", "seen": "seen", "marks": "marks"]
        static func jsonTransformer(forKey key: String) -> ValueTransformer? {
            key == "marks" ? .array(of: .iso8601Date) : nil
        }
        static func jsonTransformer(forType type: Any.Type) -> ValueTransformer? {
            if type == Date.self { return .secondsSince1970 }
            if type == [Date].self { return .array(of: .millisecondsSince1970) }
            return nil
        }
    }

    /// Asked with `Date` alone: arrays of dates are not looked inside.
    struct DatesOnly: JSONSerializing {
        var seen: [Date] = []
        static let propertyKeys: PropertyKeys<DatesOnly> = ["seen": \.seen]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["seen": "seen"]
        static func jsonTransformer(forType type: Any.Type) -> ValueTransformer? {
            type == Date.self ? .secondsSince1970 : nil
        }
    }

    @Test func arraysGetATransformerOnlyWhenAskedForTheArrayType() throws {
        let log = try JSONAdapter.model(
            of: Log.self, from: ["at": 1, "seen": [2000], "marks": ["1970-01-01T00:00:03Z"]])
        #expect(log.at == Date(timeIntervalSince1970: 1))
        #expect(log.seen == [Date(timeIntervalSince1970: 2)])
        #expect(log.marks == [Date(timeIntervalSince1970: 3)])
        let json = try JSONAdapter.dictionary(from: log)
        #expect(json["seen"] as? [Int] == [2000])
        #expect(json["marks"] as? [String] == ["1970-01-01T00:00:03Z"])

        // A [Date] property is not served by a transformer for Date: numbers stay
        // numbers, which a Date array refuses.
        #expect(throws: StrataError.self) { try JSONAdapter.model(of: DatesOnly.self, from: ["seen": [2]]) }
    }

    @Test func theModelIsAskedOncePerPropertyWhenThePlanIsBuilt() throws {
        Counted.asked.withLock { $0 = [] }
        for _ in 0..<3 { _ = try JSONAdapter.model(of: Counted.self, from: ["count": "3", "name": "n"]) }
        #expect(Counted.asked.withLock { $0 }.sorted() == ["Int", "Optional<String>", "String"])
    }

    struct Counted: JSONSerializing {
        static let asked = Locked<[String]>([])
        var count = 0
        var name: String? = nil
        static let propertyKeys: PropertyKeys<Counted> = ["count": \.count, "name": \.name]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["count": "count", "name": "name"]
        static func jsonTransformer(forType type: Any.Type) -> ValueTransformer? {
            asked.withLock { $0.append("\(type)") }
            return type == Int.self ? .lenient : nil
        }
    }

    @Test func lenientOutsideAPropertyPassesValuesThrough() throws {
        #expect(try ValueTransformer.lenient.checkedTransformedValue("42") as? String == "42")
        #expect(try ValueTransformer.lenient.checkedReverseTransformedValue(42) as? Int == 42)
    }

    @Test func lenientDoublesAndDecimalsConvertExactly() throws {
        let double = try PropertyType(Double.self).lenientTransformer.transformedValue("1.5")
        #expect(double as? Double == 1.5)
        let decimal = try PropertyType(Decimal.self).lenientTransformer.transformedValue("0.1")
        #expect(decimal as? Decimal == Decimal(string: "0.1"))
        #expect(throws: StrataError.self) { try PropertyType(UInt8.self).lenientTransformer.transformedValue("256") }
        let url = try PropertyType(URL?.self).lenientTransformer.transformedValue("")
        #expect(url == nil)
        #expect(try PropertyType(String?.self).lenientTransformer.transformedValue("") as? String == "")
    }
}
