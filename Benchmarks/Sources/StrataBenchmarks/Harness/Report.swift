import Foundation

/// Collects the table lines of the rows that ran and the failures of those
/// that could not run or whose results disagree.
final class Report {
    let settings: Settings
    private(set) var lines: [TableLine] = []
    private(set) var failures: [String] = []

    init(settings: Settings) {
        self.settings = settings
    }

    /// Runs the row `id` (`name`) on `payload` unless the filter excludes it;
    /// `label` describes the payload in the table.
    /// The row checks its results and measures; a thrown error is recorded as a
    /// failure and the other rows still run.
    func run(
        _ id: String, _ name: String, payload: String, label: String? = nil, _ row: () throws -> [TableLine]
    ) {
        guard settings.includes(id: id, name: name, payload: payload) else { return }
        let label = label ?? payload
        FileHandle.standardError.write(Data("row \(id) (\(name), \(label))…\n".utf8))
        do {
            lines += try row()
        } catch {
            failures.append("row \(id) (\(name), \(label)): \(error)")
        }
    }

    /// Records a failure outside a row (a payload that cannot be loaded, say).
    func fail(_ message: String) {
        failures.append(message)
    }
}
