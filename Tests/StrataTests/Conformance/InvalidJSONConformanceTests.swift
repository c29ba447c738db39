import Foundation
import Testing
@testable import Strata

extension Conformance {
    /// Syntax errors win over mapping errors, as when the whole document is parsed
    /// first; the same limits apply to every source.
    @Suite("Decoding invalid JSON")
    struct InvalidJSONConformanceTests {
        typealias P = Person<TagEnd>

        @Test(arguments: [
            #"[{"id": "x"}, {"id": 1,}]"#,
            #"[{"id": "x"}, {"id": 1}"#,
            #"[{"id": "x"}, {"id": 1}] x"#,
            #"[{"id": "x"},]"#,
            #"[{"id": "x"}, 5, {"id": 1 "name": "a"}]"#,
            #"[5, {"id": tru}]"#,
            #"[{"id": "x"}, [1, 2,]]"#,
            #"[{"name": null}, {"x": [1, {"y": }]}]"#,
            #"[{"id": "x"} {"id": 1}]"#,
            #"[{"owner": {"login": 1}}, {"owner": {"login": "a",}}]"#,
        ])
        func invalidJSONAfterAFailingElementIsInvalidJSON(_ text: String) throws {
            let failure = try #require(Conformance.decodeEveryWay(.person, text).models.failure)
            #expect(failure.code == .invalidJSON)
            #expect(failure.underlying?.hasPrefix("JSONParsingError: ") == true)
        }

        @Test(arguments: [
            #"{"id": 1, "name": }"#,
            #"{"id": 1 "name": "a"}"#,
            #"{"id": 1,}"#,
            #"{"id": tru}"#,
            #"{"id": "x", "name": nul}"#,
            #"{"x": [1,], "id": 1}"#,
            #"{"x": {"a" 1}, "id": 1}"#,
            #"{"x": {"a": 1,}}"#,
            #"{"x": [1 2]}"#,
            #"{"x": "\q"}"#,
            #"{"x": 01}"#,
            #"{"id": "\ud800"}"#,
            #"{"\ud800": 1}"#,
            #"{id: 1}"#,
            #"{"id" 1}"#,
            #"{"id": 1"#,
            #"{"id": "unterminated}"#,
            #"{"#,
            #"{"id""#,
            #"{"id":"#,
            #"{,}"#,
            #"{"a": 1}}"#,
            "{\"x\": \"tab\tinside\"}",
            "{\"i\u{1}d\": 1}",
            "{\"id\": 1}\u{0}",
            // A syntax error inside a nested model, after a mapping error.
            #"{"owner": {"login": 1, "id": }}"#,
            #"{"owner": {"login": 1}, "owner": {"login": "a",}}"#,
            #"{"id": "x", "owner": {"login": "a"} "name": "n"}"#,
            // Trailing garbage after the object: a mapping error must not hide it.
            #"{"id": 1} x"#,
            #"{"id": "x"} x"#,
            #"{"id": 1}{}"#,
            #"{"id": 1},"#,
            #"{"id": 1}]"#,
            // No document.
            "",
            " ",
            "\u{FEFF}",
            "\n\t",
        ])
        func invalidJSONInOrAfterAnObjectIsInvalidJSON(_ text: String) throws {
            let outcome = Conformance.decodeEveryWay(.person, text)
            let failure = try #require(outcome.model.failure)
            #expect(failure.code == .invalidJSON)
            #expect(failure.underlying?.hasPrefix("JSONParsingError: ") == true)
            #expect(outcome.models.isInvalidJSON)
        }

        @Test func emptyDataIsInvalidJSON() {
            let outcome = Conformance.decodeEveryWay(.person, Data())
            #expect(outcome.model.isInvalidJSON)
            #expect(outcome.models.isInvalidJSON)
        }

