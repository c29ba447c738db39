import Foundation
import Strata

/// Row 5: archive and unarchive a `GitHubUser` with `ModelArchiver`, against a
/// hand-written `NSSecureCoding` class with `NSKeyedArchiver`/`NSKeyedUnarchiver`
/// (secure coding required).
struct ArchiveRow {
    let report: Report

    func run() {
        report.run("5", "archive", payload: GitHubUser.payloadName) {
            let user = try JSONAdapter.model(of: GitHubUser.self, from: try PayloadFiles.data(GitHubUser.fileName))
            try Verification.expectEqual(
                Verification.fingerprint(try strataRoundTrip(user)), Verification.fingerprint(user),
                "row 5, Strata's round trip")
            try Verification.expectEqual(
                Verification.fingerprint(try baselineRoundTrip(user)), Verification.fingerprint(user),
                "row 5, the NSSecureCoding class's round trip")
            let (strata, baseline) = try Timer(report.settings).compare(
                { blackHole(try strataRoundTrip(user)) },
                { blackHole(try baselineRoundTrip(user)) })
            return [TableLine(
                row: "5", payload: "\(GitHubUser.payloadName) archive+unarchive",
                strata: .seconds(Statistics.median(strata)), baseline: .seconds(Statistics.median(baseline)),
                target: .atMost(1.20))]
        }
    }

    private func strataRoundTrip(_ user: GitHubUser) throws -> GitHubUser {
        try ModelArchiver.unarchivedModel(of: GitHubUser.self, from: try ModelArchiver.archivedData(with: user))
    }

    private func baselineRoundTrip(_ user: GitHubUser) throws -> GitHubUser {
        let data = try NSKeyedArchiver.archivedData(withRootObject: GitHubUserObject(user), requiringSecureCoding: true)
        guard let object = try NSKeyedUnarchiver.unarchivedObject(ofClass: GitHubUserObject.self, from: data) else {
            throw BenchmarkError("NSKeyedUnarchiver returned no GitHubUserObject.")
        }
        return object.user
    }
}
