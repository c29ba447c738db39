import Foundation
import Testing
@testable import Strata

/// A model whose properties are JSON arrays and objects: `counts` and `matrix` are
/// each parsed as a tree of its own when a document is read member by member
/// (`tags`, an array of plain strings, is read straight into its `[String]`).
struct TreeHolder: JSONSerializing, Equatable {
    var tags: [String] = []
    var counts: [String: Int] = [:]
    var matrix: [[Int]] = []

    static let propertyKeys: PropertyKeys<TreeHolder> = ["tags": \.tags, "counts": \.counts, "matrix": \.matrix]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["tags": "tags", "counts": "counts", "matrix": "matrix"]
}

// The scanner keeps the stacks of one tree for the next: each tree must
// read as if it were the only one, empty containers and all.
@Suite("Trees parsed one after another")
struct TreeStackReuseTests {
    private func element(_ index: Int) -> String {
        let tags = (0..<(index % 5)).map { #""t\#($0)""# }.joined(separator: ",")
        let counts = (0..<(index % 4)).map { #""k\#($0)": \#(index * 10 + $0)"# }.joined(separator: ",")
        let matrix = (0..<(index % 3)).map { row in "[" + (0..<row).map(String.init).joined(separator: ",") + "]" }
        return #"{"tags": [\#(tags)], "counts": {\#(counts)}, "matrix": [\#(matrix.joined(separator: ","))]}"#
    }

    @Test("Arrays and objects of every size, one after another, read as from a dictionary")
    func treesInSequence() throws {
        let data = Data(("[" + (0..<60).map(element).joined(separator: ",") + "]").utf8)
        let models = try JSONAdapter.models(of: TreeHolder.self, from: data)
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        #expect(models == (try JSONAdapter.models(of: TreeHolder.self, from: array)))
        #expect(models[7].tags == ["t0", "t1"])
        #expect(models[7].counts == ["k0": 70, "k1": 71, "k2": 72])
        #expect(models[8].matrix == [[], [0]])
    }
}
