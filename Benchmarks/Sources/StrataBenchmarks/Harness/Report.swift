import Foundation

/// Collects the table lines of the rows that ran, the failures of those that
/// could not run or whose results disagree, and the rows skipped for want of a
/// third-party payload.
final class Report {
    let settings: Settings
    private(set) var lines: [TableLine] = []
    private(set) var failures: [String] = []
    private(set) var skipped: [String] = []

    init(settings: Settings) {
        self.settings = settings
    }

    /// Runs the row `id` (`name`) on `payload` unless the filter excludes it;
    /// `label` describes the payload in the table.
    /// The row checks its results and measures; a thrown error is recorded as a
    /// failure, a ``MissingPayload`` as a skipped row, and the other rows still run.
    func run(
        _ id: String, _ name: String, payload: String, label: String? = nil, _ row: () throws -> [TableLine]
    ) {
        guard settings.includes(id: id, name: name, payload: payload) else { return }
        let label = label ?? payload
        FileHandle.standardError.write(Data("row \(id) (\(name), \(label))…\n".utf8))
        do {
            lines += try row()
        } catch let missing as MissingPayload {
            skip("row \(id) (\(name), \(label))", missing)
        } catch {
            failures.append("row \(id) (\(name), \(label)): \(error)")
        }
    }

    /// Records that `rows` did not run because their payload is missing.
    func skip(_ rows: String, _ missing: MissingPayload) {
        FileHandle.standardError.write(Data("\(rows) skipped: \(missing.name) is missing\n".utf8))
        skipped.append("\(rows): \(missing)")
    }

    /// Records a failure outside a row (a payload that cannot be loaded, say).
    func fail(_ message: String) {
        failures.append(message)
    }
}
