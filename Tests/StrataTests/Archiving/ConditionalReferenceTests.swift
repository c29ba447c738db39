import Foundation
import Testing
@testable import Strata

extension ArchivingTests {
    /// `.conditional` references are kept when their object is written
    /// unconditionally anywhere in the archive, before or after them.
    @Suite struct ConditionalReferenceTests {
        @Test func aConditionalReferenceBeforeTheObjectIsKept() throws {
            // Mantle's order: `favorite` (conditional) is written before `items`.
            let owner = Owner()
            let first = Item(name: "first")
            let second = Item(name: "second")
            owner.items = [first, second]
            owner.favorite = second
            let back = try ModelArchiver.unarchivedModel(of: Owner.self, from: ModelArchiver.archivedData(with: owner))
            #expect(back.items.map(\.name) == ["first", "second"])
            let favorite = try #require(back.favorite)
            #expect(favorite === back.items.last)
        }

        @Test func aConditionalReferenceAfterTheObjectIsKept() throws {
            let owner = LateOwner()
            let item = Item(name: "only")
            owner.items = [item]
            owner.favorite = item
            let back = try ModelArchiver.unarchivedModel(of: LateOwner.self, from: ModelArchiver.archivedData(with: owner))
            let favorite = try #require(back.favorite)
            #expect(favorite === back.items.first)
        }

        @Test func anObjectWrittenNowhereElseIsNil() throws {
            let owner = Owner()
            owner.items = [Item(name: "kept")]
            owner.favorite = Item(name: "orphan-7c1e")
            let data = try ModelArchiver.archivedData(with: owner)
            #expect(data.range(of: Data("orphan-7c1e".utf8)) == nil)
            let back = try ModelArchiver.unarchivedModel(of: Owner.self, from: data)
            #expect(back.favorite == nil)
            #expect(back.items.map(\.name) == ["kept"])
        }

        @Test func aConditionalReferenceToALaterSiblingIsKept() throws {
            // Node writes name, children, then parent (conditional): the first
            // child's parent is the second child, written after it.
            let root = Node(name: "root")
            let first = Node(name: "first")
            let second = Node(name: "second")
            root.children = [first, second]
            first.parent = second
            let back = try ModelArchiver.unarchivedModel(of: Node.self, from: ModelArchiver.archivedData(with: root))
            let decodedFirst = try #require(back.children.first)
            let decodedSecond = try #require(back.children.last)
            #expect(decodedFirst.parent === decodedSecond)
            #expect(decodedSecond.parent == nil)
        }

        @Test func sharedObjectsDeepInTheGraphStayOneObject() throws {
            // A struct holds the owners; each owner's favorite is an item written
            // unconditionally by the other owner, later and earlier.
            let a = Owner()
            let b = Owner()
            let x = Item(name: "x")
            let y = Item(name: "y")
            a.items = [x]
            b.items = [y]
            a.favorite = y  // written later, by b
            b.favorite = x  // written earlier, by a
            let shelf = Shelf(owners: [a, b], byName: ["a": a, "b": b])
            let back = try ModelArchiver.unarchivedModel(of: Shelf.self, from: ModelArchiver.archivedData(with: shelf))
            #expect(back.owners.count == 2)
            let (backA, backB) = (back.owners[0], back.owners[1])
            #expect(backA.favorite === backB.items.first)
            #expect(backB.favorite === backA.items.first)
            #expect(back.byName["a"] === backA)
            #expect(back.byName["b"] === backB)
        }

        @Test func aStructModelAsAConditionalPropertyIsAlwaysWritten() throws {
            var holder = ConditionalStruct()
            holder.tag = Tag(name: "value", weight: 2)
            let back = try ModelArchiver.unarchivedModel(of: ConditionalStruct.self, from: ModelArchiver.archivedData(with: holder))
            #expect(back.tag == Tag(name: "value", weight: 2))
        }

        @Test func aKeptConditionalReferenceThatClosesACycleIsRefused() throws {
            // Both references are kept (both objects are written), so the archive
            // would hold a cycle: refused, whatever the order.
            let root = Node(name: "root")
            let first = Node(name: "first")
            let second = Node(name: "second")
            root.children = [first, second]
            first.parent = second
            second.parent = first
            defer { first.parent = nil; second.parent = nil }
            let error = try #require(throws: StrataError.self) { try ModelArchiver.archivedData(with: root) }
            #expect(error.code == .unsupportedValue)
            #expect(error.pathDescription == "children[0].parent.parent")
        }

        @Test func embeddedModelsKeepConditionalReferencesToo() throws {
            let owner = Owner()
            let item = Item(name: "embedded")
            owner.items = [item]
            owner.favorite = item
            let archiver = NSKeyedArchiver(requiringSecureCoding: true)
            try archiver.encodeModel(owner, forKey: "owner")
            archiver.finishEncoding()
            let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
            unarchiver.requiresSecureCoding = true
            unarchiver.decodingFailurePolicy = .setErrorAndReturn
            defer { unarchiver.finishDecoding() }
            let back = try #require(try unarchiver.decodeModel(of: Owner.self, forKey: "owner"))
            #expect(back.favorite === back.items.first)
        }

        @Test func modelTypesWithoutConditionalReferencesSkipTheFirstPass() {
            #expect(ArchivePlan<Owner>.hasConditionalReferences)
            #expect(ArchivePlan<Shelf>.hasConditionalReferences)  // through Owner
            #expect(ArchivePlan<Node>.hasConditionalReferences)
            #expect(!ArchivePlan<Profile>.hasConditionalReferences)
            #expect(!ArchivePlan<ConditionalStruct>.hasConditionalReferences)  // a struct has no identity
        }
    }
}

extension ArchivingTests {
    final class Item: SecureCodingModel {
        var name = ""
        init() {}
        init(name: String) { self.name = name }
        static let propertyKeys: PropertyKeys<Item> = ["name": \.name]
    }

    /// A conditional reference declared before the objects it refers to, as Mantle models often have.
    final class Owner: SecureCodingModel {
        var favorite: Item?
        var items: [Item] = []
        static let propertyKeys: PropertyKeys<Owner> = ["favorite": \.favorite, "items": \.items]
        static let encodingBehaviorsByPropertyKey: [String: EncodingBehavior] = ["favorite": .conditional, "items": .unconditional]
    }

    /// `Owner` with the conditional reference declared after the objects.
    final class LateOwner: SecureCodingModel {
        var items: [Item] = []
        var favorite: Item?
        static let propertyKeys: PropertyKeys<LateOwner> = ["items": \.items, "favorite": \.favorite]
        static let encodingBehaviorsByPropertyKey: [String: EncodingBehavior] = ["favorite": .conditional, "items": .unconditional]
    }

    struct Shelf: SecureCodingModel {
        var owners: [Owner] = []
        var byName: [String: Owner] = [:]
        static let propertyKeys: PropertyKeys<Shelf> = ["owners": \.owners, "byName": \.byName]
    }

    struct ConditionalStruct: SecureCodingModel {
        var tag = Tag()
        static let propertyKeys: PropertyKeys<ConditionalStruct> = ["tag": \.tag]
        static let encodingBehaviorsByPropertyKey: [String: EncodingBehavior] = ["tag": .conditional]
    }
}
