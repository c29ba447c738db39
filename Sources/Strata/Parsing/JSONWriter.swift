import Foundation

/// Writes Foundation objects and Swift natives as UTF-8 JSON, like `JSONSerialization`.
///
/// Internal: ``JSONAdapter`` writes models through ``JSONEmitter``, the same
/// writer; this entry point for any value serves the lenient string transformer
/// (a number as its JSON text), the tests and the fuzz targets.
///
/// Accepted values: `String`/`NSString`, `Bool`, every `Int`/`UInt` width, `Double`,
/// `Float`, `Decimal`, ``JSONNumber`` (its text), `NSNumber` (a boolean `NSNumber`
/// writes `true`/`false`, `NSDecimalNumber` writes its exact digits), `NSNull`, arrays (`[Any]`, `NSArray`,
/// typed arrays) and dictionaries with `String` keys (`[String: Any]`,
/// `NSDictionary`, typed dictionaries). Top-level scalars are allowed (RFC 8259).
///
/// Decisions:
/// - `Optional.none` inside `Any` is written as `null`; `Optional.some` is unwrapped.
/// - `Double` and `Float` use Swift's shortest round-trip `description`
///   (`0.1`, `1e-07`, `100.0`, `-0.0`), which is valid JSON and reads back as the
///   same floating-point value. NaN and infinity throw.
/// - Strings escape `"`, `\`, control characters (`\b \f \n \r \t`, else `\u00XX`)
///   and, unless ``Options/withoutEscapingSlashes``, `/` as `\/`. Everything else,
///   including non-ASCII text, is written as UTF-8.
/// - Anything else throws ``JSONWritingError`` naming the type and its path.
///
/// ```swift
/// let bytes = try JSONWriter.bytes(withJSONObject: ["name": "Ada", "admin": true], options: .sortedKeys)
/// // {"admin":true,"name":"Ada"}
/// ```
enum JSONWriter {
    /// Serialises `object` to UTF-8 JSON, as a byte array (no `Data` copy).
    ///
    /// Throws ``JSONWritingError`` for a value JSON cannot represent (a `Date`, a custom
    /// type, a non-`String` dictionary key, NaN or infinity), naming its type and path.
    ///
    /// ```swift
    /// let bytes = try JSONWriter.bytes(withJSONObject: [1, 2.5, "x", NSNull()])
    /// // [1,2.5,"x",null]
    /// ```
    static func bytes(withJSONObject object: Any, options: Options = []) throws(JSONWritingError) -> [UInt8] {
        var emitter = JSONEmitter(options: options)
        try emitter.write(object, depth: 0)
        return emitter.bytes
    }
}
