import Foundation
import Testing
@testable import Strata
import StrataTestSupport

extension ArchivingTests {
    /// `UserDefaults.setModel(_:forKey:)` and `model(of:forKey:)`. Every test uses
    /// its own suite, named by an absolute path in a temporary directory (on
    /// Linux, Foundation stores suite `S` at `$HOME/.config/S.plist`, and an
    /// absolute suite name at that path plus `.plist`), so the real user's
    /// defaults are never touched.
    @Suite struct UserDefaultsModelTests {
        @Test func aModelRoundTripsAndAbsentKeysReadNil() throws {
            try Self.withIsolatedDefaults { defaults, _ in
                #expect(try defaults.model(of: Settings.self, forKey: "settings") == nil)
                try defaults.setModel(Settings(textSize: 13, theme: "dark", token: "x"), forKey: "settings")
                #expect(try defaults.model(of: Settings.self, forKey: "settings") == Settings(textSize: 13, theme: "dark", token: ""))
            }
        }

        @Test func setModelIsDurableAtOnce() throws {
            try Self.withIsolatedDefaults { defaults, suite in
                try defaults.setModel(Settings(textSize: 21), forKey: "settings")
                // On disk without any further synchronize().
                let file = try #require(try PropertyListSerialization.propertyList(
                    from: Data(contentsOf: URL(fileURLWithPath: suite + ".plist")), format: nil) as? [String: Any])
                let data = try #require(file["settings"] as? Data)
                #expect(try ModelArchiver.unarchivedModel(of: Settings.self, from: data).textSize == 21)
            }
        }

        @Test func valuesThatAreNotArchivesOfTheModelThrow() throws {
            try Self.withIsolatedDefaults { defaults, _ in
                defaults.set("not data", forKey: "text")
                var error = try #require(throws: StrataError.self) { try defaults.model(of: Settings.self, forKey: "text") }
                #expect(error.code == .invalidArchive)
                #expect(error.description == "text: Expected archive data from setModel(_:forKey:), found the string \"not data\". "
                    + "Remove the value, or store the model with setModel(_:forKey:).")

                defaults.set(Data("garbage".utf8), forKey: "garbage")
                error = try #require(throws: StrataError.self) { try defaults.model(of: Settings.self, forKey: "garbage") }
                #expect(error.code == .invalidArchive)
                #expect(error.path == [.key("garbage")])

                try defaults.setModel(Tag(name: "t", weight: 1), forKey: "tag")
                error = try #require(throws: StrataError.self) { try defaults.model(of: Settings.self, forKey: "tag") }
                #expect(error.code == .invalidArchive)

                let truncated = try ModelArchiver.archivedData(with: Settings()).dropLast(40)
                defaults.set(Data(truncated), forKey: "truncated")
                error = try #require(throws: StrataError.self) { try defaults.model(of: Settings.self, forKey: "truncated") }
                #expect(error.code == .invalidArchive)
            }
        }

        @Test func anotherProcessReadsWhatThisOneWroteAndViceVersa() throws {
            try Self.withIsolatedDefaults { defaults, suite in
                let home = URL(fileURLWithPath: suite).deletingLastPathComponent().path

                // The child writes; this process reads.
                #expect(try Self.runProbe(["write", suite, "fromChild", "7"], home: home) == "written")
                #expect(try defaults.model(of: ProbeSettings.self, forKey: "fromChild") == ProbeSettings.sample(7))

                // This process writes; the child reads.
                try defaults.setModel(ProbeSettings.sample(4), forKey: "fromParent")
                #expect(try Self.runProbe(["read", suite, "fromParent"], home: home) == ProbeSettings.sample(4).summary)
                #expect(try Self.runProbe(["read", suite, "nothing"], home: home) == "absent")
            }
        }

        /// Runs `body` with a fresh suite in a new temporary directory, and its name
        /// (an absolute path); the directory is removed afterwards.
        static func withIsolatedDefaults(_ body: (UserDefaults, String) throws -> Void) throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-defaults-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let suite = directory.appendingPathComponent("suite").path
            let defaults = try #require(UserDefaults(suiteName: suite))
            defer {
                // Written out first: Foundation would otherwise write it later and recreate the directory.
                defaults.synchronize()
                try? FileManager.default.removeItem(at: directory)
            }
            try body(defaults, suite)
        }

        /// Runs the DefaultsProbe executable with `HOME` set to `home`, and returns
        /// its standard output, trimmed; throws when it fails.
        static func runProbe(_ arguments: [String], home: String) throws -> String {
            let process = Process()
            process.executableURL = try probeURL()
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(["HOME": home]) { $1 }
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "DefaultsProbe failed: \(errorText)")
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// A class of the test bundle, to find the bundle by.
        private final class TestBundleMarker {}

        /// The DefaultsProbe executable, built by SwiftPM next to the test bundle
        /// (the test target depends on it).
        static func probeURL() throws -> URL {
            var directories: [URL] = []
            if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
            directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
            directories.append(Bundle(for: TestBundleMarker.self).bundleURL.deletingLastPathComponent())
            for directory in directories {
                let candidate = directory.appendingPathComponent("DefaultsProbe")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
            throw StrataError(.invalidMapping, "DefaultsProbe was not found next to the tests in \(directories.map(\.path)).")
        }
    }
}
