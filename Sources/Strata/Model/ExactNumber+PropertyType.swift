import Foundation

/// Exact numbers converted to the type a property declares, through its leaf type.
extension ExactNumber {
    /// Converts to the Swift type that `type` describes, or returns `nil` when the
    /// conversion would lose information or mix booleans and numbers (see
    /// ``LeafPropertyType/converted(_:)``).
    func converted(to type: PropertyType) -> Any? {
        guard case .leaf(let leaf) = type else { return nil }
        return leaf.converted(self)
    }
}

extension PropertyType {
    /// Converts a number or boolean in any representation to this numeric type,
    /// exactly.
    ///
    /// Returns `nil` when `value` is not a number, or does not fit.
    func exactNumber(from value: Any) -> Any? {
        ExactNumber(value)?.converted(to: self)
    }
}
