import Foundation
import Testing
@testable import Strata

@Suite("Predefined transformers")
struct PredefinedTransformerTests {
    // MARK: URL and UUID

    @Test func urlGoesBothWays() throws {
        let url = try #require(try ValueTransformer.url.checkedTransformedValue("https://example.org/a?b=c") as? URL)
        #expect(url == URL(string: "https://example.org/a?b=c"))
        #expect(try ValueTransformer.url.checkedReverseTransformedValue(url) as? String == "https://example.org/a?b=c")
    }

    @Test(arguments: ["", "http://exa mple.org"])
    func urlRefusesTextThatIsNotAURL(_ text: String) throws {
        let error = try #require(throws: StrataError.self) { try ValueTransformer.url.checkedTransformedValue(text) }
        #expect(error.code == .transformerFailed)
    }

    @Test func uuidGoesBothWaysInUpperCase() throws {
        let text = "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
        let uuid = try #require(try ValueTransformer.uuid.checkedTransformedValue(text) as? UUID)
        #expect(try ValueTransformer.uuid.checkedReverseTransformedValue(uuid) as? String == text.uppercased())
        #expect(throws: StrataError.self) { try ValueTransformer.uuid.checkedTransformedValue("e621e1f8") }
    }

    // MARK: Dates

    @Test(arguments: [
        ("2024-05-01T12:30:00Z", 1_714_566_600.0),
        ("2024-05-01T14:30:00+02:00", 1_714_566_600.0),
        ("2024-05-01T12:30:00.250Z", 1_714_566_600.25),
    ])
    func iso8601DateParses(_ text: String, seconds: Double) throws {
        let date = try #require(try ValueTransformer.iso8601Date.checkedTransformedValue(text) as? Date)
        #expect(date.timeIntervalSince1970 == seconds)
    }

    @Test func iso8601DateWritesUTCWithAFractionOnlyWhenNeeded() throws {
        let whole = Date(timeIntervalSince1970: 1_714_566_600)
        #expect(try ValueTransformer.iso8601Date.checkedReverseTransformedValue(whole) as? String == "2024-05-01T12:30:00Z")
        let fraction = Date(timeIntervalSince1970: 1_714_566_600.5)
        #expect(try ValueTransformer.iso8601Date.checkedReverseTransformedValue(fraction) as? String == "2024-05-01T12:30:00.5Z")
        #expect(throws: StrataError.self) { try ValueTransformer.iso8601Date.checkedTransformedValue("01/05/2024") }
    }

    @Test func dateFormatDefaultsToPOSIXAndUTC() throws {
        let twitter = ValueTransformer.date(format: "EEE MMM dd HH:mm:ss Z yyyy")
        let date = try #require(try twitter.checkedTransformedValue("Wed May 01 12:30:00 +0000 2024") as? Date)
        #expect(date.timeIntervalSince1970 == 1_714_566_600)
        let day = ValueTransformer.date(format: "yyyy-MM-dd HH:mm")
        #expect(try day.checkedReverseTransformedValue(date) as? String == "2024-05-01 12:30")
        #expect((try day.checkedTransformedValue("2024-05-01 12:30") as? Date) == date)
        let error = try #require(throws: StrataError.self) { try day.checkedTransformedValue("May 1") }
        #expect(error.reason == "Expected a date in the format \"yyyy-MM-dd HH:mm\", found the string \"May 1\".")
    }

    @Test func dateFormatHonoursAnExplicitTimeZone() throws {
        let zone = try #require(TimeZone(secondsFromGMT: 3600))
        let local = ValueTransformer.date(format: "yyyy-MM-dd HH:mm", timeZone: zone)
        let date = try #require(try local.checkedTransformedValue("2024-05-01 13:30") as? Date)
        #expect(date.timeIntervalSince1970 == 1_714_566_600)
    }

    @Test func secondsAndMillisecondsSince1970() throws {
        let date = Date(timeIntervalSince1970: 1_714_566_600)
        #expect(try ValueTransformer.secondsSince1970.checkedTransformedValue(1_714_566_600) as? Date == date)
        #expect(try ValueTransformer.millisecondsSince1970.checkedTransformedValue(1_714_566_600_000) as? Date == date)
        #expect(try ValueTransformer.millisecondsSince1970.checkedReverseTransformedValue(date) as? Int == 1_714_566_600_000)
    }

