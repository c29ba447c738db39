import Foundation

/// `Data`: no JSON value is one, so a property of it names its transformer
/// (`.base64Data`); archived as `NSData`.
struct DataProperty: LeafPropertyType {
    static func classify(_ type: Any.Type) -> DataProperty? { type == Data.self ? DataProperty() : nil }

    var valueType: Any.Type { Data.self }
    var name: String { "Data" }

    // MARK: JSON

    var defaultValueTransformer: Transformation? { nil }
    var outsideJSON: OutsideJSON? { OutsideJSON(description: "Data", transformer: ".base64Data") }
    var mayBeUnrepresentableInJSON: Bool { true }

    // MARK: Archives

    var archivedKind: ArchiveLayout.Kind? { .data }

    func archive(_ value: Any, forKey key: String, into coder: NSCoder) throws {
        coder.encode(try ArchivedValueCoding.typed(value, Data.self, .leaf(self)) as NSData, forKey: key)
    }

    func unarchive(forKey key: String, from coder: NSCoder) throws -> Any {
        let object = coder.decodeObject(of: ArchiveFormat.decodableClasses, forKey: key)
        guard let data = object as? NSData else { throw ArchivedValueCoding.invalid(describe(object), .leaf(self)) }
        return Data(referencing: data)
    }
}
