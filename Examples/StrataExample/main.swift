import Foundation
import Strata

// Strata's runnable example (`swift run StrataExample`): reads a list of
// repositories from JSON into models, writes one back as JSON, and shows the
// error for a payload with a wrong value. The models are in Models.swift.

/// Prints what went wrong and stops the example.
func fail(_ message: String) -> Never {
    print(message)
    exit(1)
}

// MARK: - Reading JSON

heading("Repositories read from Payloads/repositories.json")

let repositories: [Repository]
do {
    repositories = try JSONAdapter.models(of: Repository.self, from: Payload.data(named: "repositories.json"))
} catch {
    fail("Reading repositories.json failed: \(error)")
}

print(Repository.table(of: repositories))

// One repository in full: its nested owner, contributors, dates and URLs.
if let first = repositories.first {
    print()
    print(first.details)
}

// MARK: - Writing JSON

// A repository with nulls in it: no license, no release, no homepage. Nulls are
// written back as `null`; pass `options: .omitNulls` to leave them out.
guard let tidepool = repositories.first(where: { $0.fullName == "marisol/tidepool" }) else {
    fail("repositories.json has no marisol/tidepool.")
}

heading("\(tidepool.fullName) written back as JSON")

do {
    let data = try JSONAdapter.data(from: tidepool, formatting: [.sortedKeys, .prettyPrinted])
    print(String(decoding: data, as: UTF8.self))

    let readBack = try JSONAdapter.model(of: Repository.self, from: data)
    print("\nRead back, it is the same repository: \(readBack == tidepool)")
} catch {
    fail("Writing \(tidepool.fullName) failed: \(error)")
}

// MARK: - Errors

// In this payload, the second contributor of the third repository has the id
// "30477": a string where the model has an Int. The error says where.
heading("Reading Payloads/broken-repositories.json")

do {
    _ = try JSONAdapter.models(of: Repository.self, from: Payload.data(named: "broken-repositories.json"))
    print("The broken payload was read without an error.")
} catch {
    print(error)
}

// MARK: - Archiving

// The settings model is archived with NSSecureCoding into a UserDefaults suite
// kept in a temporary folder (never the user's own defaults), then read back.
heading("Archiving BrowserSettings into UserDefaults")

do {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("StrataExample-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    guard let defaults = UserDefaults(suiteName: folder.appendingPathComponent("settings").path) else {
        fail("Could not open a UserDefaults suite in \(folder.path).")
    }

    var settings = BrowserSettings()
    settings.textSize = 15
    settings.theme = .dark
    settings.pinnedRepositories = repositories.prefix(2).map(\.fullName)
    settings.lastOpened = Date(timeIntervalSince1970: 1_714_566_600)
    settings.accessToken = "secret-token"

    let archive = try ModelArchiver.archivedData(with: settings)
    print("Archived \(archive.count) bytes (model version \(BrowserSettings.modelVersion)); "
        + "the access token is excluded: \(archive.range(of: Data("secret-token".utf8)) == nil)")

    try defaults.setModel(settings, forKey: "browserSettings")
    guard let saved = try defaults.model(of: BrowserSettings.self, forKey: "browserSettings") else {
        fail("The settings were not found in UserDefaults.")
    }
    print("Read back from UserDefaults: text size \(saved.textSize), theme \(saved.theme), "
        + "pinned \(saved.pinnedRepositories.joined(separator: ", "))")
    var expected = settings
    expected.accessToken = ""
    print("Same settings, without the token: \(saved == expected)")

    // A tampered archive is refused with an error, never a crash.
    var tampered = archive
    tampered.replaceSubrange(0..<8, with: Data("garbage!".utf8))
    do {
        _ = try ModelArchiver.unarchivedModel(of: BrowserSettings.self, from: tampered)
    } catch {
        print("A tampered archive is refused: \(error)")
    }
} catch {
    fail("Archiving failed: \(error)")
}
