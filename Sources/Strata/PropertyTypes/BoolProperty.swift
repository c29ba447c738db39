import Foundation

/// `Bool`: JSON's `true` and `false`, never a number; archived with the coder's
/// boolean calls.
struct BoolProperty: LeafPropertyType {
    static func classify(_ type: Any.Type) -> BoolProperty? { type == Bool.self ? BoolProperty() : nil }

    var valueType: Any.Type { Bool.self }
    var name: String { "Bool" }

    // MARK: JSON

    var defaultValueTransformer: Transformation? { DefaultTransformers.scalar(self) }
    var lenientTransformer: Transformation { LenientTransformers.number(self) }
    var convertsExactValuesToThemselves: Bool { true }

    // MARK: Numbers

    var isNumeric: Bool { true }
    func converted(_ number: ExactNumber) -> Any? { number.boolean }

    // MARK: Archives

    var archivedKind: ArchiveLayout.Kind? { .bool }

    func archive(_ value: Any, forKey key: String, into coder: NSCoder) throws {
        coder.encode(try ArchivedValueCoding.typed(value, Bool.self, .leaf(self)), forKey: key)
    }

    func unarchive(forKey key: String, from coder: NSCoder) throws -> Any {
        coder.decodeBool(forKey: key)
    }

    // MARK: Storage

    func fastAccess(optional: Bool) -> FastAccess? {
        .number(Bool.self, optional: optional) { $0.boolean }
    }
}
