// The worked example of Docs/Internals.md ("Adding a property type"): the block
// there is this file from its documentation comment on, word for word
// (scripts/apple-check compares them), and TimeZonePropertyTests runs it.
import Foundation

@testable import Strata

/// `TimeZone`: a JSON string holding its identifier; archived as the same text.
struct TimeZoneProperty: LeafPropertyType {
    static func classify(_ type: Any.Type) -> TimeZoneProperty? {
        type == TimeZone.self ? TimeZoneProperty() : nil
    }

    var valueType: Any.Type { TimeZone.self }

    var defaultValueTransformer: Transformation? {
        Transformation(
            { (identifier: String) throws -> TimeZone in
                guard let zone = TimeZone(identifier: identifier) else {
                    throw StrataError.expected(
                        "a time zone identifier such as \"Europe/Paris\"", found: identifier, code: .transformerFailed)
                }
                return zone
            },
            reverse: { (zone: TimeZone) in zone.identifier })
    }
    // A property's JSON string goes through the transformer, not to the setter as it is.
    var defaultPropertyTransformer: Transformation? { defaultValueTransformer }

    var archivedKind: ArchiveLayout.Kind? { .string }

    func archive(_ value: Any, forKey key: String, into coder: NSCoder) throws {
        let zone = try ArchivedValueCoding.typed(value, TimeZone.self, .leaf(self))
        coder.encode(zone.identifier as NSString, forKey: key)
    }

    func unarchive(forKey key: String, from coder: NSCoder) throws -> Any {
        try ArchivedValueCoding.decodeText(forKey: key, from: coder, as: .leaf(self)) { TimeZone(identifier: $0) }
    }
}
