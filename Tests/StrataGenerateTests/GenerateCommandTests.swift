import Foundation
import StrataGeneratorCore
import Testing

@Suite struct GenerateCommandTests {
    @Test func parsesEveryOption() throws {
        let command = try GenerateCommand(arguments: [
            "a.json", "--name", "Repository", "b.json", "--enums", "--namespace", "GitHub", "--output", "Models.swift",
            "--name-from-path", "--dictionary", "settings", "--model", "metadata", "--dictionary", "prefs",
        ])
        #expect(command.dictionaryKeys == ["settings", "prefs"])
        #expect(command.modelKeys == ["metadata"])
        #expect(command.nameFromPath)
        #expect(command.files == ["a.json", "b.json"])
        #expect(command.name == "Repository")
        #expect(command.enums)
        #expect(command.namespace == "GitHub")
        #expect(command.output == "Models.swift")
    }

    @Test(arguments: [
        ([], "Give at least one sample JSON file."),
        (["a.json", "--name"], "--name needs a value: --name <value>."),
        (["a.json", "--name", "my-model"], "--name 'my-model' is not a Swift type name: use letters and digits, starting with a letter."),
        (["a.json", "--name", "A", "--verbose"], "Unknown option '--verbose'. Run strata-generate --help for the options."),
        (["a.json", "--dictionary", "x", "--model", "x"], "'x' is given to both --dictionary and --model: keep one."),
        (["a.json", "--dictionary"], "--dictionary needs a value: --dictionary <value>."),
        (["a.json", "--roots", "--name", "A"], "--name names the one top-level model; with --roots each file's is named after the file."),
    ])
    func refusesCommandLinesItCannotRun(_ arguments: [String], _ message: String) {
        do {
            _ = try GenerateCommand(arguments: arguments)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidArguments)
            #expect(error.description == message)
        }
    }

    @Test func helpNeedsNothingElse() throws {
        let command = try GenerateCommand(arguments: ["--help"])
        #expect(try command.run() == GenerateCommand.usage)
    }

    @Test func withoutANameTheModelIsNamedAfterTheFileInTheSingularForAnArray() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let issues = folder.appendingPathComponent("open_issues.json")
        try Data(#"[{"id": 1}]"#.utf8).write(to: issues)
        let output = folder.appendingPathComponent("Models.swift")
        let command = try GenerateCommand(arguments: [issues.path, "--output", output.path])
        #expect(try command.run() == nil)
        let source = try String(contentsOf: output, encoding: .utf8)
        #expect(source.contains("struct OpenIssue: JSONSerializing {"))
        #expect(source.contains("//     strata-generate \(issues.path) --name OpenIssue\n"))
    }

    @Test func aFileNameThatGivesNoTypeNameAsksForOne() throws {
        let sample = FileManager.default.temporaryDirectory.appendingPathComponent("2024-\(UUID().uuidString).json")
        try Data(#"{"id": 1}"#.utf8).write(to: sample)
        defer { try? FileManager.default.removeItem(at: sample) }
        let base = sample.deletingPathExtension().lastPathComponent
        #expect(throws: GeneratorError(
            .invalidArguments, file: nil, reason: "The file name '\(base)' gives no Swift type name: give one with --name <Name>.")
        ) {
            try GenerateCommand(arguments: [sample.path]).run()
        }
    }

    @Test func aMissingFileIsAnErrorThatNamesIt() throws {
        let command = try GenerateCommand(arguments: ["/no/such/file.json", "--name", "A"])
        #expect(throws: GeneratorError(.unreadableFile, file: "/no/such/file.json", reason: "The file cannot be read: check its path.")) {
            try command.run()
        }
    }

    @Test func anOutputFileThatCannotBeWrittenIsAnErrorThatNamesIt() throws {
        let sample = FileManager.default.temporaryDirectory.appendingPathComponent("strata-generate-\(UUID().uuidString).json")
        try Data(#"{"id": 1}"#.utf8).write(to: sample)
        defer { try? FileManager.default.removeItem(at: sample) }
        let command = try GenerateCommand(arguments: [sample.path, "--name", "A", "-o", "/no/such/folder/Models.swift"])
        #expect(throws: GeneratorError(
            .unwritableOutput, file: "/no/such/folder/Models.swift",
            reason: "The file cannot be written: check that its folder exists.")
        ) {
            try command.run()
        }
    }

    /// Every type but the top-level model is declared inside it, so two generated
    /// files that both have an `Owner` can live in one target.
    @Test func everyOtherTypeIsNestedInTheTopLevelModel() throws {
        for (root, json) in [("Repository", #"{"owner": {"login": "a"}, "state": "open"}"#), ("Gist", #"{"owner": {"id": 1}}"#)] {
            let source = try StrataGenerator.generate(
                samples: [StrataGenerator.Sample(file: "sample.json", data: Data(json.utf8))],
                options: GeneratorOptions(rootName: root, enums: true))
            let topLevel = source.split(separator: "\n").filter { $0.hasPrefix("struct ") || $0.hasPrefix("enum ") }
            #expect(topLevel == ["struct \(root): JSONSerializing {"])
            #expect(source.contains("\n    struct Owner: JSONSerializing {\n"))
        }
    }

    @Test func testsAuditEverySampleWithTheModels() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("open-issues.json")
        let second = folder.appendingPathComponent("more.json")
        let quoted = ##"[{"id": 1, "title": "a \"quoted\"# title"}]"##
        try Data(quoted.utf8).write(to: first)
        try Data(#"[{"id": 2}]"#.utf8).write(to: second)
        let tests = folder.appendingPathComponent("IssueSampleTests.swift")
        let command = try GenerateCommand(arguments: [first.path, second.path, "--name", "Issue", "--tests", tests.path])
        #expect(command.tests == tests.path)
        #expect(try command.run()?.contains("struct Issue: JSONSerializing {") == true)
        let source = try String(contentsOf: tests, encoding: .utf8)
        #expect(source.contains("@Suite struct IssueSampleTests {\n"))
        #expect(source.contains("let audit = try JSONAdapter.audit(of: Issue.self, from: Data(Self.openIssuesJSON.utf8))\n"))
        #expect(source.contains("@Test func moreJSONIsMappedWhole() throws {\n"))
        // A raw string with one more # than the sample's longest run after a quote.
        #expect(source.contains("static let openIssuesJSON = ##\"\"\"\n        " + quoted + "\n        \"\"\"##\n"))
    }

    @Test func withRootsEachFileIsATopLevelModelAndEachSampleIsAuditedWithIts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["customers.json", "invoice.json", "sub/invoice.json"].map { folder.appendingPathComponent($0) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data(#"[{"id": "cus_1", "address": {"city": "Paris", "line1": "1 rue"}}]"#.utf8).write(to: files[0])
        try Data(#"{"id": "in_1", "customer_address": {"city": "Lyon", "line1": "2 rue"}, "total": 5}"#.utf8).write(to: files[1])
        try Data(#"{"number": "A-1"}"#.utf8).write(to: files[2])
        let tests = folder.appendingPathComponent("SampleTests.swift")
        let command = try GenerateCommand(arguments: files.map(\.path) + ["--roots", "--tests", tests.path])
        #expect(command.roots)
        let source = try #require(try command.run())
        #expect(source.contains("//     strata-generate \(files.map(\.path).joined(separator: " ")) --roots\n"))
        #expect(source.contains("\nstruct Customer: JSONSerializing {\n"))
        #expect(source.contains("\nstruct Invoice: JSONSerializing {\n"))
        #expect(source.contains("\nstruct Invoice2: JSONSerializing {\n"))
        // The address both hold is declared once, in the first, and the second refers to it there.
        #expect(source.components(separatedBy: "struct Address: JSONSerializing").count == 2)
        #expect(source.contains("var customerAddress: Customer.Address?\n"))
        let suite = try String(contentsOf: tests, encoding: .utf8)
        #expect(suite.contains("JSONAdapter.audit(of: Customer.self, from: Data(Self.customersJSON.utf8))"))
        #expect(suite.contains("JSONAdapter.audit(of: Invoice.self, from: Data(Self.invoiceJSON.utf8))"))
        #expect(suite.contains("JSONAdapter.audit(of: Invoice2.self, from: Data(Self.invoiceJSON2.utf8))"))
    }

    @Test func withRootsAFileNameThatGivesNoTypeNameAsksForAnotherName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("2024.json")
        try Data(#"{"id": 1}"#.utf8).write(to: file)
        let error = try #require(throws: GeneratorError.self) { try GenerateCommand(arguments: [file.path, "--roots"]).run() }
        #expect(error.description == "The file name '2024' gives no Swift type name: rename the file.")
    }

    @Test func aTopLevelOfAnotherFileIsReferredToByItsName() throws {
        var options = GeneratorOptions(rootName: "Order")
        options.rootNames = ["Order", "Customer"]
        let source = try StrataGenerator.generate(
            samples: [
                StrataGenerator.Sample(file: "order.json", data: Data(#"{"id": 1, "buyer": {"name": "Ada", "email": "a@example.com"}}"#.utf8)),
                StrataGenerator.Sample(file: "customer.json", data: Data(#"{"name": "Lin", "email": "l@example.com"}"#.utf8)),
            ], options: options)
        #expect(source.contains("var buyer: Customer?\n"))
        #expect(!source.contains("struct Buyer"))
        options.rootNames = ["Order"]
        #expect(throws: GeneratorError.self) {
            try StrataGenerator.generate(
                samples: [StrataGenerator.Sample(file: "a.json", data: Data("{}".utf8)), StrataGenerator.Sample(file: "b.json", data: Data("{}".utf8))],
                options: options)
        }
    }

    @Test func severalSamplesMergeIntoOneModel() throws {
        let samples = [
            StrataGenerator.Sample(file: "one.json", data: Data(#"{"id": 1, "name": "a"}"#.utf8)),
            StrataGenerator.Sample(file: "many.json", data: Data(#"[{"id": 2.5}]"#.utf8)),
        ]
        let source = try StrataGenerator.generate(samples: samples, options: GeneratorOptions(rootName: "Item"))
        #expect(source.hasPrefix("// Generated by strata-generate from one.json and many.json:\n"))
        #expect(source.contains("var id = 0.0\n    var name: String?\n"))
    }
}
