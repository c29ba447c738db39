import Foundation

/// The coder a migration hook (``SecureCodingModel/decodeValue(forKey:with:modelVersion:)``)
/// receives: the unarchiver of the model, which also answers
/// `decodeObject(of:forKey:)` and `decodeObject(forKey:)` for the keys Strata
/// stores as scalars.
///
/// Strata writes numbers and booleans with typed coder calls
/// (`encode(_: Int64, forKey:)`, `encode(_: Bool, forKey:)`,
/// `encode(_: Double, forKey:)`), so that they come back with their exact Swift
/// type. Mantle's migrations read them with
/// `coder.decodeObject(of: NSNumber.self, forKey:)`, which `NSKeyedUnarchiver`
/// only answers for objects: for a scalar it fails, and on Linux leaves the
/// whole unarchiver failed. This coder reads such a key with the typed call and
/// returns it boxed in an `NSNumber`, so that Mantle's migrations read archives
/// of every version; the archive format does not change.
///
/// In an archive checked by ``ArchiveValidator`` (``ModelArchiver``,
/// `UserDefaults`), object decodes are answered from the layout the validator
/// read:
/// - an absent key is `nil`, and never reaches the unarchiver (where it would
///   fail the unarchive);
/// - an integer, floating-point number or boolean is an `NSNumber`;
/// - a string, data, model or collection is decoded by the unarchiver, allowing
///   the classes Strata writes, and returned when it is of a class asked for;
/// - a value of a class that was not asked for (a string read as an `NSNumber`)
///   is `nil`, and the hook's key fails with ``StrataError/Code-swift.enum/migrationFailed``
///   naming what the key holds, as a secure unarchiver would refuse it.
///
/// Archives that Strata did not check (a model embedded in an archive of your own
/// with `NSCoder.encodeModel(_:forKey:)`) have no layout: their object decodes go
/// to the unarchiver unchanged. The typed calls, `containsValue(forKey:)` and
/// `error` always go to the unarchiver, and Strata's own decodes
/// (``SecureCodingModel/decodedValue(of:forKey:with:)``, `decodeModel(of:forKey:)`)
/// read the unarchiver itself.
///
/// Linux only (swift-corelibs-foundation, where `decodeObject(of:forKey:)`, generic
/// or with an array of classes, is an open method that this class overrides). On
/// Apple platforms those are `@nonobjc` extension methods that cannot be
/// overridden, and the hook receives the unarchiver itself (``hookCoder(for:)``).
enum MigrationCoding {
    /// The coder the migration hook receives for `coder`, the model's unarchiver.
    static func hookCoder(for coder: NSCoder) -> NSCoder {
        #if canImport(ObjectiveC)
        coder
        #else
        MigrationCoder(coder)
        #endif
    }

    /// The unarchiver `coder` reads: itself, or the one a hook's coder wraps.
    static func unarchiver(of coder: NSCoder) -> NSCoder {
        #if canImport(ObjectiveC)
        coder
        #else
        (coder as? MigrationCoder)?.base ?? coder
        #endif
    }

    /// Forgets what the previous hook call asked for that the archive did not hold.
    static func reset(_ coder: NSCoder) {
        #if !canImport(ObjectiveC)
        (coder as? MigrationCoder)?.reset()
        #endif
    }

    /// What the last hook call asked of `coder` that the archive does not hold, as a message.
    static func refusal(of coder: NSCoder) -> String? {
        #if canImport(ObjectiveC)
        nil
        #else
        (coder as? MigrationCoder)?.refusal
        #endif
    }
}

#if !canImport(ObjectiveC)
final class MigrationCoder: NSCoder {
    /// The unarchiver being read.
    let base: NSCoder
    /// What the hook asked for that the archive does not hold, as a message; set
    /// by an object decode that returned `nil` for a key holding another kind of value.
    private(set) var refusal: String?

    init(_ base: NSCoder) {
        self.base = base
        super.init()
    }

    /// Forgets the refusal of the previous hook call.
    func reset() {
        refusal = nil
    }

    override var allowsKeyedCoding: Bool { base.allowsKeyedCoding }
    override var requiresSecureCoding: Bool { base.requiresSecureCoding }
    override var systemVersion: UInt32 { base.systemVersion }
    override var error: (any Error)? { base.error }
    override var allowedClasses: [AnyClass]? { base.allowedClasses }

    override func containsValue(forKey key: String) -> Bool { base.containsValue(forKey: key) }
    override func decodeBool(forKey key: String) -> Bool { base.decodeBool(forKey: key) }
    override func decodeCInt(forKey key: String) -> Int32 { base.decodeCInt(forKey: key) }
    override func decodeInt32(forKey key: String) -> Int32 { base.decodeInt32(forKey: key) }
    override func decodeInt64(forKey key: String) -> Int64 { base.decodeInt64(forKey: key) }
    override func decodeInteger(forKey key: String) -> Int { base.decodeInteger(forKey: key) }
    override func decodeFloat(forKey key: String) -> Float { base.decodeFloat(forKey: key) }
    override func decodeDouble(forKey key: String) -> Double { base.decodeDouble(forKey: key) }
    override func version(forClassName className: String) -> Int { base.version(forClassName: className) }

    override func decodeObject(forKey key: String) -> Any? {
        decodeObject(of: nil as [AnyClass]?, forKey: key)
    }

    override func decodeObject(of classes: [AnyClass]?, forKey key: String) -> Any? {
        guard let cursor = ArchiveContext.cursor(of: base) else {
            // Not an archive Strata checked: nothing says what the key holds.
            return classes.map { base.decodeObject(of: $0, forKey: key) } ?? base.decodeObject(forKey: key)
        }
        guard base.containsValue(forKey: key), let slot = cursor.slot(forKey: key) else { return nil }
        let object: Any?
        switch slot.kind {
        case .integer: object = NSNumber(value: base.decodeInt64(forKey: key))
        case .real: object = NSNumber(value: base.decodeDouble(forKey: key))
        case .bool: object = NSNumber(value: base.decodeBool(forKey: key))
        case .string, .data, .model, .collection:
            // No expectation is set: a model or collection decodes to a bridge object holding an error.
            object = base.decodeObject(of: ArchiveFormat.decodableClasses, forKey: key)
        case .null:
            return nil
        }
        guard let object else { return nil }
        if let classes, !classes.contains(where: { Self.isObject(object, of: $0) }) {
            if refusal == nil {
                refusal =
                    "The hook asked for '\(key)' as \(classes.map { String(describing: $0) }.joined(separator: " or ")), "
                    + "but the archive holds \(slot.kind.name) there."
            }
            return nil
        }
        return object
    }

    /// Whether `object` is an instance of `type` or of a subclass.
    private static func isObject(_ object: Any, of type: AnyClass) -> Bool {
        guard let object = object as? NSObject else { return false }
        return object.isKind(of: type)
    }
}
#endif
