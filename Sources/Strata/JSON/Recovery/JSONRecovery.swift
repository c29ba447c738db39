/// How one property recovers from a JSON value it cannot take, instead of
/// failing the whole model: a property's entry in
/// ``JSONSerializing/jsonRecoveryByPropertyKey``.
///
/// Strict is the default: a property with no recovery fails the model, with the
/// path of the value. Each recovery keeps the model and reports what it left
/// out: decode with `JSONAdapter.model(of:from:diagnostics:)`
/// and read the ``JSONDiagnostics`` it fills in.
///
/// ```swift
/// struct Status: JSONSerializing {
///     var id = 0
///     var replies = 0
///     var tags: [String] = []
///     var media: [Attachment] = []
///
///     static let propertyKeys: PropertyKeys<Status> = [
///         "id": \.id, "replies": \.replies, "tags": \.tags, "media": \.media,
///     ]
///     static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
///     static let jsonRecoveryByPropertyKey: [String: JSONRecovery] = [
///         "replies": .defaultForNull,         // "replies": null → 0
///         "tags": .defaultForInvalid,         // "tags": "swift" → []
///         "media": .skipsInvalidElements,     // one broken attachment is left out
///     ]
/// }
/// ```
///
/// What a recovery never hides: a mistake in the model (an invalid mapping), an
/// option out of range, and data that is not JSON still fail, whatever the
/// recovery. A key listed in ``JSONSerializing/requiredPropertyKeys`` must still
/// be present; with ``defaultForNull`` or ``defaultForInvalid`` it may be `null`.
public struct JSONRecovery: OptionSet, Sendable, Hashable {
    /// The recoveries in the set, one bit each.
    public let rawValue: UInt8

    /// Creates a set of recoveries from its raw value.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// A `null` the property cannot take keeps the property's default value:
    /// `null` for a property that is not optional, or one its transformer or
    /// validator refuses.
    ///
    /// An optional property still takes `null` as `nil`.
    ///
    /// BetterCodable's `@DefaultCodable`, MetaCodable's `@Default(ifMissing:)` for
    /// a key that is sent as `null`.
    public static let defaultForNull = JSONRecovery(rawValue: 1 << 0)

    /// Any value that fails keeps the property's default value: a value of the
    /// wrong type, one its transformer or validator refuses, a nested model that
    /// fails, and `null` (``defaultForNull`` is included).
    ///
    /// MetaCodable's `@Default(forErrors:)`.
    public static let defaultForInvalid = JSONRecovery(rawValue: 1 << 1 | 1 << 0)

    /// The elements of the property's arrays, sets and `[String: T]` dictionaries
    /// that fail are left out, and the others kept: BetterCodable's `@LossyArray`.
    ///
    /// This applies to the collections of the property's value (`[[URL]]` too) read
    /// by Strata's transformers, whether chosen by the type or named
    /// (``ValueTransformer/array(of:)``, ``ValueTransformer/models(_:)``), and not
    /// to the collections inside a nested model, which follow that model's own
    /// recoveries.
    ///
    /// A value that is not a collection at all still fails, unless
    /// ``defaultForInvalid`` is also given.
    public static let skipsInvalidElements = JSONRecovery(rawValue: 1 << 2)
}

extension JSONRecovery {
    /// Whether a recovery may hide `error`: failures of the payload's values may
    /// be recovered from; mistakes in the model or the options, and data that is
    /// not JSON, may not.
    static func canRecover(from error: StrataError) -> Bool {
        switch error.code {
        case .invalidJSONDictionary, .invalidJSONKeyPath, .noClassFound, .typeMismatch, .transformerFailed,
            .nullForNonOptional, .validationFailed, .missingRequiredKeys, .unsupportedValue, .nestingTooDeep:
            return true
        case .invalidJSON, .invalidMapping, .invalidOptions, .unknownKey, .readOnlyKey, .invalidArchive,
            .unsupportedModelVersion, .migrationFailed:
            return false
        }
    }

    /// Whether this recovery keeps the default for `error`, the failure of a value
    /// that was `null` when `wasNull`.
    func keepsDefault(after error: StrataError, wasNull: Bool) -> Bool {
        let applies = contains(.defaultForInvalid) || (wasNull && contains(.defaultForNull))
        return applies && Self.canRecover(from: error)
    }
}
