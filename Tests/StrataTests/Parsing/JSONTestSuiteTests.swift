import Foundation
import Testing
import StrataTestSupport
@testable import Strata

/// Runs the JSONTestSuite parsing corpus (Nicolas Seriot, MIT; third-party data read
/// from the shared data directory, see `SharedData`) through both builders.
@Suite("JSONTestSuite", .enabled(if: SharedData.hasJSONTestSuite, Comment(rawValue: SharedData.jsonTestSuiteAbsence)))
struct JSONTestSuiteTests {
    static let accepted = SharedData.jsonTestSuiteFiles(prefix: "y_")
    static let rejected = SharedData.jsonTestSuiteFiles(prefix: "n_")
    static let implementationDefined = SharedData.jsonTestSuiteFiles(prefix: "i_")

    static func contents(of name: String) throws -> Data {
        try SharedData.jsonTestSuiteFile(name)
    }

    @Test func corpusIsComplete() {
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
        // Both builders share the scanner: the native one accepts what the Foundation
        // one does, and more only for numbers beyond a Double's range.
        if (try? foundation.get()) != nil { #expect((try? native.get()) != nil) }
    }

    /// The decisions documented on JSONReader for the i_ files, for the Foundation
    /// and the native shapes.
    @Test(arguments: [
        ("i_structure_UTF-8_BOM_empty_object.json", true, true),
        ("i_structure_500_nested_arrays.json", true, true),
        ("i_number_real_underflow.json", true, true),
        ("i_number_too_big_pos_int.json", true, true),
        ("i_number_very_big_negative_int.json", true, true),
        ("i_number_real_pos_overflow.json", false, true),
        ("i_number_huge_exp.json", false, true),
        ("i_string_lone_second_surrogate.json", false, false),
        ("i_string_1st_surrogate_but_2nd_missing.json", false, false),
        ("i_string_UTF-16LE_with_BOM.json", false, false),
        ("i_string_iso_latin_1.json", false, false),
    ])
    func documentedImplementationDefinedChoice(_ name: String, foundation: Bool, native: Bool) throws {
        let data = try Self.contents(of: name)
        #expect(((try? JSONReader.jsonObject(with: data)) != nil) == foundation)
        #expect(((try? JSONReader.nativeObject(with: data)) != nil) == native)
    }
}
