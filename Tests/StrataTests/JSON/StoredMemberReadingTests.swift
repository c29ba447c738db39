import Foundation
import Testing

@testable import Strata

/// Strings, integers, Booleans and arrays of `Int` or `Double` read straight into
/// their fields by a model decoded as its object is read.
///
/// Each value, in the exact form of its property's type or in any other form (a
/// number with a fraction or exponent, an integer `Int` cannot hold, a string or
/// Boolean where a number goes, `null`, an array with an element of another type),
/// gives what the same document gives a twin type whose own `validate()` keeps it
/// on the ordered path: the same model, or the same error at the same path. So do
/// struct and class models.
@Suite("Reading scalars and number arrays straight into their fields")
struct StoredMemberReadingTests {
    // MARK: Models

    /// Every type with a straight read, plain and optional.
    struct Fields: JSONSerializing, Equatable {
        var count = 7
        var maybeCount: Int? = 7
        var name = "default"
        var maybeName: String? = "default"
        var flag = false
        var maybeFlag: Bool? = false
        var counts: [Int] = [7]
        var ratios: [Double] = [7.5]

        static let propertyKeys: PropertyKeys<Fields> = [
            "count": \.count, "maybeCount": \.maybeCount, "name": \.name, "maybeName": \.maybeName,
            "flag": \.flag, "maybeFlag": \.maybeFlag, "counts": \.counts, "ratios": \.ratios,
        ]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    }

    /// ``Fields`` with a `validate()` of its own, which keeps it on the ordered path.
    struct OrderedFields: JSONSerializing, Equatable {
        var count = 7
        var maybeCount: Int? = 7
        var name = "default"
        var maybeName: String? = "default"
        var flag = false
        var maybeFlag: Bool? = false
        var counts: [Int] = [7]
        var ratios: [Double] = [7.5]

        static let propertyKeys: PropertyKeys<OrderedFields> = [
            "count": \.count, "maybeCount": \.maybeCount, "name": \.name, "maybeName": \.maybeName,
            "flag": \.flag, "maybeFlag": \.maybeFlag, "counts": \.counts, "ratios": \.ratios,
        ]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

        func validate() throws {}
    }

    /// A class model with the same fields: its fields are stored in the object.
    final class FieldObject: JSONSerializing, @unchecked Sendable {
        // @unchecked: test fixture, written only while one task decodes it.
        var count = 7
        var maybeName: String? = "default"
        var flag = false
        var counts: [Int] = [7]

        init() {}

        static let propertyKeys: PropertyKeys<FieldObject> = [
            "count": \.count, "maybeName": \.maybeName, "flag": \.flag, "counts": \.counts,
        ]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

        var values: [String] { ["\(count)", "\(String(describing: maybeName))", "\(flag)", "\(counts)"] }
    }

    /// ``FieldObject`` on the ordered path.
    final class OrderedFieldObject: JSONSerializing, @unchecked Sendable {
        // @unchecked: test fixture, written only while one task decodes it.
        var count = 7
        var maybeName: String? = "default"
        var flag = false
        var counts: [Int] = [7]

        init() {}

        static let propertyKeys: PropertyKeys<OrderedFieldObject> = [
            "count": \.count, "maybeName": \.maybeName, "flag": \.flag, "counts": \.counts,
        ]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)

        func validate() throws {}

