import Foundation
import Testing
@testable import Strata

/// Strings, integers and Booleans written as members straight from their fields
/// by `data(from:)`, plain and optional, holding values and `nil`: the bytes the
/// writer gives for the same members of the model's dictionary, in every layout.
@Suite("Writing members straight from their fields")
struct StoredMemberWritingTests {
    /// One property of each type written from its field, plain and optional, with a
    /// string to escape, integers at their limits, and a key too long to be held
    /// quoted (written the general way); values of other types between them.
    struct Scalars: JSONSerializing, Equatable {
        var name = "plain"
        var escaped = "quote \" backslash \\ newline \n tab \t control \u{1} slash / é 🚀"
        var nickname: String? = "nick"
        var count = 0
        var smallest = Int.min
        var largest = Int.max
        var optionalCount: Int?
        var flag = true
        var off = false
        var optionalFlag: Bool? = false
        var ratio = 0.5
        var longKeyed = "long"

        static let propertyKeys: PropertyKeys<Scalars> = [
            "name": \.name, "escaped": \.escaped, "nickname": \.nickname, "count": \.count,
            "smallest": \.smallest, "largest": \.largest, "optionalCount": \.optionalCount,
            "flag": \.flag, "off": \.off, "optionalFlag": \.optionalFlag, "ratio": \.ratio,
            "longKeyed": \.longKeyed,
        ]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "name": "name", "escaped": "escaped", "nickname": "nick_name", "count": "count",
            "smallest": "smallest", "largest": "largest", "optionalCount": "optional_count",
            "flag": "flag", "off": "off", "optionalFlag": "optional_flag", "ratio": "ratio",
            "longKeyed": JSONKeyPath(segments: [String(repeating: "k", count: 31)]),
        ]
    }

    /// A class model with the same kinds of fields, whose fields are inside the object.
    final class Record: JSONSerializing {
        var title = "title"
        var subtitle: String?
        var pages = 12
        var draft: Bool? = true

        static let propertyKeys: PropertyKeys<Record> = [
            "title": \.title, "subtitle": \.subtitle, "pages": \.pages, "draft": \.draft,
        ]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "title": "title", "subtitle": "subtitle", "pages": "pages", "draft": "draft",
        ]
    }

    /// The models written: every optional holding a value, then none.
    static let models: [Scalars] = {
        var empty = Scalars()
        empty.nickname = nil
        empty.optionalFlag = nil
        var full = Scalars()
        full.optionalCount = -42
        full.count = 7
        return [full, empty]
    }()

    static let layouts: [JSONAdapter.OutputFormatting] = [.sortedKeys, [.sortedKeys, .prettyPrinted]]

    /// The writer's options for `formatting`, as `data(from:)` uses them.
    static func writerOptions(_ formatting: JSONAdapter.OutputFormatting) -> JSONWriter.Options {
        var options: JSONWriter.Options = [.sortedKeys, .withoutEscapingSlashes]
        if formatting.contains(.prettyPrinted) { options.insert(.prettyPrinted) }
        return options
    }

    @Test(arguments: layouts, [JSONAdapter.EncodingOptions.default, .omitNulls])
    func membersAreWrittenAsTheWriterWritesTheDictionary(
        _ formatting: JSONAdapter.OutputFormatting, _ options: JSONAdapter.EncodingOptions
    ) throws {
        for model in Self.models {
            let written = try JSONAdapter.data(from: model, options: options, formatting: formatting)
            let dictionary = try JSONAdapter.dictionary(from: model, options: options)
            let expected = try JSONWriter.data(withJSONObject: dictionary, options: Self.writerOptions(formatting))
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
            // With `nil` left out, a property absent from the JSON keeps its default.
            if !options.omitsNulls { #expect(try JSONAdapter.model(of: Scalars.self, from: written) == model) }
        }
    }

    @Test func eachValueIsWrittenAtItsKeyAndNilAsNullOrNothing() throws {
        let empty = Self.models[1]
        let object = try #require(
            JSONSerialization.jsonObject(with: JSONAdapter.data(from: empty)) as? [String: Any])
        #expect(object["name"] as? String == "plain")
        #expect(object["escaped"] as? String == empty.escaped)
        #expect(object["nick_name"] is NSNull)
        #expect(object["optional_count"] is NSNull)
        #expect(object["optional_flag"] is NSNull)
        #expect((object["smallest"] as? NSNumber)?.int64Value == Int64(Int.min))
        #expect((object["largest"] as? NSNumber)?.int64Value == Int64(Int.max))
        #expect(object["flag"] as? Bool == true)
        #expect(object["off"] as? Bool == false)
        #expect(object[String(repeating: "k", count: 31)] as? String == "long")
        let compact = try #require(
            JSONSerialization.jsonObject(with: JSONAdapter.data(from: empty, options: .omitNulls)) as? [String: Any])
        #expect(Set(compact.keys) == Set(object.keys).subtracting(["nick_name", "optional_count", "optional_flag"]))
        // Booleans as `true` and `false`, never as numbers.
        let text = String(decoding: try JSONAdapter.data(from: empty, formatting: .sortedKeys), as: UTF8.self)
        #expect(text.contains("\"flag\":true") && text.contains("\"off\":false") && text.contains("\"count\":0"))
    }

    /// Members in plan order, the first written from its field or not, are separated
    /// by exactly one comma each.
    @Test func membersInPlanOrderAreSeparatedOnce() throws {
        for model in Self.models {
            for options in [JSONAdapter.EncodingOptions.default, .omitNulls] {
                let written = try JSONAdapter.data(from: model, options: options)
                let object = try #require(JSONSerialization.jsonObject(with: written) as? [String: Any])
                let text = String(decoding: written, as: UTF8.self)
                #expect(!text.contains(",,") && !text.contains("{,") && !text.contains(",}"))
                #expect(Set(object.keys) == Set(try JSONAdapter.dictionary(from: model, options: options).keys))
            }
        }
    }

    @Test func aClassModelWritesItsFieldsFromTheObject() throws {
        let record = Record()
        for formatting in Self.layouts {
            for options in [JSONAdapter.EncodingOptions.default, .omitNulls] {
                let written = try JSONAdapter.data(from: record, options: options, formatting: formatting)
                let expected = try JSONWriter.data(
                    withJSONObject: JSONAdapter.dictionary(from: record, options: options),
                    options: Self.writerOptions(formatting))
                #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
            }
        }
        #expect(
            String(decoding: try JSONAdapter.data(from: record, formatting: .sortedKeys), as: UTF8.self)
                == #"{"draft":true,"pages":12,"subtitle":null,"title":"title"}"#)
    }
}
