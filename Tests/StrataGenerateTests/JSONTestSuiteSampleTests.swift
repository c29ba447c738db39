import Foundation
import StrataGeneratorCore
import Testing
import StrataTestSupport

/// The generator on "Parsing JSON is a Minefield" (JSONTestSuite, Nicolas Seriot,
/// MIT; third-party data read from the shared data directory, see `SharedData`):
/// every file a JSON parser must accept is read, every file it must refuse is an
/// `invalidJSON` error, and no file, the implementation-defined ones included,
/// crashes it or gets past it unnoticed. Without the corpus the suite is skipped.
@Suite(.enabled(if: SharedData.hasJSONTestSuite, Comment(rawValue: SharedData.jsonTestSuiteAbsence)))
struct JSONTestSuiteSampleTests {
    static func files(_ prefix: String) -> [String] {
        SharedData.jsonTestSuiteFiles(prefix: prefix)
    }

    func generate(_ name: String) throws -> Result<String, GeneratorError> {
        let data = try Data(contentsOf: SharedData.jsonTestSuite.appendingPathComponent(name))
        do {
            return .success(try StrataGenerator.generate(
                samples: [StrataGenerator.Sample(file: name, data: data)], options: GeneratorOptions(rootName: "Root")))
        } catch {
            return .failure(error)
        }
    }

    @Test func theCorpusIsThere() {
        #expect(Self.files("y_").count > 90)
        #expect(Self.files("n_").count > 150)
    }

    @Test(arguments: files("y_"))
    func acceptedFilesAreRead(_ name: String) throws {
        if case .failure(let error) = try generate(name) {
            // A valid document that is not an object or an array of objects is refused for its shape, not its text.
            #expect(error.code != .invalidJSON, "\(error)")
        }
    }

    @Test(arguments: files("n_"))
    func refusedFilesAreInvalidJSONWithAPlace(_ name: String) throws {
        guard case .failure(let error) = try generate(name) else {
            Issue.record("\(name) was read")
            return
        }
        #expect(error.code == .invalidJSON, "\(error)")
        #expect(error.line != nil && error.column != nil)
    }

    @Test(arguments: files("i_"))
    func implementationDefinedFilesNeverCrash(_ name: String) throws {
        _ = try generate(name)
    }
}
