import Foundation

/// Maps JSON to models and models to JSON: Strata's `MTLJSONAdapter`.
///
/// The adapter reads each mapped property's value at its JSON key path,
/// transforms it, and assigns it through the model's validated setter; then it
/// calls `validate()`. Writing goes the other way through the reverse transformers.
///
/// ```swift
/// let repo = try JSONAdapter.model(of: Repo.self, from: data)
/// var json = try JSONAdapter.dictionary(from: repo)
/// let bytes = try JSONAdapter.data(from: repo, options: .omitNulls)
/// ```
///
/// Every failure is a ``StrataError`` whose path names the JSON value:
/// `contributors[1].id: Expected Int for 'id' of Owner, found the string "7". Fix the
/// payload, or give 'id' a transformer that converts it.`
public enum JSONAdapter {
    /// How models are written as JSON.
    public struct Options: OptionSet, Sendable, Hashable {
        /// The options' bits.
        public let rawValue: Int
        /// Creates options from their raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Leave out keys whose value is `nil`, instead of writing `null`.
        public static let omitNulls = Options(rawValue: 1 << 0)
        /// Write object keys in sorted order (``data(from:options:)`` only).
        public static let sortedKeys = Options(rawValue: 1 << 1)
        /// Indent the output (``data(from:options:)`` only).
        public static let prettyPrinted = Options(rawValue: 1 << 2)
    }

    /// The options of the write in progress, so that nested models written by
    /// transformers follow them too.
    @TaskLocal static var currentOptions: Options = []
}
