import Foundation

/// `URL`: a JSON string holding a URL as RFC 3986 writes it, written back as its
/// `absoluteString`; archived as the same text, read by the same rule.
struct URLProperty: LeafPropertyType {
    static func classify(_ type: Any.Type) -> URLProperty? { type == URL.self ? URLProperty() : nil }

    var valueType: Any.Type { URL.self }
    var name: String { "URL" }

    // MARK: JSON

    var defaultValueTransformer: Transformation? { .url }
    var defaultPropertyTransformer: Transformation? { .url }
    var hasFixedJSONConversion: Bool { true }

    // MARK: Archives

    var archivedKind: ArchiveLayout.Kind? { .string }

    func archive(_ value: Any, forKey key: String, into coder: NSCoder) throws {
        coder.encode(try ArchivedValueCoding.typed(value, URL.self, .leaf(self)).absoluteString as NSString, forKey: key)
    }

    func unarchive(forKey key: String, from coder: NSCoder) throws -> Any {
        try ArchivedValueCoding.decodeText(forKey: key, from: coder, as: .leaf(self), Self.url(fromText:))
    }

    // MARK: Storage

    func fastAccess(optional: Bool) -> FastAccess? {
        .stored(URL.self, optional: optional, writtenAs: { $0.absoluteString })
    }

    // MARK: Text

    /// The URL `text` is, or `nil`: the one rule for JSON and archives.
    ///
    /// The text must be a URL (or relative reference) as RFC 3986 writes it, which
    /// `URL(string:)` reads without changing: only ASCII letters, digits and
    /// `-._~:/?#[]@!$&'()*+,;=`, and `%` only before two hexadecimal digits. So a
    /// space, a character outside ASCII or a stray `%` makes the text no URL, rather
    /// than a URL percent-encoded for it (`URL(string:)` does that since macOS 14 and
    /// in swift-foundation), and a URL is written back as the text it was read from.
    /// An empty string is no URL.
    static func url(fromText text: String) -> URL? {
        isURLText(text) ? url(readingUnchanged: text) : nil
    }

    /// ``url(fromText:)`` for a text given as its UTF-8 bytes: the same URL, `nil`
    /// for the same texts, without first making a `String` to check.
    static func url(fromBytes bytes: UnsafeBufferPointer<UInt8>) -> URL? {
        isURLBytes(bytes) ? url(readingUnchanged: String(decoding: bytes, as: UTF8.self)) : nil
    }

    /// The URL `URL(string:)` reads from `text` when it reads it unchanged.
    private static func url(readingUnchanged text: String) -> URL? {
        guard let url = URL(string: text), url.absoluteString == text else { return nil }
        return url
    }
}

/// `String` ↔ `URL`: ``ValueTransformer/url``, the default for `URL` properties.
extension Transformation {
    static let url = Transformation(
        forward: { value in
            guard let value else { return nil }
            guard let text = exactValue(value, as: String.self) ?? value as? String else {
                throw StrataError.expected("String", found: value)
            }
            guard let url = URLProperty.url(fromText: text) else {
                throw StrataError.expected("a URL", found: text, code: .transformerFailed)
            }
            return url
        },
        reverse: { value in
            guard let value else { return nil }
            guard let text = (value as? URL)?.absoluteString else {
                throw StrataError.expected("URL", found: value)
            }
            return text
        }
    )
    // A plain string from its bytes, checked as `URLProperty.url(fromText:)` checks the `String`.
    .readingPlainStrings { URLProperty.url(fromBytes: $0) }
}

/// Whether `text` is made only of the characters RFC 3986 allows in a URI
/// reference, with each `%` starting a percent-encoded byte.
///
/// Empty text is not.
private func isURLText(_ text: String) -> Bool {
    if let isURL = text.utf8.withContiguousStorageIfAvailable(isURLBytes) { return isURL }
    return Array(text.utf8).withUnsafeBufferPointer(isURLBytes)
}

private func isURLBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
    return urlByteClasses.withUnsafeBufferPointer { classes in
        guard let classOf = classes.baseAddress else { return false }
        let count = bytes.count
        var index = 0
        // Eight bytes at a time while all are allowed as they are: the classes' AND is
        // `allowed` only then (`percent` has no bit in common with it).
        while index + 8 <= count {
            let allBytes =
                classOf[Int(base[index])] & classOf[Int(base[index + 1])] & classOf[Int(base[index + 2])]
                & classOf[Int(base[index + 3])] & classOf[Int(base[index + 4])] & classOf[Int(base[index + 5])]
                & classOf[Int(base[index + 6])] & classOf[Int(base[index + 7])]
            guard allBytes == URLByteClass.allowed else { break }
            index &+= 8
        }
        while index < count {
            // One load and one test per byte for the common case, a character allowed as it is.
            let byteClass = classOf[Int(base[index])]
            if byteClass == URLByteClass.allowed {
                index &+= 1
                continue
            }
            guard byteClass == URLByteClass.percent, index + 2 < count, isHexDigit(base[index + 1]),
                isHexDigit(base[index + 2])
            else { return false }
            index += 3
        }
        return true
    }
}

/// What a byte is in a URL's text, by ``urlByteClasses``.
private enum URLByteClass {
    static let forbidden: UInt8 = 0
    static let allowed: UInt8 = 1
    static let percent: UInt8 = 2
}

/// The class of each byte value: the ASCII characters RFC 3986 allows as they are
/// (unreserved, general and sub-delimiters: A-Z a-z 0-9 -._~ :/?#[]@ !$&'()*+,;=),
/// `%`, and every other byte.
private let urlByteClasses: [UInt8] = (0...255).map { byte in
    if byte == 0x25 { return URLByteClass.percent }
    let allowed = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;="
    return allowed.utf8.contains(UInt8(byte)) ? URLByteClass.allowed : URLByteClass.forbidden
}

private func isHexDigit(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
        return true
    default:
        return false
    }
}
