import Foundation
import Testing
import StrataTestSupport
@testable import Strata

extension Conformance {
    /// Every JSONTestSuite file decodes the same every way, as one model and as an
    /// array, and is invalid JSON exactly when the reader rejects it. The corpus is
    /// third-party data (see `SharedData`); without it the suite is skipped.
    @Suite("Decoding the JSONTestSuite corpus", .enabled(if: SharedData.hasJSONTestSuite, Comment(rawValue: SharedData.jsonTestSuiteAbsence)))
    struct CorpusConformanceTests {
        typealias C = CorpusModel<TagEnd>

        static let corpus = JSONTestSuiteTests.accepted + JSONTestSuiteTests.rejected + JSONTestSuiteTests.implementationDefined

        /// Files whose first byte after an optional BOM and whitespace opens an object or array.
        static func opensAContainer(_ data: Data) -> Bool {
            var bytes = data[...]
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        }

        @Test func mostOfTheCorpusOpensAContainer() throws {
            var containers = 0
            for name in Self.corpus where Self.opensAContainer(try JSONTestSuiteTests.contents(of: name)) { containers += 1 }
            #expect(Self.corpus.count == 318)
            #expect(containers > 250)
        }

        @Test("JSONTestSuite files decode the same every way", arguments: corpus)
        func corpusFileDecodesTheSameEveryWay(_ name: String) throws {
            let data = try JSONTestSuiteTests.contents(of: name)
            let readerRejects = (try? JSONReader.nativeObject(with: data)) == nil
            let outcome = Conformance.decodeEveryWay(.corpus, data)
            #expect(outcome.model.isInvalidJSON == readerRejects, "model(of:) on \(name): \(outcome.model)")
            #expect(outcome.models.isInvalidJSON == readerRejects, "models(of:) on \(name): \(outcome.models)")
        }

        /// A few files whose outcome is known, so the corpus test cannot pass vacuously.
        @Test func corpusFilesWithKnownModels() throws {
            func decoded(_ name: String) throws -> Outcome {
                Conformance.decodeEveryWay(.corpus, try JSONTestSuiteTests.contents(of: name)).model
            }
            #expect(try decoded("y_object_basic.json") == .value(C(asd: "sdf")))
            #expect(try decoded("y_object_duplicated_key.json") == .value(C(a: "c")))
            #expect(try decoded("y_object_escaped_null_in_key.json") == .value(C(fooNullBar: 42)))
            #expect(try decoded("y_object_extreme_numbers.json") == .value(C(min: -1.0e+28)))
            let simple = try #require(try decoded("y_object_simple.json").failure)
            #expect(simple.code == .typeMismatch)
            #expect(simple.pathDescription == "a")
            #expect(try decoded("n_object_trailing_comma.json").isInvalidJSON)
        }
    }
}
