import Foundation

/// Checks that a value is one JSON can represent: strings, finite numbers,
/// booleans, `NSNull`, and arrays and string-keyed objects of those.
enum JSONRepresentable {
    /// Why `value` cannot be written as JSON, or `nil` when it can.
    static func problem(with value: Any) -> String? {
        if value is String || value is NSNull { return nil }
        if let number = ExactNumber(value) {
            switch number {
            case .floating(let double) where !double.isFinite:
                return "\(double) is not a finite number, which JSON cannot represent."
            case .decimal(let decimal) where !decimal.isFinite:
                return "the Decimal \(decimal) is not a finite number, which JSON cannot represent."
            default:
                return nil
            }
        }
        if let object = value as? [String: Any] {
            for (key, item) in object {
                if let problem = problem(with: item) { return "at key '\(key)', " + problem }
            }
            return nil
        }
        if let array = value as? [Any] {
            for (index, item) in array.enumerated() {
                if let problem = problem(with: item) { return "at index \(index), " + problem }
            }
            return nil
        }
        return "a value of type \(type(of: value)) is not a JSON value."
    }
}
