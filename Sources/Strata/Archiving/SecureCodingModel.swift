import Foundation

/// A ``Model`` that can be archived with `NSKeyedArchiver` (secure coding on),
/// stored in `UserDefaults`, and embedded in other keyed archives.
///
/// `SecureCodingModel` is Strata's counterpart of Mantle's `MTLModel` `NSSecureCoding`
/// support. The archive records ``archiveName`` and ``modelVersion``; each archived
/// property is written with a typed coder call chosen from its Swift type, and
/// restored to exactly that type. Decoded values go through the same validated
/// setters and ``Model/validate()`` as the JSON adapter.
///
/// ```swift
/// struct Settings: SecureCodingModel {
///     var textSize = 12
///     var theme = "light"
///     var token = ""
///     static let propertyKeys: PropertyKeys<Settings> = ["textSize": \.textSize, "theme": \.theme, "token": \.token]
///     static var modelVersion: Int { 2 }
///     static let encodingBehaviorsByPropertyKey: [String: EncodingBehavior] = ["token": .excluded]
///
///     static func decodeValue(forKey key: String, with coder: NSCoder, modelVersion: Int) throws -> Any? {
///         if key == "textSize", modelVersion < 2 {
///             return try decodedValue(of: Int.self, forKey: "fontSize", with: coder)   // renamed in version 2
///         }
///         return try defaultDecodedValue(forKey: key, with: coder)
///     }
/// }
///
/// let data = try ModelArchiver.archivedData(with: settings)
/// let back = try ModelArchiver.unarchivedModel(of: Settings.self, from: data)
/// ```
///
/// Archivable property types: `Bool`, integers up to 64 bits (wider ones as
/// text), `Float`, `Double`, `String`, `Data`, `Date`, `URL`, `UUID`, `Decimal`,
/// `RawRepresentable` types whose raw value is archivable, ``JSONValue`` and
/// ``JSONTaggedEnum`` values (as their JSON text), nested `SecureCodingModel`s,
/// and `Optional`s, arrays and `[String: T]` dictionaries of these. Any other type is reported when archiving, naming the key; mark such a
/// property ``EncodingBehavior/excluded``.
public protocol SecureCodingModel: Model {
    /// The version of the model's archive format, recorded in every archive. The
    /// default is 0.
    ///
    /// Raise it when the meaning or the keys of archived values change; the
    /// migration hook ``decodeValue(forKey:with:modelVersion:)`` then receives the
    /// version an archive was written with. Archives from a newer version are
    /// refused with ``StrataError/Code-swift.enum/unsupportedModelVersion``.
    static var modelVersion: Int { get }

    /// The identity recorded in the archive. The default is the type's name,
    /// `String(describing: Self.self)`.
    ///
    /// Decoding refuses an archive recorded under another name. Keep the old
    /// name here when renaming the type, so that it still reads its old archives.
    static var archiveName: String { get }

    /// How each property is archived. Keys that are not listed are
    /// ``EncodingBehavior/unconditional`` when writable and
    /// ``EncodingBehavior/excluded`` when read-only; listing a key that is not in
    /// ``Model/propertyKeys`` is an error.
    static var encodingBehaviorsByPropertyKey: [String: EncodingBehavior] { get }

    /// The migration hook: returns the value for the property `key`, read from
    /// `coder`, an archive written by version `modelVersion` of the model.
    ///
    /// Called for every archived property key while decoding (Mantle's
    /// `decodeValueForKey:withCoder:modelVersion:`). Return `nil` for no value: the
    /// property is then `nil` when the archive marks it `nil`, and keeps its
    /// default otherwise. The value returned is stored through the
    /// validated setter. The default returns
    /// ``defaultDecodedValue(forKey:with:)``. Read renamed or retyped keys with
    /// ``decodedValue(of:forKey:with:)``, or as Mantle does:
    /// `coder.decodeObject(of: NSNumber.self, forKey:)` reads the numbers and
    /// booleans Strata writes with typed coder calls, boxed in an `NSNumber`, and
    /// is `nil` for an absent key (on Linux, in archives Strata checked; see
    /// Archiving.md).
    static func decodeValue(forKey key: String, with coder: NSCoder, modelVersion: Int) throws -> Any?
}

extension SecureCodingModel {
    /// Version 0.
    public static var modelVersion: Int { 0 }

    /// The type's name: `String(describing: Self.self)`.
    public static var archiveName: String { String(describing: Self.self) }

    /// Every writable key ``EncodingBehavior/unconditional``.
    public static var encodingBehaviorsByPropertyKey: [String: EncodingBehavior] {
        var behaviors: [String: EncodingBehavior] = [:]
        for property in ModelSchema<Self>.shared.properties where property.isWritable {
            behaviors[property.key] = .unconditional
        }
        return behaviors
    }

    /// Returns ``defaultDecodedValue(forKey:with:)``.
    public static func decodeValue(forKey key: String, with coder: NSCoder, modelVersion: Int) throws -> Any? {
        try defaultDecodedValue(forKey: key, with: coder)
    }

    /// Reads the property `key` as Strata archives it, typed by the property's
    /// declared type; `nil` when the archive does not contain the key.
    ///
    /// Call it from an overriding ``decodeValue(forKey:with:modelVersion:)`` for
    /// the keys that need no migration.
    /// - Throws: ``StrataError/Code-swift.enum/unknownKey`` for a key that is not a
    ///   property, or ``StrataError/Code-swift.enum/invalidArchive`` when the
    ///   archived value does not have the property's type.
    public static func defaultDecodedValue(forKey key: String, with coder: NSCoder) throws -> Any? {
        let property = try ModelSchema<Self>.shared.property(forKey: key)
        return try ArchivedValueCoding.decode(property.type, forKey: key, from: coder)
    }

    /// Reads the value archived under `key` as a `T`, the way Strata archives a
    /// property of type `T`; `nil` when the archive does not contain the key.
    ///
    /// Use it in migrations to read a key that was renamed or retyped:
    ///
    /// ```swift
    /// if key == "textSize", modelVersion < 2 {
    ///     return try decodedValue(of: Int.self, forKey: "fontSize", with: coder)
    /// }
    /// ```
    /// - Throws: ``StrataError/Code-swift.enum/unsupportedValue`` when Strata
    ///   cannot archive a `T`, or ``StrataError/Code-swift.enum/invalidArchive``
    ///   when the archived value is not a `T`.
    public static func decodedValue<T>(of type: T.Type, forKey key: String, with coder: NSCoder) throws -> T? {
        let propertyType = PropertyType(T.self)
        if let problem = propertyType.archiveProblem {
            throw StrataError(.unsupportedValue, "Strata cannot archive \(propertyType.name): \(problem)", path: [.key(key)])
        }
        guard let value = try ArchivedValueCoding.decode(propertyType, forKey: key, from: coder) else { return nil }
        guard let typed = value as? T else {
            throw StrataError.archived(propertyType.name, foundDescription: describe(value), path: [.key(key)])
        }
        return typed
    }
}
