import Foundation
import Testing
@testable import Strata

/// Runs the JSONTestSuite parsing corpus (Tests/StrataTests/Fixtures/JSONTestSuite, MIT) through both builders.
@Suite("JSONTestSuite")
struct JSONTestSuiteTests {
    static let directory: URL? = Bundle.module.url(forResource: "Fixtures", withExtension: nil)?
        .appendingPathComponent("JSONTestSuite/test_parsing")

    static func fileNames(prefix: String) -> [String] {
        guard let directory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static let accepted = fileNames(prefix: "y_")
    static let rejected = fileNames(prefix: "n_")
    static let implementationDefined = fileNames(prefix: "i_")

    static func contents(of name: String) throws -> Data {
        let directory = try #require(directory)
        return try Data(contentsOf: directory.appendingPathComponent(name))
    }

    @Test func corpusIsBundled() {
        #expect(Self.accepted.count == 95)
        #expect(Self.rejected.count == 188)
        #expect(Self.implementationDefined.count == 35)
    }

    @Test("y_ files are accepted", arguments: accepted)
    func acceptsValidDocument(_ name: String) throws {
        let data = try Self.contents(of: name)
        _ = try JSONReader.jsonObject(with: data)
        _ = try JSONReader.nativeObject(with: data)
    }

    @Test("n_ files are rejected", arguments: rejected)
    func rejectsInvalidDocument(_ name: String) throws {
        let data = try Self.contents(of: name)
        #expect(throws: JSONParsingError.self) { try JSONReader.jsonObject(with: data) }
        #expect(throws: JSONParsingError.self) { try JSONReader.nativeObject(with: data) }
    }

    @Test("i_ files are answered without crashing", arguments: implementationDefined)
    func answersImplementationDefinedDocument(_ name: String) throws {
        let data = try Self.contents(of: name)
        let foundation = Result { try JSONReader.jsonObject(with: data) }
        let native = Result { () throws(JSONParsingError) in try JSONReader.nativeObject(with: data) }
        // Both builders share the scanner, so they must agree on accept/reject.
        #expect((try? foundation.get()) == nil ? (try? native.get()) == nil : (try? native.get()) != nil)
    }

    /// The decisions documented on JSONReader for the i_ files.
    @Test(arguments: [
        ("i_structure_UTF-8_BOM_empty_object.json", true),
        ("i_structure_500_nested_arrays.json", true),
        ("i_number_real_underflow.json", true),
        ("i_number_too_big_pos_int.json", true),
        ("i_number_very_big_negative_int.json", true),
        ("i_number_real_pos_overflow.json", false),
        ("i_number_huge_exp.json", false),
        ("i_string_lone_second_surrogate.json", false),
        ("i_string_1st_surrogate_but_2nd_missing.json", false),
        ("i_string_UTF-16LE_with_BOM.json", false),
        ("i_string_iso_latin_1.json", false),
    ])
    func documentedImplementationDefinedChoice(_ name: String, accepted: Bool) throws {
        let data = try Self.contents(of: name)
        #expect(((try? JSONReader.jsonObject(with: data)) != nil) == accepted)
    }
}
