import Foundation
import Strata

// Payload (c): Canada's borders as GeoJSON (`canada.json`, third-party data read
// from the data directory, see `PayloadFiles`): one feature whose polygon is
// 480 rings of about 56,000 coordinate pairs in all, nearly every number with
// 17 significant digits. The shape of a map app's data: `[[[Double]]]`.
//
// Every field is modelled. The structs declare no property list: Strata derives
// it from their stored properties.

/// The whole document: a GeoJSON feature collection.
struct Canada {
    var type = ""
    var features: [GeoFeature] = []
}

extension Canada: JSONSerializing, Codable {
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// One feature: its name and its geometry.
struct GeoFeature {
    var type = ""
    var properties = GeoProperties()
    var geometry = GeoGeometry()
}

extension GeoFeature: JSONSerializing, Codable {
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// A feature's properties.
struct GeoProperties {
    var name = ""
}

extension GeoProperties: JSONSerializing, Codable {
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}

/// A polygon: rings of longitude–latitude pairs.
struct GeoGeometry {
    var type = ""
    var coordinates: [[[Double]]] = []
}

extension GeoGeometry: JSONSerializing, Codable {
    static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
}
