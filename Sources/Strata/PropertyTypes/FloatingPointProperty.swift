import Foundation

/// Every `BinaryFloatingPoint` type (`Double`, `Float`, …): a JSON number,
/// rounded to the nearest value of the type; archived as a `Double`.
///
/// `@unchecked Sendable`: it holds only a metatype, an immutable process-wide
/// type object.
struct FloatingPointProperty: LeafPropertyType, @unchecked Sendable {
    /// The floating-point type.
    let floatingType: any BinaryFloatingPoint.Type

    static func classify(_ type: Any.Type) -> FloatingPointProperty? {
        (type as? any BinaryFloatingPoint.Type).map(FloatingPointProperty.init(floatingType:))
    }

    var valueType: Any.Type { floatingType }

    // MARK: JSON

    var defaultValueTransformer: Transformation? { DefaultTransformers.scalar(self) }
    var lenientTransformer: Transformation { LenientTransformers.number(self) }
    /// NaN and the infinities are no JSON number.
    var mayBeUnrepresentableInJSON: Bool { true }
    var convertsExactValuesToThemselves: Bool { floatingType == Double.self }
    var isDouble: Bool { floatingType == Double.self }

    // MARK: Numbers

    var isNumeric: Bool { true }
    func converted(_ number: ExactNumber) -> Any? { number.floatingPoint(floatingType) }

    // MARK: Archives

    var archiveProblem: String? {
        floatingType.significandBitCount <= Double.significandBitCount && floatingType.exponentBitCount <= Double.exponentBitCount
            ? nil : "\(floatingType) is wider than Double, and would lose precision"
    }

    var archivedKind: ArchiveLayout.Kind? { .real }

    func archive(_ value: Any, forKey key: String, into coder: NSCoder) throws {
        try Self.archive(floatingType, value, forKey: key, into: coder)
    }

    func unarchive(forKey key: String, from coder: NSCoder) throws -> Any {
        try Self.unarchive(floatingType, forKey: key, from: coder)
    }

    private static func archive<F: BinaryFloatingPoint>(
        _ type: F.Type, _ value: Any, forKey key: String, into coder: NSCoder
    ) throws {
        let number = try ArchivedValueCoding.typed(value, F.self, .leaf(FloatingPointProperty(floatingType: F.self)))
        coder.encode(Double(number), forKey: key)
    }

    private static func unarchive<F: BinaryFloatingPoint>(_ type: F.Type, forKey key: String, from coder: NSCoder) throws -> F {
        let number = coder.decodeDouble(forKey: key)
        let value = F(number)
        guard value.isFinite || !number.isFinite else {
            throw ArchivedValueCoding.invalid("the number \(number)", .leaf(FloatingPointProperty(floatingType: F.self)))
        }
        return value
    }

    // MARK: Storage

    func fastAccess(optional: Bool) -> FastAccess? {
        guard floatingType == Double.self else { return nil }
        return .number(Double.self, optional: optional) { $0.floatingPoint(Double.self) }
    }
}