        @Test func aByteOrderMarkBeforeTheDocumentIsAccepted() {
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            let one = Data(bom + Array(#" {"id": 5, "name": "bom"}"#.utf8))
            #expect(Conformance.decodeEveryWay(.person, one).model == .value(P(id: 5, name: "bom")))
            let many = Data(bom + Array(#"[{"id": 5}, {"id": 6}]"#.utf8))
            #expect(Conformance.decodeEveryWay(.person, many).models == .values([P(id: 5), P(id: 6)]))
            let empty = Data(bom + Array("[]".utf8))
            #expect(Conformance.decodeEveryWay(.person, empty).models == .values([P]()))
            // Only one BOM, only at the start.
            for bytes in [bom + bom + Array("{}".utf8), Array(" ".utf8) + bom + Array("{}".utf8), Array("{}".utf8) + bom] {
                #expect(Conformance.decodeEveryWay(.person, Data(bytes)).model.isInvalidJSON)
            }
        }

        @Test func aSliceOfLargerDataDecodes() {
            let whole = Data(#"xx{"id": 9, "name": "slice"}yy"#.utf8)
            let slice = whole[whole.startIndex + 2 ..< whole.endIndex - 2]
            #expect(slice.startIndex != 0)
            #expect(Conformance.decodeEveryWay(.person, slice).model == .value(P(id: 9, name: "slice")))
            let arrayWhole = Data(#"xx[{"id": 9}]yy"#.utf8)
            let arraySlice = arrayWhole[arrayWhole.startIndex + 2 ..< arrayWhole.endIndex - 2]
            #expect(Conformance.decodeEveryWay(.person, arraySlice).models == .values([P(id: 9)]))
        }

        // MARK: Nesting depth

        /// `template` with its `%@` replaced by `arrays` nested empty arrays.
        static func nested(arrays: Int, in template: String) -> Data {
            let value = String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays)
            return Data(template.replacingOccurrences(of: "%@", with: value).utf8)
        }

        @Test func theReadersDepthLimitIsTheOneDocumented() {
            #expect(JSONReader.defaultMaximumDepth == 512)
        }

        /// The object is one level; `depth - 1` arrays inside one of its unknown members fill the limit.
        @Test func anUnknownMemberNestedPastTheLimitIsInvalidJSON() throws {
            let limit = JSONReader.defaultMaximumDepth
            let accepted = Self.nested(arrays: limit - 1, in: #"{"id": 1, "deep": %@, "name": "n"}"#)
            let refused = Self.nested(arrays: limit, in: #"{"id": 1, "deep": %@, "name": "n"}"#)
            #expect(throws: Never.self) { try JSONReader.jsonObject(with: accepted) }
            #expect(throws: JSONParsingError.self) { try JSONReader.jsonObject(with: refused) }

            #expect(Conformance.decodeEveryWay(.deep, accepted).model == .value(Deep<TagEnd>(id: 1, name: "n")))
            let failure = try #require(Conformance.decodeEveryWay(.deep, refused).model.failure)
            #expect(failure.code == .invalidJSON)
            let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Deep<TagEnd>.self, from: refused) }
            let parsing = try #require(error.underlyingError as? JSONParsingError)
            #expect(parsing.kind == .maximumDepthExceeded(limit))
        }

        /// The same for a mapped member, whose value is built rather than skipped.
        @Test func aMappedMemberNestedPastTheLimitIsInvalidJSON() {
            let limit = JSONReader.defaultMaximumDepth
            let accepted = Self.nested(arrays: limit - 1, in: #"{"name": %@}"#)
            let refused = Self.nested(arrays: limit, in: #"{"name": %@}"#)
            #expect(Conformance.decodeEveryWay(.deep, accepted).model.failure?.code == .typeMismatch)
            #expect(Conformance.decodeEveryWay(.deep, refused).model.isInvalidJSON)
        }

        /// In an array of models the array and the object are two levels.
        @Test func anElementsMemberNestedPastTheLimitIsInvalidJSON() {
            let limit = JSONReader.defaultMaximumDepth
            // Each template with the levels around its arrays.
            let templates = [(#"[{"id": 1}, {"deep": %@}]"#, 2), (#"[{"id": "x"}, {"deep": %@}]"#, 2), (#"[{"id": 1}, %@]"#, 1)]
            for (template, levels) in templates {
                for (arrays, valid) in [(limit - levels, true), (limit - levels + 1, false)] {
                    let data = Self.nested(arrays: arrays, in: template)
                    #expect(((try? JSONReader.jsonObject(with: data)) != nil) == valid)
                    let outcome = Conformance.decodeEveryWay(.deep, data).models
                    #expect(outcome.isInvalidJSON == !valid, "\(arrays) in \(template)")
                }
            }
            // Objects count as levels too.
            let objects = { (count: Int) in
                Data(("[{\"deep\": " + String(repeating: "{\"a\": ", count: count) + "1" + String(repeating: "}", count: count) + "}]").utf8)
            }
            #expect(Conformance.decodeEveryWay(.deep, objects(limit - 2)).models == .values([Deep<TagEnd>()]))
            #expect(Conformance.decodeEveryWay(.deep, objects(limit - 1)).models.isInvalidJSON)
        }
    }
}
