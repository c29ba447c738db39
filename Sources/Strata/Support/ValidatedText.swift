/// Strings made from code units only when the units are well-formed: what the
/// standard library's `String(validating:as:)` does, which needs iOS 18 /
/// macOS 15, on every platform Strata supports.
///
/// `String(decoding:as:)` replaces each ill-formed sequence with U+FFFD, whose
/// code units an ill-formed sequence never has, so the string's code units are
/// the input's exactly when there was none.
///
///     ValidatedText.string(utf8: [0x68, 0x69])  // "hi"
///     ValidatedText.string(utf8: [0xFF])        // nil
package enum ValidatedText {
    /// The string of `utf8`, or `nil` when the bytes are not well-formed UTF-8.
    package static func string<Units: Collection<UInt8>>(utf8: Units) -> String? {
        let string = String(decoding: utf8, as: UTF8.self)
        return string.utf8.elementsEqual(utf8) ? string : nil
    }

    /// The string of `utf16`, or `nil` when the units are not well-formed UTF-16
    /// (a lone surrogate).
    package static func string<Units: Collection<UInt16>>(utf16: Units) -> String? {
        let string = String(decoding: utf16, as: UTF16.self)
        return string.utf16.elementsEqual(utf16) ? string : nil
    }
}
