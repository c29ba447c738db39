import Foundation

/// A measured amount, shown with its unit.
enum Quantity {
    case seconds(Double)
    case bytes(Double)

    var value: Double {
        switch self {
        case .seconds(let value), .bytes(let value): value
        }
    }

    var text: String {
        switch self {
        case .seconds(let seconds):
            switch seconds {
            case ..<1e-6: String(format: "%.0f ns", seconds * 1e9)
            case ..<1e-3: String(format: "%.2f µs", seconds * 1e6)
            case ..<1: String(format: "%.2f ms", seconds * 1e3)
            default: String(format: "%.2f s", seconds)
            }
        case .bytes(let bytes):
            String(format: "%.1f MB", bytes / 1e6)
        }
    }
}

/// What a ratio must be to pass.
enum Target {
    /// Strata / baseline at most this.
    case atMost(Double)
    /// Each of the two within this factor of the other, either way.
    case within(Double)

    var text: String {
        switch self {
        case .atMost(let limit): String(format: "<= %.2fx", limit)
        case .within(let factor): String(format: "within %.1fx", factor)
        }
    }

    func isMet(by ratio: Double) -> Bool {
        switch self {
        case .atMost(let limit): ratio <= limit
        case .within(let factor): ratio <= factor && ratio >= 1 / factor
        }
    }
}

/// One line of the result table: Strata's median, the baseline's, their ratio.
struct TableLine {
    let row: String
    let payload: String
    let strata: Quantity
    let baseline: Quantity
    let target: Target
    /// Reported for information: no PASS or MISS.
    var informative = false
    /// The bytes of JSON one call reads or writes, for Strata's throughput (for a
    /// row on a `[String: Any]`, the document it was parsed from); `nil` for a row
    /// that measures no JSON text (an archive, memory, scaling).
    var jsonBytes: Int? = nil

    /// Strata's throughput in megabytes of JSON per second, or empty.
    var strataThroughput: String {
        guard let jsonBytes, case .seconds(let seconds) = strata, seconds > 0 else { return "" }
        return String(format: "%.0f", Double(jsonBytes) / seconds / 1e6)
    }

    var ratio: Double { strata.value / baseline.value }

    var result: String {
        informative ? "info" : target.isMet(by: ratio) ? "PASS" : "MISS"
    }
}

/// Prints table lines as aligned text columns.
enum TablePrinter {
    static let header = ["row", "payload", "Strata median", "Strata MB/s", "baseline median", "ratio", "target", "result"]

    static func render(_ lines: [TableLine]) -> String {
        let cells = [header] + lines.map { line in
            [
                line.row, line.payload, line.strata.text, line.strataThroughput, line.baseline.text,
                String(format: "%.2fx", line.ratio),
                line.informative ? "(\(line.target.text))" : line.target.text, line.result,
            ]
        }
        let widths = header.indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
        func format(_ row: [String]) -> String {
            zip(row, widths).enumerated().map { column, pair in
                let (text, width) = pair
                let padding = String(repeating: " ", count: width - text.count)
                // Text columns left-aligned, numbers right-aligned.
                return column < 2 ? text + padding : padding + text
            }.joined(separator: " | ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-|-")
        return ([format(header), rule] + cells.dropFirst().map(format)).joined(separator: "\n")
    }
}
