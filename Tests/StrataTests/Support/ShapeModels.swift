import Foundation
@testable import Strata

// A class cluster: `Shape` picks `Circle` or `Rectangle` from the "kind" key.
// Non-final classes share the base class's `PropertyKeys<Shape>` and add their
// own key paths with `adding(_:)`.

class Shape: JSONSerializing, @unchecked Sendable {
    // @unchecked: test fixture, each instance is used from one task only.
    typealias KeyPathRoot = Shape

    var name = ""

    required init() {}

    class var propertyKeys: PropertyKeys<Shape> { ["name": \.name] }
    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name"] }

    class func classForParsing(_ json: [String: Any]) -> (any JSONSerializing.Type)? {
        switch json["kind"] as? String {
        case "circle": return Circle.self
        case "rectangle": return Rectangle.self
        case "owner": return Owner.self  // not a Shape at all
        default: return nil
        }
    }
}

final class Circle: Shape, @unchecked Sendable {
    var radius = 0.0

    override class var propertyKeys: PropertyKeys<Shape> {
        super.propertyKeys.adding(["radius": \.radius] as PropertyKeys<Circle>)
    }
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.merging(["radius": "radius"]) { $1 }
    }
}

final class Rectangle: Shape, @unchecked Sendable {
    var width = 0.0
    var height = 0.0

    override class var propertyKeys: PropertyKeys<Shape> {
        super.propertyKeys.adding(["width": \.width, "height": \.height] as PropertyKeys<Rectangle>)
    }
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.merging(["width": "size.width", "height": "size.height"]) { $1 }
    }
}

/// Holds shapes of any kind, to check that nested clusters decode and encode by kind.
struct Drawing: JSONSerializing {
    var shapes: [Shape] = []
    var background: Shape? = nil
    static let propertyKeys: PropertyKeys<Drawing> = ["shapes": \.shapes, "background": \.background]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["shapes": "shapes", "background": "background"]
}
