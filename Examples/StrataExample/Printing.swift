import Foundation

// Plain-text output for the example: a table of repositories and a detailed view
// of one of them.

/// Columns of text, each as wide as its widest cell.
struct Table {
    let headers: [String]
    var rows: [[String]] = []

    init(_ headers: String...) {
        self.headers = headers
    }

    mutating func append(_ cells: String...) {
        rows.append(cells)
    }

    var text: String {
        let widths = headers.indices.map { column in
            ([headers] + rows).map { $0[column].count }.max() ?? 0
        }
        return ([headers] + rows)
            .map { cells in
                zip(cells, widths)
                    .map { cell, width in cell.padding(toLength: width, withPad: " ", startingAt: 0) }
                    .joined(separator: "  ")
                    .trimmingCharacters(in: .whitespaces)
            }
            .joined(separator: "\n")
    }
}

/// `2024-11-05`, in UTC.
let dayFormat = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()

extension Repository {
    /// The table of `repositories`: one line each.
    static func table(of repositories: [Repository]) -> String {
        var table = Table("REPOSITORY", "STARS", "OPEN/CLOSED", "LICENSE", "LANGUAGE", "CREATED", "RELEASE", "CI", "VISIBILITY")
        for repository in repositories {
            table.append(
                repository.fullName,
                "\(repository.stars)",
                "\(repository.issues.open)/\(repository.issues.closed)",
                repository.license ?? "-",
                repository.language ?? "-",
                repository.createdAt.formatted(dayFormat),
                repository.latestRelease ?? "-",
                "\(repository.buildStatus)",
                repository.visibility.rawValue)
        }
        return table.text
    }

    /// Every detail of the repository, one per line.
    var details: String {
        let release = latestRelease.map { tag in
            "\(tag), published \(releasedOn.map { $0.formatted(dayFormat) } ?? "on an unknown day")"
        }
        let lines: [(String, String?)] = [
            ("description", description),
            ("owner", "\(owner.login) (\(owner.type), id \(owner.id))"),
            ("avatar", owner.avatarURL?.absoluteString),
            ("page", htmlURL?.absoluteString),
            ("homepage", homepage?.absoluteString),
            ("topics", topics.isEmpty ? nil : topics.joined(separator: ", ")),
            ("created", createdAt.formatted(.iso8601)),
            ("release", release),
            ("issues", "\(issues.open) open, \(issues.closed) closed, \(issues.total) in all"),
            ("contributors", contributors.map { "\($0.login) (\($0.contributions))" }.joined(separator: ", ")),
        ]
        let width = lines.map(\.0.count).max() ?? 0
        return ([fullName] + lines.map { label, value in
            "  " + (label + ":").padding(toLength: width + 2, withPad: " ", startingAt: 0) + (value ?? "-")
        }).joined(separator: "\n")
    }
}

/// Prints a section heading.
func heading(_ title: String) {
    print("\n== \(title) ==\n")
}