    struct Event: JSONSerializing, Equatable {
        var created = Date.distantPast
        var updated = Date.distantPast
        static let propertyKeys: PropertyKeys<Event> = ["created": \.created, "updated": \.updated]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
        static func jsonTransformer(forKey key: String) -> ValueTransformer? {
            key == "created" ? .secondsSince1970 : .millisecondsSince1970
        }
    }

    @Test func timestampsAreWrittenAsIntegersWhenWhole() throws {
        let whole = Event(created: Date(timeIntervalSince1970: 1_557_995_166), updated: Date(timeIntervalSince1970: 1_557_995_166.25))
        let data = try JSONAdapter.data(from: whole, formatting: .sortedKeys)
        #expect(String(decoding: data, as: UTF8.self) == #"{"created":1557995166,"updated":1557995166250}"#)
        #expect(try JSONAdapter.model(of: Event.self, from: data) == whole)
    }

    @Test(arguments: [
        ("created", "seconds", "1714566600", #""x""#, #"the string "x""#),
        ("updated", "milliseconds", "1714566600000", "true", "the boolean true"),
    ])
    func aTimestampOfTheWrongTypeNamesTheDateThePropertyAndTheFix(
        key: String, unit: String, example: String, json: String, found: String
    ) throws {
        let payload = #"{"\#(key)": \#(json)}"#
        let dictionary = try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any])
        for error in [
            try #require(throws: StrataError.self) { try JSONAdapter.model(of: Event.self, from: Data(payload.utf8)) },
            try #require(throws: StrataError.self) { try JSONAdapter.model(of: Event.self, from: dictionary) },
        ] {
            #expect(error.code == .typeMismatch)
            #expect(
                error.description
                    == "\(key): Expected a date as a number of \(unit) since 1970 (such as \(example)) for '\(key)' of Event, "
                    + "found \(found). Fix the payload, or give '\(key)' a transformer that reads this value.")
        }
    }

    @Test func secondsBetweenTwoWholeSecondsKeepTheirFraction() throws {
        let event = Event(created: Date(timeIntervalSince1970: 1_557_995_166.25), updated: Date(timeIntervalSince1970: -1.5))
        let dictionary = try JSONAdapter.dictionary(from: event)
        #expect(dictionary["created"] as? Double == 1_557_995_166.25)
        #expect(dictionary["updated"] as? Int == -1_500)
        #expect(try JSONAdapter.model(of: Event.self, from: dictionary) == event)
    }

    @Test func base64Data() throws {
        #expect(try ValueTransformer.base64Data.checkedTransformedValue("AQID") as? Data == Data([1, 2, 3]))
        #expect(try ValueTransformer.base64Data.checkedReverseTransformedValue(Data([1, 2, 3])) as? String == "AQID")
        #expect(throws: StrataError.self) { try ValueTransformer.base64Data.checkedTransformedValue("%%%") }
    }

    // MARK: Numbers

    @Test func numberStyleParsesTextIntoExactProperties() throws {
        struct Price: JSONSerializing {
            var amount: Decimal = 0
            var count = 0
            static let propertyKeys: PropertyKeys<Price> = ["amount": \.amount, "count": \.count]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["amount": "amount", "count": "count"]
            static func jsonTransformer(forKey key: String) -> ValueTransformer? { .number(style: .decimal) }
        }
        let price = try JSONAdapter.model(of: Price.self, from: ["amount": "1,234.5", "count": "1,000"])
        #expect(price.amount == Decimal(string: "1234.5"))
        #expect(price.count == 1000)
        let fraction = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Price.self, from: ["count": "1.5"])
        }
        #expect(fraction.code == .typeMismatch)
        #expect(throws: StrataError.self) { try JSONAdapter.model(of: Price.self, from: ["count": "many"]) }
        let json = try JSONAdapter.dictionary(from: price)
        #expect(json["amount"] as? String == "1,234.5")
        #expect(json["count"] as? String == "1,000")
    }

    @Test func numberReverseRefusesBooleans() throws {
        #expect(throws: StrataError.self) { try ValueTransformer.number().checkedReverseTransformedValue(true) }
    }

    // MARK: Value mapping

    enum State: Hashable, Sendable { case open, closed, unknown }

    @Test func valueMappingGoesBothWays() throws {
        let mapping = ValueTransformer.valueMapping(["open": State.open, "closed": .closed])
        #expect(try mapping.checkedTransformedValue("open") as? State == .open)
        #expect(try mapping.checkedReverseTransformedValue(State.closed) as? String == "closed")
        let error = try #require(throws: StrataError.self) { try mapping.checkedTransformedValue("draft") }
        #expect(error.reason == "The string \"draft\" is not one of the mapped values (closed, open).")
        #expect(throws: StrataError.self) { try mapping.checkedReverseTransformedValue(State.unknown) }
    }

    @Test func valueMappingDefaultAndReverseDefault() throws {
        let mapping = ValueTransformer.valueMapping(
            ["open": State.open, "closed": .closed], default: .unknown, reverseDefault: "other")
        #expect(try mapping.checkedTransformedValue("draft") as? State == .unknown)
        #expect(try mapping.checkedReverseTransformedValue(State.unknown) as? String == "other")
    }

    @Test func valueMappingFromNumbersKeepsBooleansApart() throws {
        let mapping = ValueTransformer.valueMapping([0: State.closed, 1: .open])
        #expect(try mapping.checkedTransformedValue(NSNumber(value: 1)) as? State == .open)
        #expect(throws: StrataError.self) { try mapping.checkedTransformedValue(true) }
    }

    // MARK: Arrays and models

    @Test func arrayOfAppliesTheElementTransformerAndPassesNullAsNil() throws {
        let urls = ValueTransformer.array(of: .url)
        let values = try #require(try urls.checkedTransformedValue(["https://a.example", NSNull()]) as? [Any?])
        #expect(values.count == 2)
        #expect(values[0] as? URL == URL(string: "https://a.example"))
        #expect(values[1] == nil)
        let back = try #require(try urls.checkedReverseTransformedValue(values) as? [Any])
        #expect(back[0] as? String == "https://a.example")
        #expect(back[1] is NSNull)
        let error = try #require(throws: StrataError.self) { try urls.checkedTransformedValue(["https://a.example", ""]) }
        #expect(error.pathDescription == "[1]")
    }

    @Test func arrayOfTransformerWithAnArrayProperty() throws {
        struct Links: JSONSerializing {
            var links: [URL?] = []
            static let propertyKeys: PropertyKeys<Links> = ["links": \.links]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["links": "links"]
            static func jsonTransformer(forKey key: String) -> ValueTransformer? { .array(of: .url) }
        }
        let links = try JSONAdapter.model(of: Links.self, from: try jsonObject(#"{"links": ["https://a.example", null]}"#))
        #expect(links.links == [URL(string: "https://a.example"), nil])
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Links.self, from: ["links": ["https://a.example", 3]])
        }
        #expect(error.pathDescription == "links[1]")
    }

    @Test func arrayOfAOneWayTransformerIsOneWay() throws {
        let lowercased = ValueTransformer(forward: { ($0 as? String)?.lowercased() })
        let array = ValueTransformer.array(of: lowercased)
        #expect(!type(of: array).allowsReverseTransformation())
        #expect(try array.checkedTransformedValue(["A", "B"]) as? [String?] == ["a", "b"])
        let error = try #require(throws: StrataError.self) { try array.checkedReverseTransformedValue(["a"]) }
        #expect(error.code == .unsupportedValue)
        #expect(error.path.isEmpty)
        #expect(type(of: ValueTransformer.array(of: .url)).allowsReverseTransformation())
        #expect(!type(of: ValueTransformer.array(of: .array(of: lowercased))).allowsReverseTransformation())
    }

    @Test func aModelWithAnArrayOfAOneWayTransformerCannotBeWrittenEvenEmpty() throws {
        struct Labels: JSONSerializing {
            var labels: [String] = []
            static let propertyKeys: PropertyKeys<Labels> = ["labels": \.labels]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["labels": "labels"]
            static func jsonTransformer(forKey key: String) -> ValueTransformer? {
                .array(of: ValueTransformer(forward: { ($0 as? String)?.lowercased() }))
            }
        }
        let labels = try JSONAdapter.model(of: Labels.self, from: ["labels": ["Bug", "UI"]])
        #expect(labels.labels == ["bug", "ui"])
        for model in [labels, Labels()] {
            let error = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: model) }
            #expect(error.code == .unsupportedValue)
            #expect(error.pathDescription == "labels")
            #expect(error.reason.hasPrefix("Cannot write 'labels' of Labels: The value transformer is one-way"))
        }
    }

    @Test func modelTransformerGoesBothWays() throws {
        let transformer = ValueTransformer.model(Owner.self)
        let owner = try #require(try transformer.checkedTransformedValue(["login": "ada", "id": 1]) as? Owner)
        #expect(owner == Owner(login: "ada", id: 1))
        let json = try #require(try transformer.checkedReverseTransformedValue(owner) as? [String: Any])
        #expect(json["login"] as? String == "ada")
        let error = try #require(throws: StrataError.self) { try transformer.checkedTransformedValue(["id": "1"]) }
        #expect(error.pathDescription == "id")
    }

    @Test func modelsTransformerNamesTheIndex() throws {
        let transformer = ValueTransformer.models(Owner.self)
        let owners = try #require(try transformer.checkedTransformedValue([["login": "a"], ["login": "b"]]) as? [Owner])
        #expect(owners.map(\.login) == ["a", "b"])
        let json = try #require(try transformer.checkedReverseTransformedValue(owners) as? [[String: Any]])
        #expect(json.map { $0["login"] as? String } == ["a", "b"])
        let error = try #require(throws: StrataError.self) { try transformer.checkedTransformedValue([["id": 1], ["id": 1.5]]) }
        #expect(error.pathDescription == "[1].id")
    }

    struct Holder: JSONSerializing {
        var owner: Owner?
        var owners: [Owner]?
        var team: [Owner] = []
        static let propertyKeys: PropertyKeys<Holder> = ["owner": \.owner, "owners": \.owners, "team": \.team]
        static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
        static func jsonTransformer(forKey key: String) -> ValueTransformer? {
            key == "owner" ? .model(Owner.self) : .models(Owner.self)
        }
    }

    @Test func modelAndModelsAgreeOnNull() throws {
        // Used on their own, both refuse null in place of their value, as Mantle's
        // dictionary and array transformers do, and pass nil through.
        for transformer in [ValueTransformer.model(Owner.self), .models(Owner.self)] {
            let error = try #require(throws: StrataError.self) { try transformer.checkedTransformedValue(NSNull()) }
            #expect(error.code == .typeMismatch)
            #expect(error.reason.contains("found null"), "\(error.reason)")
            #expect(try transformer.checkedTransformedValue(nil) == nil)
        }
        // For a property, null is nil where the property is optional, and an error naming it otherwise.
        let holder = try JSONAdapter.model(of: Holder.self, from: ["owner": NSNull(), "owners": NSNull(), "team": []])
        #expect(holder.owner == nil && holder.owners == nil)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Holder.self, from: ["team": NSNull()]) }
        #expect(error.code == .nullForNonOptional)
        #expect(error.pathDescription == "team")
        let fromData = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Holder.self, from: Data(#"{"owner": null, "team": null}"#.utf8))
        }
        #expect(fromData.code == .nullForNonOptional)
        #expect(fromData.pathDescription == "team")
    }

    @Test func modelTransformerUsedExplicitlyForAKey() throws {
        struct Wrapper: JSONSerializing {
            var owners: [Owner] = []
            static let propertyKeys: PropertyKeys<Wrapper> = ["owners": \.owners]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["owners": "data.owners"]
            static func jsonTransformer(forKey key: String) -> ValueTransformer? { .models(Owner.self) }
        }
        let json: [String: Any] = ["data": ["owners": [["login": "a", "id": 1], ["login": "b", "id": true]]]]
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Wrapper.self, from: json) }
        #expect(error.pathDescription == "data.owners[1].id")
        let wrapper = try JSONAdapter.model(of: Wrapper.self, from: ["data": ["owners": [["login": "a", "id": 1]]]])
        #expect(wrapper.owners == [Owner(login: "a", id: 1)])
        let written = try JSONAdapter.dictionary(from: wrapper)
        #expect(JSONSerialization.isValidJSONObject(written))
        #expect(try JSONAdapter.model(of: Wrapper.self, from: written).owners == wrapper.owners)
    }
}
