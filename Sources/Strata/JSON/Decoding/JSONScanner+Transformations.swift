import Foundation

/// The scanner's plain strings converted by a property's transformation: where
/// the member-wise reader (Parsing/) meets the transformers, on the decode
/// engine's side.
extension JSONScanner {
    /// The string at `index` converted by the ``Transformation/forwardFromPlainString``
    /// of `transformation` (see ``plainString(_:)``); `nil` when it has none.
    @inline(__always)
    mutating func plainString(with transformation: Transformation?) -> Any? {
        guard let convert = transformation?.forwardFromPlainString else { return nil }
        return plainString(convert)
    }
}