        var values: [String] { ["\(count)", "\(String(describing: maybeName))", "\(flag)", "\(counts)"] }
    }

    // MARK: Values tried

    /// JSON values for each key: its type's exact forms first, then others.
    static let valuesByKey: [String: [String]] = [
        "count": [
            "0", "-0", "42", "-17", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
            "1.0", "1e2", "1.5", "-0.0", "\"3\"", "true", "null", "[]", "{}",
        ],
        "maybeCount": ["5", "-5", "null", "2.0", "1E1", "18446744073709551616", "\"5\"", "false"],
        "name": [#""""#, #""plain""#, #""caf\u00e9""#, #""line\nbreak""#, "\"é\"", "null", "3", "true", "[\"a\"]"],
        "maybeName": [#""x""#, "null", "0", "false"],
        "flag": ["true", "false", "null", "1", "0", "\"true\""],
        "maybeFlag": ["true", "null", "0"],
        "counts": [
            "[]", "[1]", "[1, -2, 3]", "[9223372036854775807]", "[1.0]", "[1.5]", "[null]", "[\"1\"]", "null",
            "[[1]]", "{}",
        ],
        "ratios": ["[]", "[1.5, -2.25]", "[1, 2]", "[0.1, 1e-5, 1.7976931348623157e308]", "[null]", "[true]", "null"],
    ]

    /// What reading `json` gives, twice over after a first read: the model, or the error.
    private static func read<T: JSONSerializing>(_: T.Type, _ json: String) -> Result<T, StrataError> {
        let data = Data(json.utf8)
        _ = try? JSONAdapter.model(of: T.self, from: Data("{}".utf8))
        _ = try? JSONAdapter.model(of: T.self, from: data)
        do {
            return .success(try JSONAdapter.model(of: T.self, from: data))
        } catch let error as StrataError {
            return .failure(error)
        } catch {
            return .failure(StrataError(.typeMismatch, "Not a StrataError: \(error)"))
        }
    }

    /// Requires the two results to be the same model (by `same`) or the same error.
    private static func expectSame<A, B>(
        _ first: Result<A, StrataError>, _ second: Result<B, StrataError>, _ json: String,
        same: (A, B) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        switch (first, second) {
        case (.success(let a), .success(let b)):
            #expect(same(a, b), "\(json): \(a) against \(b)", sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)):
            #expect(a.code == b.code, "\(json)", sourceLocation: sourceLocation)
            #expect(a.path == b.path, "\(json)", sourceLocation: sourceLocation)
            // The twin's name is the type's with "Ordered" in front.
            let twinReason = b.reason.replacingOccurrences(of: "Ordered", with: "")
            #expect(a.reason == twinReason, "\(json)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(json): \(first) against \(second)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Tests

    @Test("The test's struct is read as its object is read, and its twin is not")
    func pathsDiffer() throws {
        _ = try JSONAdapter.model(of: Fields.self, from: Data("{\"count\": 1}".utf8))
        _ = try JSONAdapter.model(of: OrderedFields.self, from: Data("{\"count\": 1}".utf8))
        #expect(JSONAdapter.streamsModels(MappingPlan<Fields>.shared))
        #expect(!JSONAdapter.streamsModels(MappingPlan<OrderedFields>.shared))
    }

    @Test("Each value of each field gives the ordered path's model or error")
    func everyValue() {
        for (key, values) in Self.valuesByKey {
            for value in values {
                let json = "{\"\(key)\": \(value)}"
                Self.expectSame(Self.read(Fields.self, json), Self.read(OrderedFields.self, json), json) {
                    $0.count == $1.count && $0.maybeCount == $1.maybeCount && $0.name == $1.name
                        && $0.maybeName == $1.maybeName && $0.flag == $1.flag && $0.maybeFlag == $1.maybeFlag
                        && $0.counts == $1.counts && $0.ratios == $1.ratios
                }
            }
        }
    }

    @Test("A field read straight and then given again in another form takes the later value")
    func duplicateKeys() {
        for json in [
            #"{"count": 1, "count": 2.0}"#, #"{"count": 1.0, "count": 2}"#, #"{"name": "a", "name": null}"#,
            #"{"maybeName": "a", "maybeName": null}"#, #"{"counts": [1], "counts": [2.0]}"#,
            #"{"maybeFlag": true, "maybeFlag": null, "flag": true}"#,
        ] {
            Self.expectSame(Self.read(Fields.self, json), Self.read(OrderedFields.self, json), json) {
                $0.count == $1.count && $0.name == $1.name && $0.maybeName == $1.maybeName && $0.counts == $1.counts
                    && $0.maybeFlag == $1.maybeFlag && $0.flag == $1.flag
            }
        }
    }

    @Test("A class model's fields are read into the object as the ordered path stores them")
    func classFields() throws {
        let jsons = [
            #"{"count": 3, "maybeName": "x", "flag": true, "counts": [1, 2]}"#,
            #"{"count": 3.0, "maybeName": null, "flag": false, "counts": []}"#,
            #"{"maybeName": 4}"#, #"{"count": "3"}"#, #"{"counts": [1.5]}"#, #"{"flag": 1}"#,
        ]
        for json in jsons {
            Self.expectSame(Self.read(FieldObject.self, json), Self.read(OrderedFieldObject.self, json), json) {
                $0.values == $1.values
            }
        }
        _ = try JSONAdapter.model(of: FieldObject.self, from: Data("{}".utf8))
        #expect(JSONAdapter.streamsModels(MappingPlan<FieldObject>.shared))
    }
}
