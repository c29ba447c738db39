import Foundation
import Testing
@testable import Strata

extension Conformance {
    /// `JSONValue`s read straight from JSON data and written straight to it give what
    /// the dictionary route gives: the same values, numbers with the same text, and
    /// the same errors at the same paths.
    @Suite("JSONValue properties")
    struct JSONValueConformanceTests {
        typealias F = Freeform<TagEnd>

        @Test(arguments: [
            // Every form, every kind of value.
            #"{"id": 1, "value": {"a": [1, {"b": null}], "c": {}}, "maybe": [], "list": [1, "s", true, null, {}], "metadata": {"x": [1, 2], "y": "z"}}"#,
            #"{"value": null, "maybe": null, "list": [null], "metadata": {"n": null}}"#,
            #"{"value": "text", "maybe": false, "list": [], "metadata": {}}"#,
            #"{"value": [[[]]], "maybe": {"deep": {"deeper": [{}]}}}"#,
            // Numbers: integers, -0, fractions that are whole, exponents, huge and tiny ones.
            #"{"value": -0, "maybe": 1.0, "list": [1, 1.0, 1e2, 1E+2, -0.0, 0.1, 100], "metadata": {"a": 1.50}}"#,
            #"{"value": 9223372036854775807, "maybe": 9223372036854775808, "list": [18446744073709551615, 18446744073709551616, -9223372036854775809]}"#,
            #"{"value": 123456789012345678901234567890123456789012, "list": [1e400, -1e400, 1e-400, 12345678901234567.5, 0.30000000000000004]}"#,
            #"{"metadata": {"big": 1e1000000000000000, "small": 5e-324, "max": 1.7976931348623157e308, "digits": 3.14159265358979323846264338327950288}}"#,
            // Escapes and Unicode, in keys and strings.
            #"{"metadata": {"tab\tkey": "\u00e9\"\\", "\ud83d\ude00": "\ud83d\ude00 日本", "K": 1, "\u212A": 2, "": ""}}"#,
            #"{"value": {"\/": "\/", "a\u0000b": "\u001f"}}"#,
            // Duplicate keys: the later wins, at every depth.
            #"{"metadata": {"a": 1, "a": 2}, "value": {"k": [1], "k": {"x": 1, "x": null}}}"#,
            #"{"metadata": {"a": 1}, "metadata": {"b": 2}, "value": 1, "value": null}"#,
            // Values of the wrong kind for the collections: errors with their paths.
            #"{"list": {"a": 1}}"#,
            #"{"list": "a"}"#,
            #"{"metadata": [1, 2]}"#,
            #"{"metadata": 1}"#,
            #"{"metadata": null, "list": null}"#,
            #"{"id": "x", "metadata": {"a": 1}}"#,
            // Invalid JSON inside a value: the reader's error, at the same place.
            #"{"value": {"a": 1,}}"#,
            #"{"metadata": {"a": 01}}"#,
            #"{"list": [1, 2"#,
            #"{"value": {"a" 1}}"#,
            #"{"metadata": {"a": "\ud800"}}"#,
            #"{"value": [tru]}"#,
        ])
        func decodesAsFromADictionary(_ document: String) {
            Conformance.decodeEveryWay(.freeform, document)
        }

        @Test func aValueAtTheDepthLimitIsReadAndOneDeeperRefused() {
            let limit = JSONAdapter.DecodingOptions.default.maximumNestingDepth
            for depth in [limit - 2, limit - 1, limit] {
                let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
                Conformance.decodeEveryWay(.freeform, #"{"value": \#(nested)}"#)
            }
        }

        @Test func numbersKeepTheTextTheDictionaryRouteGives() throws {
            let data = Data(#"{"value": 1e2, "maybe": -0, "list": [1.0, 0.1, 12345678901234567890.5, 1e400]}"#.utf8)
            let model = try JSONAdapter.model(of: F.self, from: data)
            #expect(model.value.numberValue?.text == "100.0")
            #expect(model.maybe?.numberValue?.text == "0")
            #expect(model.list.map { $0.numberValue?.text } == ["1.0", "0.1", "12345678901234567890.5", "1e400"])
        }

        @Test(arguments: Conformance.optionSets)
        func writesAsTheDictionaryRouteDoes(_ options: WriteOptions) throws {
            let documents = [
                #"{"id": 1, "value": {"a": [1, {"b": null}], "c": {}}, "maybe": [], "list": [1, "s", true, null, {}], "metadata": {"x": [1, 2], "y": "z"}}"#,
                #"{"value": -0, "maybe": 1.0, "list": [1, 1.0, 1e2, -0.0, 0.1, 1e400, 18446744073709551615, 18446744073709551616], "metadata": {"a": 1.50, "b": 5e-324}}"#,
                #"{"value": null, "maybe": null, "metadata": {"tab\tkey": "\u00e9\"\\/", "\ud83d\ude00": null, "": {"": []}}}"#,
            ]
            for document in documents {
                let model = try JSONAdapter.model(of: F.self, from: Data(document.utf8))
                Conformance.expectSinksAgree(model, padding: [F()], options)
            }
            var made = F()
            made.value = .number(try #require(JSONNumber("1.50")))
            made.maybe = .number(try #require(JSONNumber("-0")))
            made.list = [.number(try #require(JSONNumber("1e2"))), .number(try #require(JSONNumber("-12"))), 0.5]
            made.metadata = ["n": .number(try #require(JSONNumber("123456789012345678901234567890")))]
            Conformance.expectSinksAgree(made, options)
        }

        @Test func aValueTooDeepToWriteIsRefusedWithItsPath() throws {
            var value = JSONValue.null
            for _ in 0..<600 { value = .array([value]) }
            var model = F()
            model.value = value
            let error = try #require(throws: StrataError.self) { try JSONAdapter.data(from: model) }
            #expect(error.code == .unsupportedValue)
            #expect(error.path == [.key("value")])
            #expect(error.reason.contains("nested more than 512 levels deep"))
        }
    }
}
