import Foundation
import Testing
@testable import Strata

/// `classForParsing(_:)` with a non-final class hierarchy: `Shape` hands the JSON
/// to `Circle` or `Rectangle` by its "kind" key.
@Suite("Class clusters")
struct ClassClusterTests {
    @Test func chosenSubclassDecodesItsOwnAndInheritedKeys() throws {
        let shape = try JSONAdapter.model(of: Shape.self, from: ["kind": "circle", "name": "sun", "radius": 2.5])
        let circle = try #require(shape as? Circle)
        #expect(circle.name == "sun")
        #expect(circle.radius == 2.5)
    }

    @Test func anotherKindChoosesAnotherSubclass() throws {
        let json = try jsonObject(#"{"kind": "rectangle", "name": "door", "size": {"width": 1, "height": 2.5}}"#)
        let rectangle = try #require(try JSONAdapter.model(of: Shape.self, from: json) as? Rectangle)
        #expect(rectangle.name == "door")
        #expect((rectangle.width, rectangle.height) == (1, 2.5))
    }

    @Test func subclassPropertyErrorsNameTheirPath() throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Shape.self, from: ["kind": "rectangle", "size": ["width": "wide"]])
        }
        #expect(error.code == .typeMismatch)
        #expect(error.pathDescription == "size.width")
    }

    @Test func noChosenClassIsNoClassFound() throws {
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Shape.self, from: ["kind": "blob"]) }
        #expect(error.code == .noClassFound)
        #expect(error.reason.hasPrefix("Shape.classForParsing(_:) chose no type for this JSON object"))
    }

    @Test func chosenTypeThatIsNotASubtypeIsNoClassFound() throws {
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Shape.self, from: ["kind": "owner"]) }
        #expect(error.code == .noClassFound)
        #expect(error.description == "Shape.classForParsing(_:) chose Owner, which is not Shape or a subclass of it.")
    }

    @Test func siblingSubclassIsNotASubtypeOfTheRequestedOne() throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: Circle.self, from: ["kind": "rectangle"])
        }
        #expect(error.code == .noClassFound)
    }

    @Test func nestedClusterDecodesEachElementByKindAndNamesThePath() throws {
        let json = try jsonObject(#"""
            {"shapes": [{"kind": "circle", "radius": 1}, {"kind": "rectangle", "size": {"width": 3, "height": 4}}],
             "background": {"kind": "rectangle", "name": "bg"}}
            """#)
        let drawing = try JSONAdapter.model(of: Drawing.self, from: json)
        #expect(drawing.shapes.count == 2)
        #expect((drawing.shapes.first as? Circle)?.radius == 1)
        #expect((drawing.shapes.last as? Rectangle)?.height == 4)
        #expect(drawing.background is Rectangle)

        let bad = try jsonObject(#"{"shapes": [{"kind": "circle"}, {"kind": "hexagon"}]}"#)
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: Drawing.self, from: bad) }
        #expect(error.code == .noClassFound)
        #expect(error.pathDescription == "shapes[1]")
    }

    @Test func circleHeldAsAShapeWritesCirclesKeys() throws {
        let circle = Circle()
        circle.name = "sun"
        circle.radius = 3
        let shape: Shape = circle
        let json = try JSONAdapter.dictionary(from: shape)
        #expect(Set(json.keys) == ["name", "radius"])
        #expect(json["radius"] as? Double == 3)
        #expect(json["name"] as? String == "sun")
    }

    @Test func nestedShapesWriteTheirDynamicTypesKeys() throws {
        let circle = Circle()
        circle.radius = 1
        let rectangle = Rectangle()
        rectangle.width = 2
        rectangle.height = 5
        let drawing = Drawing(shapes: [circle, rectangle], background: nil)
        let json = try JSONAdapter.dictionary(from: drawing)
        let shapes = try #require(json["shapes"] as? [[String: Any]])
        #expect(shapes[0]["radius"] as? Double == 1)
        let size = try #require(shapes[1]["size"] as? [String: Any])
        #expect(size["height"] as? Double == 5)
        #expect(JSONSerialization.isValidJSONObject(json))
    }

    @Test func keyValueCodingOnASubclassReachesInheritedAndOwnKeys() throws {
        var circle = Circle()
        try circle.setValue("moon", forKey: "name")
        try circle.setValue(4, forKey: "radius")
        #expect(circle.name == "moon")
        #expect(circle.radius == 4)
        #expect(try circle.value(forKey: "radius") as? Double == 4)
        #expect(Set(circle.dictionaryValue.keys) == ["name", "radius"])
    }

    /// Key-value coding follows the dynamic type, as Objective-C KVC does: a Circle
    /// held as a Shape still has a radius.
    @Test func keyValueCodingOnASubclassHeldAsItsBaseClassSeesTheSubclassKeys() throws {
        let circle = Circle()
        var shape: Shape = circle
        try shape.setValue(7, forKey: "radius")
        #expect(circle.radius == 7)
        #expect(try shape.value(forKey: "radius") as? Double == 7)
        #expect(Set(shape.dictionaryValue.keys) == ["name", "radius"])
    }
}
