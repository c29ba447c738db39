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
/// let bytes = try JSONAdapter.data(from: repo, options: .omitNulls, formatting: .sortedKeys)
/// ```
///
/// Reading takes ``DecodingOptions`` (its limits), writing ``EncodingOptions``
/// (`nil` as `null` or left out, and the same model limit), and writing `Data`
/// also ``OutputFormatting``. The defaults suit any real payload.
///
/// Every failure is a ``StrataError`` whose path names the JSON value:
/// `contributors[1].id: Expected Int for 'id' of Owner, found the string "7". Fix the
/// payload, or give 'id' a transformer that converts it.`
public enum JSONAdapter {}
