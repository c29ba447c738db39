import Foundation

// The hand-written baseline for the Canada payload: `as?` casts with defaults
// one way, dictionary literals the other, as people write them.

private typealias JSON = [String: Any]

extension Canada {
    init(handWritten json: [String: Any]) {
        type = json["type"] as? String ?? ""
        features = (json["features"] as? [JSON] ?? []).map(GeoFeature.init(handWritten:))
    }

    var handWrittenDictionary: [String: Any] {
        ["type": type, "features": features.map(\.handWrittenDictionary)]
    }
}

extension GeoFeature {
    init(handWritten json: [String: Any]) {
        type = json["type"] as? String ?? ""
        properties = GeoProperties(name: (json["properties"] as? JSON)?["name"] as? String ?? "")
        geometry = (json["geometry"] as? JSON).map(GeoGeometry.init(handWritten:)) ?? GeoGeometry()
    }

    var handWrittenDictionary: [String: Any] {
        ["type": type, "properties": ["name": properties.name], "geometry": geometry.handWrittenDictionary]
    }
}

extension GeoGeometry {
    init(handWritten json: [String: Any]) {
        type = json["type"] as? String ?? ""
        let rings = json["coordinates"] as? [[[Any]]] ?? []
        coordinates = rings.map { ring in
            ring.map { point in point.map { exactDouble($0) } }
        }
    }

    var handWrittenDictionary: [String: Any] {
        ["type": type, "coordinates": coordinates]
    }
}

/// The `Double` of a number `JSONSerialization` read, through its text: the
/// `doubleValue` of the `NSDecimalNumber` it gives for 17 digits is not correctly
/// rounded, and the baseline must hold the values the other decoders hold.
func exactDouble(_ value: Any) -> Double {
    guard let number = value as? NSNumber else { return 0 }
    return Double(number.stringValue) ?? number.doubleValue
}
