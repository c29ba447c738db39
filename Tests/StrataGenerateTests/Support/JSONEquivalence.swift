import Foundation
import Strata
import StrataGeneratorCore

/// Whether JSON written back from models holds the same values as the sample it
/// was read from, where "the same" allows what a model cannot remember:
///
/// - key order (objects are compared as sets of members);
/// - `null` members and absent members are the same (an optional property that was
///   absent is written as `null`, one that was `null` may be left out);
/// - numbers are compared by value (`1` and `1.0`, `1e3` and `1000`);
/// - ISO 8601 dates are compared as instants (`.000Z` is written without the
///   fraction, `+00:00` as `Z`);
/// - UUIDs are compared ignoring case (`UUID` writes upper case).
enum JSONEquivalence {
    /// The first place where `written` differs from `sample`, as a path and a
    /// sentence, or `nil` when they hold the same values.
    static func firstDifference(_ sample: JSONSample, _ written: JSONSample, path: String = "$") -> String? {
        switch (sample, written) {
        case (.object(let left), .object(let right)):
            let leftMembers = nonNullMembers(left)
            let rightMembers = nonNullMembers(right)
            for (key, value) in leftMembers {
                guard let other = rightMembers[key] else { return "\(path).\(key): missing from the written JSON" }
                if let difference = firstDifference(value, other, path: "\(path).\(key)") { return difference }
            }
            for key in rightMembers.keys where leftMembers[key] == nil {
                return "\(path).\(key): written, but not in the sample"
            }
            return nil
        case (.array(let left), .array(let right)):
            guard left.count == right.count else { return "\(path): \(left.count) elements, written \(right.count)" }
            for (index, pair) in zip(left, right).enumerated() {
                if let difference = firstDifference(pair.0, pair.1, path: "\(path)[\(index)]") { return difference }
            }
            return nil
        case (.number(let left), .number(let right)):
            return Double(left) == Double(right) ? nil : "\(path): \(left), written \(right)"
        case (.string(let left), .string(let right)):
            return sameString(left, right) ? nil : "\(path): \"\(left)\", written \"\(right)\""
        default:
            return sample == written ? nil : "\(path): \(sample.kindDescription), written \(written.kindDescription)"
        }
    }

    private static func nonNullMembers(_ members: [JSONMember]) -> [String: JSONSample] {
        var result: [String: JSONSample] = [:]
        for member in members where member.value != .null { result[member.key] = member.value }
        return result
    }

    private static func sameString(_ left: String, _ right: String) -> Bool {
        if left == right { return true }
        if let leftUUID = UUID(uuidString: left), let rightUUID = UUID(uuidString: right) { return leftUUID == rightUUID }
        let iso = ValueTransformer.iso8601Date
        if let leftDate = (try? iso.checkedTransformedValue(left)) as? Date,
            let rightDate = (try? iso.checkedTransformedValue(right)) as? Date
        {
            return leftDate == rightDate
        }
        return false
    }
}
