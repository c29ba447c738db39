import Foundation

/// Every `FixedWidthInteger` (`Int`, `UInt8`, `Int128`, …): a JSON number that
/// is a whole number in the type's range, exactly; archived as a 64-bit integer,
/// or as its digits when the type is wider.
///
/// `@unchecked Sendable`: it holds only a metatype, an immutable process-wide
/// type object.
struct IntegerProperty: LeafPropertyType, @unchecked Sendable {
    /// The integer type.
    let integerType: any FixedWidthInteger.Type

    static func classify(_ type: Any.Type) -> IntegerProperty? {
        (type as? any FixedWidthInteger.Type).map(IntegerProperty.init(integerType:))
    }

    var valueType: Any.Type { integerType }

    // MARK: JSON

    var defaultValueTransformer: Transformation? { DefaultTransformers.scalar(self) }
    var lenientTransformer: Transformation { LenientTransformers.number(self) }
    var convertsExactValuesToThemselves: Bool { integerType == Int.self }

    // MARK: Numbers

    var isNumeric: Bool { true }
    func converted(_ number: ExactNumber) -> Any? { number.integer(integerType) }

    // MARK: Archives

    var archivedKind: ArchiveLayout.Kind? { integerType.bitWidth > 64 ? .string : .integer }

    func archive(_ value: Any, forKey key: String, into coder: NSCoder) throws {
        try Self.archive(integerType, value, forKey: key, into: coder)
    }

    func unarchive(forKey key: String, from coder: NSCoder) throws -> Any {
        try Self.unarchive(integerType, forKey: key, from: coder)
    }

    private static func archive<I: FixedWidthInteger>(
        _ type: I.Type, _ value: Any, forKey key: String, into coder: NSCoder
    ) throws {
        let integer = try ArchivedValueCoding.typed(value, I.self, .leaf(IntegerProperty(integerType: I.self)))
        if I.bitWidth > 64 {
            coder.encode(String(integer) as NSString, forKey: key)
        } else if I.isSigned {
            coder.encode(Int64(integer), forKey: key)
        } else {
            coder.encode(Int64(bitPattern: UInt64(integer)), forKey: key)
        }
    }

    private static func unarchive<I: FixedWidthInteger>(_ type: I.Type, forKey key: String, from coder: NSCoder) throws -> I {
        let propertyType = PropertyType.leaf(IntegerProperty(integerType: I.self))
        if I.bitWidth > 64 {
            return try ArchivedValueCoding.decodeText(forKey: key, from: coder, as: propertyType) { I($0) }
        }
        let raw = coder.decodeInt64(forKey: key)
        let value = I.isSigned ? I(exactly: raw) : I(exactly: UInt64(bitPattern: raw))
        guard let value else {
            throw ArchivedValueCoding.invalid(
                "the number \(I.isSigned ? String(raw) : String(UInt64(bitPattern: raw)))", propertyType)
        }
        return value
    }

    // MARK: Storage

    func fastAccess(optional: Bool) -> FastAccess? {
        guard integerType == Int.self else { return nil }
        return .number(Int.self, optional: optional) { $0.integer(Int.self) }
    }
}
