import Foundation
import Testing
@testable import Strata

@Suite("Codable interop")
struct CodableInteropTests {
    struct Geo: Codable, Equatable, Sendable {
        var lat: Double
        var lng: Double
    }

    struct Owner: JSONSerializing, Equatable {
        var login = ""
        static let propertyKeys: PropertyKeys<Owner> = ["login": \.login]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "login"]
    }

    /// Every stored property is Codable, so the compiler could synthesize
    /// Codable, with the property names as keys; the JSON uses others.
    struct Repo: JSONSerializing, Equatable {
        var name = ""
        var stars = 0
        var pushedAt: Date? = nil
        var owner = Owner()
        var license: String? = nil
        var location: Geo? = nil
        static let propertyKeys: PropertyKeys<Repo> = [
            "name": \.name, "stars": \.stars, "pushedAt": \.pushedAt, "owner": \.owner,
            "license": \.license, "location": \.location,
        ]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "name": "full_name", "stars": "stargazers_count", "pushedAt": "pushed_at", "owner": "owner",
            "license": "license.spdx_id", "location": "location",
        ]
        static func jsonTransformer(forKey key: String) -> ValueTransformer? {
            key == "location" ? .codable(Geo.self) : nil
        }
        static func jsonTransformer(forType type: Any.Type) -> ValueTransformer? {
            type == Date.self ? .iso8601Date : nil
        }
    }

    struct Page: Codable, Equatable {
        var items: [Repo]
        var total: Int
    }

    static let json = #"""
        {"full_name": "apple/swift", "stargazers_count": 65000, "pushed_at": "2024-05-01T12:30:00Z",
         "owner": {"login": "apple"}, "license": {"spdx_id": "Apache-2.0"},
         "location": {"lat": 37.33, "lng": -122.03}}
        """#

    static let expected = Repo(
        name: "apple/swift", stars: 65000, pushedAt: Date(timeIntervalSince1970: 1_714_566_600),
        owner: Owner(login: "apple"), license: "Apache-2.0", location: Geo(lat: 37.33, lng: -122.03))

    @Test func jsonDecoderUsesTheMappingAndTransformers() throws {
        let repo = try JSONDecoder().decode(Repo.self, from: Data(Self.json.utf8))
        #expect(repo == Self.expected)
        #expect(repo == (try JSONAdapter.model(of: Repo.self, from: Data(Self.json.utf8))))
    }

    @Test func jsonEncoderWritesWhatTheAdapterWrites() throws {
        let encoded = try JSONEncoder().encode(Self.expected)
        let object = try #require(try JSONReader.nativeObject(with: encoded) as? [String: Any])
        #expect(object["full_name"] as? String == "apple/swift")
        #expect(object["pushed_at"] as? String == "2024-05-01T12:30:00Z")
        #expect((object["license"] as? [String: Any])?["spdx_id"] as? String == "Apache-2.0")
        #expect(object["name"] == nil)
        #expect(try JSONDecoder().decode(Repo.self, from: encoded) == Self.expected)
        let adapter = try JSONReader.nativeObject(with: try JSONAdapter.data(from: Self.expected))
        #expect(JSONShape(native: object) == JSONShape(native: adapter))
    }

    @Test func modelsWorkInsideSynthesizedCodableTypes() throws {
        let text = #"{"total": 1, "items": ["# + Self.json + "]}"
        let page = try JSONDecoder().decode(Page.self, from: Data(text.utf8))
        #expect(page == Page(items: [Self.expected], total: 1))
        #expect(try JSONDecoder().decode(Page.self, from: JSONEncoder().encode(page)) == page)
    }

    @Test func strataErrorsAreTheUnderlyingErrorsOfCodableOnes() {
        do {
            _ = try JSONDecoder().decode(Page.self, from: Data(#"{"total": 1, "items": [{"stargazers_count": "many"}]}"#.utf8))
            Issue.record("Expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["items", "Index 0"])
            #expect((context.underlyingError as? StrataError)?.code == .typeMismatch)
        } catch {
            Issue.record("Unexpected \(error)")
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Repo.self, from: Data("[1]".utf8)) }
    }

    @Test func codablePropertiesReadTheSameFromBothSourcesAndWriteBack() throws {
        let fromData = try JSONAdapter.model(of: Repo.self, from: Data(Self.json.utf8))
        let dictionary = try #require(try JSONReader.nativeObject(with: Data(Self.json.utf8)) as? [String: Any])
        let fromDictionary = try JSONAdapter.model(of: Repo.self, from: dictionary)
        #expect(fromData.location == Geo(lat: 37.33, lng: -122.03))
        #expect(fromDictionary == fromData)
        let written = try JSONAdapter.dictionary(from: fromData)
        let location = try #require(written["location"] as? [String: Any])
        #expect(location["lat"] as? Double == 37.33)
        #expect(location["lng"] as? Double == -122.03)
    }

    @Test func codablePropertiesRefuseValuesTheirDecoderRefuses() {
        #expect(throws: StrataError.self) {
            try JSONAdapter.model(of: Repo.self, from: ["location": ["lat": "north"]])
        }
        #expect(throws: StrataError.self) {
            try JSONAdapter.model(of: Repo.self, from: Data(#"{"location": [1, 2]}"#.utf8))
        }
    }

    @Test func jsonValueKeepsEveryKindOfValue() throws {
        let value: [String: Any] = [
            "a": [1, -2, 1.5, true, "x", NSNull()], "b": ["c": UInt64.max], "d": Decimal(string: "0.1") ?? 0,
        ]
        let tree = try JSONValue(json: value)
        let back = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(tree))
        let object = try #require(back.foundation as? [String: Any])
        let array = try #require(object["a"] as? [Any])
        #expect(array[0] as? Int == 1)
        #expect(array[2] as? Double == 1.5)
        #expect(array[3] as? Bool == true)
        #expect(isJSONNull(array[5]))
        #expect((object["b"] as? [String: Any])?["c"] as? UInt64 == UInt64.max)
    }
}

extension CodableInteropTests.Repo: JSONMappedCodable {}
extension CodableInteropTests.Owner: JSONMappedCodable {}
