import Foundation
import Testing
@testable import Strata

/// A bookmark with a URL: mapped to JSON by the default transformer, and archived
/// under the same name as `URLLinkText`, whose archive carries any text there.
private struct URLBookmark: JSONSerializing, SecureCodingModel, Equatable {
    var link: URL?
    static let propertyKeys: PropertyKeys<URLBookmark> = ["link": \.link]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["link": "link"]
    static var archiveName: String { "Bookmark" }
}

private struct URLLinkText: SecureCodingModel {
    var link = ""
    static let propertyKeys: PropertyKeys<URLLinkText> = ["link": \.link]
    static var archiveName: String { "Bookmark" }
}

/// Which text is a URL, for `.url`, the default transformer and archives alike.
@Suite("URL text")
struct URLTextTests {
    static let valid = [
        "https://example.org/a?b=c",
        "https://user:pw@example.com:8080/p;x?q=1&r=2#top",
        "https://example.com/%20%C3%A4",
        "https://xn--bcher-kva.example/",
        "https://example.com/~user/a(b)*!$'+,=",
        "http://[::1]:80/",
        "mailto:ada@example.com",
        "urn:isbn:0451450523",
        "file:///tmp/a%20b",
        "relative/path",
        "//host/x",
        "#fragment",
    ]

    static let invalid = [
        "",
        "not a valid URL",
        "http://exa mple.org",
        "https://example.com/a b",
        " https://example.com",
        "https://example.com/\t",
        "https://example.com/ä",
        "https://bücher.example/",
        "https://example.com/a|b",
        "https://example.com/{owner}",
        "https://example.com/a\"b",
        "https://example.com/a^b",
        "https://example.com/<x>",
        "https://example.com/a\\b",
        "https://example.com/a%zz",
        "https://example.com/100%",
        "https://example.com/%2",
        "https://example.com/#a#b",
    ]

    @Test(arguments: valid)
    func aURLIsReadAndWrittenBackAsItsText(_ text: String) throws {
        let url = try #require(try ValueTransformer.url.checkedTransformedValue(text) as? URL)
        #expect(url.absoluteString == text)
        #expect(try ValueTransformer.url.checkedReverseTransformedValue(url) as? String == text)
    }

    @Test(arguments: invalid)
    func textThatIsNotAURLAsWrittenIsRefused(_ text: String) throws {
        let error = try #require(throws: StrataError.self) { try ValueTransformer.url.checkedTransformedValue(text) }
        #expect(error.code == .transformerFailed)
        #expect(error.reason == "Expected a URL, found \(describe(text)).")
    }

    @Test func generatedTextIsAURLOnlyAsWrittenAndIsWrittenBackAsRead() throws {
        var generator = SeededGenerator(seed: 0x0DD_0E1)
        let allowed = Array("aZ09-._~:/?#[]@!$&'()*+,;=%")
        let forbidden = Array(" \"<>\\^`{|}\tä")
        let alphabet = allowed + allowed + forbidden
        var accepted = 0
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...10, using: &generator)
            let path = String((0..<length).map { _ in alphabet[Int.random(in: alphabet.indices, using: &generator)] })
            let text = "https://example.com/" + path
            let percentIsEncoding = path.split(separator: "%", omittingEmptySubsequences: false).dropFirst().allSatisfy {
                $0.count >= 2 && $0.prefix(2).allSatisfy(\.isHexDigit)
            }
            if let url = try? ValueTransformer.url.checkedTransformedValue(text) as? URL {
                accepted += 1
                #expect(!path.contains(where: forbidden.contains), "\(text)")
                #expect(percentIsEncoding, "\(text)")
                #expect(url.absoluteString == text)
                #expect(try ValueTransformer.url.checkedReverseTransformedValue(url) as? String == text)
            } else {
                #expect(path.contains(where: forbidden.contains) || !percentIsEncoding || path.contains(where: "#[]".contains),
                        "\(text) was refused")
            }
        }
        #expect(accepted > 500)
    }

    @Test func theDefaultTransformerOfAURLPropertyRefusesItFromDataAndFromADictionary() throws {
        let data = Data(#"{"link": "not a valid URL"}"#.utf8)
        let fromData = try #require(throws: StrataError.self) { try JSONAdapter.model(of: URLBookmark.self, from: data) }
        let fromDictionary = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: URLBookmark.self, from: ["link": "not a valid URL"])
        }
        for error in [fromData, fromDictionary] {
            #expect(error.code == .transformerFailed)
            #expect(
                error.description
                    == #"link: Expected a URL for 'link' of URLBookmark, found the string "not a valid URL". "#
                    + "Fix the payload, or give 'link' a transformer that converts it.")
        }
        let bookmark = try JSONAdapter.model(of: URLBookmark.self, from: ["link": "https://example.org/a%20b"])
        #expect(try JSONAdapter.dictionary(from: bookmark)["link"] as? String == "https://example.org/a%20b")
    }

    @Test func anArrayOfURLsNamesTheIndexOfTheOneRefused() throws {
        let error = try #require(throws: StrataError.self) {
            try ValueTransformer.array(of: .url).checkedTransformedValue(["https://a.example", "a b"])
        }
        #expect(error.pathDescription == "[1]")
        #expect(error.code == .transformerFailed)
    }

    @Test(arguments: valid)
    func archivesReadTheURLsJSONReads(_ text: String) throws {
        let archive = try ModelArchiver.archivedData(with: URLLinkText(link: text))
        let bookmark = try ModelArchiver.unarchivedModel(of: URLBookmark.self, from: archive)
        #expect(bookmark.link?.absoluteString == text)
        let again = try ModelArchiver.unarchivedModel(of: URLBookmark.self, from: ModelArchiver.archivedData(with: bookmark))
        #expect(again == bookmark)
    }

    @Test(arguments: invalid.filter { !$0.isEmpty })
    func archivesRefuseTheTextJSONRefuses(_ text: String) throws {
        let archive = try ModelArchiver.archivedData(with: URLLinkText(link: text))
        let error = try #require(throws: StrataError.self) {
            try ModelArchiver.unarchivedModel(of: URLBookmark.self, from: archive)
        }
        #expect(error.code == .invalidArchive)
        #expect(error.pathDescription == "link")
    }

    @Test func aURLMadeInCodeIsWrittenAsTextThatReadsBack() throws {
        // URLs Strata did not read: percent-encoded by Foundation, so their text is a URL.
        let urls = [
            URL(fileURLWithPath: "/tmp/a b/ä.txt"),
            URL(string: "https://example.com/a b"),
            URLComponents(string: "https://example.com/search")
                .map { components -> URLComponents in
                    var components = components
                    components.queryItems = [URLQueryItem(name: "q", value: "a b&c ü")]
                    return components
                }?.url,
        ].compactMap { $0 }
        #expect(urls.count == 3)
        for url in urls {
            let bookmark = URLBookmark(link: url)
            #expect(try JSONAdapter.model(of: URLBookmark.self, from: JSONAdapter.dictionary(from: bookmark)) == bookmark)
            #expect(try ModelArchiver.unarchivedModel(of: URLBookmark.self, from: ModelArchiver.archivedData(with: bookmark)) == bookmark)
        }
    }
}
