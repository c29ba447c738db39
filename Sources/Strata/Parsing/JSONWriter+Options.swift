extension JSONWriter {
    /// Options that change how ``JSONWriter`` formats its output.
    ///
    /// The default (`[]`) writes compact JSON, keys in dictionary order, and `/` escaped
    /// as `\/` (as `JSONSerialization` does).
    ///
    /// ```swift
    /// let bytes = try JSONWriter.bytes(withJSONObject: ["b": 1, "a": 2], options: [.sortedKeys, .prettyPrinted])
    /// ```
    struct Options: OptionSet, Sendable {
        /// The raw bits of the option set.
        let rawValue: UInt

        /// Creates an option set from raw bits.
        ///
        /// ```swift
        /// let options = JSONWriter.Options(rawValue: 0)
        /// ```
        init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Indent nested values by two spaces per level, one member or element per line,
        /// with `" : "` between a key and its value (the `JSONSerialization` layout).
        ///
        /// Empty arrays and objects are written as `[]` and `{}`.
        ///
        /// ```swift
        /// // {
        /// //   "a" : 1
        /// // }
        /// let bytes = try JSONWriter.bytes(withJSONObject: ["a": 1], options: .prettyPrinted)
        /// ```
        static let prettyPrinted = Options(rawValue: 1 << 0)

        /// Write object members in ascending key order (Swift `String` comparison),
        /// so equal values always give identical bytes.
        ///
        /// ```swift
        /// // {"a":2,"b":1}
        /// let bytes = try JSONWriter.bytes(withJSONObject: ["b": 1, "a": 2], options: .sortedKeys)
        /// ```
        static let sortedKeys = Options(rawValue: 1 << 1)

        /// Write `/` as is instead of the default `\/`.
        ///
        /// ```swift
        /// // ["a/b"]
        /// let bytes = try JSONWriter.bytes(withJSONObject: ["a/b"], options: .withoutEscapingSlashes)
        /// ```
        static let withoutEscapingSlashes = Options(rawValue: 1 << 2)
    }
}
