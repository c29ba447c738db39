import Foundation
import Testing

@testable import Strata

/// The registered leaf types: each Swift type is claimed by one of them at most,
/// so the order they are asked in decides nothing, and everything a property of
/// a leaf type does comes from the leaf that claims it.
@Suite("Leaf property types")
struct LeafPropertyTypeTests {
    /// One value of each type the registered leaves support.
    static let samples: [(type: Any.Type, name: String)] = [
        (Bool.self, "Bool"), (String.self, "String"), (Int.self, "Int"), (UInt8.self, "UInt8"),
        (Int64.self, "Int64"), (Double.self, "Double"), (Float.self, "Float"), (Decimal.self, "Decimal"),
        (URL.self, "URL"), (UUID.self, "UUID"), (Date.self, "Date"), (Data.self, "Data"),
    ]

    @Test("Each leaf type is claimed by exactly one registered leaf, which names it")
    func eachTypeHasOneLeaf() {
        for sample in Self.samples {
            let claims = LeafPropertyTypes.registered.compactMap { $0.classify(sample.type) }
            #expect(claims.count == 1, "\(sample.name) is claimed by \(claims.count) leaves")
            #expect(claims.first.map { ObjectIdentifier($0.valueType) } == ObjectIdentifier(sample.type), "\(sample.name)")
            #expect(claims.first?.name == sample.name)
            guard case .leaf(let leaf) = PropertyType(sample.type) else {
                Issue.record("\(sample.name) is not classified as a leaf")
                continue
            }
            #expect(ObjectIdentifier(leaf.valueType) == ObjectIdentifier(sample.type))
        }
    }

    @Test("Optionals, collections, enums and models are not leaves: they hold leaves")
    func compositesAreNotLeaves() {
        for type: Any.Type in [Int?.self, [String].self, Set<UUID>.self, [String: Double].self, LeafTestSuit.self] {
            #expect(LeafPropertyTypes.classify(type) == nil, "\(type)")
        }
        guard case .optional(.leaf(let wrapped)) = PropertyType(URL?.self) else {
            Issue.record("URL? is not an optional of a leaf")
            return
        }
        #expect(ObjectIdentifier(wrapped.valueType) == ObjectIdentifier(URL.self))
        guard case .array(.leaf(let element), _) = PropertyType([Date].self) else {
            Issue.record("[Date] is not an array of a leaf")
            return
        }
        #expect(ObjectIdentifier(element.valueType) == ObjectIdentifier(Date.self))
    }

    @Test("A leaf's answers reach the types around it")
    func answersComposeThroughOptionalsAndCollections() {
        #expect(PropertyType([Date].self).isOutsideJSON)
        #expect(PropertyType(Optional<[String: Data]>.self).isOutsideJSON)
        #expect(!PropertyType([URL].self).isOutsideJSON)
        #expect(PropertyType([[Double]].self).holdsOnlyDoubles)
        #expect(!PropertyType([[Float]].self).holdsOnlyDoubles)
        #expect(PropertyType(Optional<URL>.self).hasFixedJSONConversion)
        let suitKind = PropertyType(LeafTestSuit.self).archivedKind
        #expect(suitKind == .string)
        let decimals = PropertyType(Set<Decimal>.self).archivedComponents
        let decimalKind = decimals.first?.archivedKind
        #expect(decimals.count == 1 && decimalKind == .string)
        #expect(PropertyType(Optional<[Double]>.self).archiveProblem == nil)
    }

    @Test("Fast accessors come from the leaf, plain and optional")
    func fastAccessFromTheLeaf() {
        #expect(FastAccessors.access(for: PropertyType(URL.self))?.storeNil == nil)
        #expect(FastAccessors.access(for: PropertyType(Optional<URL>.self))?.storeNil != nil)
        #expect(FastAccessors.access(for: PropertyType(Int8.self)) == nil)
        #expect(FastAccessors.access(for: PropertyType(Data.self)) == nil)
        // An array's JSON value is built by its transformer, element by element.
        #expect(FastAccessors.access(for: PropertyType([String].self))?.jsonLoad == nil)
        #expect(FastAccessors.access(for: PropertyType(String.self))?.jsonLoad != nil)
    }
}

private enum LeafTestSuit: String {
    case hearts, spades
}
