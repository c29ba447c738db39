import Foundation

/// Describes a value for an error message: `the string "12"`, `the number 1.5`,
/// `null`, `an array of 3 elements`.
func describe(_ value: Any?) -> String {
    guard let value else { return "nil" }
    if isJSONNull(value) { return "null" }
    if let number = value as? JSONNumber { return "the number \(shortened(number.text))" }
    if let number = ExactNumber(value) {
        switch number {
        case .boolean(let v): return "the boolean \(v)"
        case .signed(let v): return "the number \(v)"
        case .unsigned(let v): return "the number \(v)"
        case .floating(let v): return "the number \(v)"
        case .decimal(let v): return "the number \(v)"
        case .approximate(let v): return v.map { "the number \($0)" } ?? "a number beyond Double's range"
        }
    }
    if let string = value as? String {
        return "the string \"\(shortened(string))\""
    }
    if let array = value as? [Any] {
        return array.count == 1 ? "an array of 1 element" : "an array of \(array.count) elements"
    }
    if let object = value as? [String: Any] {
        let keys = object.keys.sorted().prefix(5).joined(separator: ", ")
        return object.isEmpty ? "an empty object" : "an object with keys \(keys)\(object.count > 5 ? ", …" : "")"
    }
    return "a value of type \(type(of: value))"
}

/// `text`, cut to its first 40 characters and `…` when it is longer.
private func shortened(_ text: String) -> String {
    text.count > 40 ? String(text.prefix(40)) + "…" : text
}
