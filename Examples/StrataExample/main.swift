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
// written back as `null`; pass `.omitNulls` to leave them out.
guard let tidepool = repositories.first(where: { $0.fullName == "marisol/tidepool" }) else {
    fail("repositories.json has no marisol/tidepool.")
}

heading("\(tidepool.fullName) written back as JSON")

do {
    let data = try JSONAdapter.data(from: tidepool, options: [.sortedKeys, .prettyPrinted])
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

// Added with the archive bridge: archive a small SecureCodingModel into
// UserDefaults(suiteName:) under a temporary HOME, and read it back.
