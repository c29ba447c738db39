import Foundation
import Testing
@testable import Strata

/// A node whose child is a tagged enum whose one case holds a node: tagged
/// objects nested without bound.
private final class TaggedNode: JSONSerializing, @unchecked Sendable {
    // @unchecked: test fixture, each instance is used from one task only.
    var name = ""
    var child: TaggedChild?
    static let propertyKeys: PropertyKeys<TaggedNode> = ["name": \.name, "child": \.child]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "child": "child"]
    init() {}
}

private enum TaggedChild: JSONTaggedEnum {
    case node(TaggedNode)
    static let tagKeyPath: JSONKeyPath = "kind"
    static let casesByTag: [String: JSONTaggedCase<TaggedChild>] = ["node": .model(TaggedNode.self, TaggedChild.node)]
}

/// The same chain of structs, whose case's model is read in the same pass as
/// the tag.
private struct TaggedValueNode: JSONSerializing {
    var name = ""
    var child: TaggedValueChild?
    static let propertyKeys: PropertyKeys<TaggedValueNode> = ["name": \.name, "child": \.child]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "child": "child"]
}

private enum TaggedValueChild: JSONTaggedEnum {
    indirect case node(TaggedValueNode)
    static let tagKeyPath: JSONKeyPath = "kind"
    static let casesByTag: [String: JSONTaggedCase<TaggedValueChild>] = [
        "node": .model(TaggedValueNode.self, TaggedValueChild.node)
    ]
}

/// A tagged enum held by a property, read from JSON data: its object is kept as
/// its text while the holder's members are read, and its case's model is read
/// from those bytes when the property is assigned.
@Suite("Tagged enums held by properties")
struct TaggedPropertyReadTests {
    /// A root node holding `depth` tagged objects, each holding the next, as JSON text.
    static func chain(depth: Int) -> Data {
        var text = #"{"kind": "node", "name": "leaf"}"#
        for level in (0..<(depth - 1)).reversed() {
            text = #"{"kind": "node", "name": "n\#(level)", "child": \#(text)}"#
        }
        return Data(#"{"name": "root", "child": \#(text)}"#.utf8)
    }

    fileprivate static func depth(of root: TaggedNode) -> Int {
        var depth = 0
        var node = root
        while case .node(let next)? = node.child {
            depth += 1
            node = next
        }
        return depth
    }

    @Test func theEntryReadsItsObjectAsText() throws {
        let plan = MappingPlan<TaggedNode>.shared
        let index = try #require(plan.entries.firstIndex { $0.property.key == "child" })
        #expect(plan.memberReads[index].readsObjectText)
        #expect(plan.memberReads[index].readsTypedValues)
    }

    @Test func theTransformerReadsTheObjectFromItsText() throws {
        let data = Data(#"{"kind": "node", "name": "from text"}"#.utf8)
        let text = try data.withUnsafeBytes { raw in
            var scanner = JSONAdapter.MemberScanner(input: ByteView(raw), builder: NativeJSONBuilder(), maximumDepth: 512)
            return try ObjectText(from: &scanner, levelsLeft: 4)
        }
        let transformation = try #require(TaggedEnumProperty(enumType: TaggedChild.self).defaultValueTransformer)
        #expect(transformation.readsObjectText)
        let value = try #require(try transformation.transformedValue(text) as? TaggedChild)
        guard case .node(let node) = value else { return }
        #expect(node.name == "from text")
    }

    /// The most tagged objects a chain may nest: each is a model level, and so is
    /// its case's model.
    static let deepestAccepted = ModelNesting.defaultMaximumDepth / 2

    @Test func objectsNestedToTheModelLimitDecode() throws {
        let root = try JSONAdapter.model(of: TaggedNode.self, from: Self.chain(depth: Self.deepestAccepted))
        #expect(Self.depth(of: root) == Self.deepestAccepted)
        // Written back at the same depth.
        let written = try JSONAdapter.data(from: root)
        #expect(Self.depth(of: try JSONAdapter.model(of: TaggedNode.self, from: written)) == Self.deepestAccepted)
    }

    /// Each object is read once, with diagnostics and without: a nested object with
    /// the tag's key is no later member of the object holding it.
    @Test(arguments: [false, true])
    func valueObjectsNestedToTheModelLimitDecode(withDiagnostics: Bool) throws {
        var diagnostics = JSONDiagnostics()
        let data = Self.chain(depth: Self.deepestAccepted)
        let root =
            withDiagnostics
            ? try JSONAdapter.model(of: TaggedValueNode.self, from: data, diagnostics: &diagnostics)
            : try JSONAdapter.model(of: TaggedValueNode.self, from: data)
        var depth = 0
        var node = root
        while case .node(let next)? = node.child {
            depth += 1
            node = next
        }
        #expect(depth == Self.deepestAccepted)
    }

    @Test func objectsNestedPastTheModelLimitAreRefused() throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: TaggedNode.self, from: Self.chain(depth: Self.deepestAccepted + 1))
        }
        #expect(error.code == .nestingTooDeep)
        #expect(error.pathDescription.hasPrefix("child.child.child"))
    }

    /// The deepest accepted input decodes on a thread with the 512 KiB stack of
    /// secondary threads on Apple platforms, with diagnostics and without.
    @Test(arguments: [false, true])
    func theDeepestAcceptedInputFitsASmallStack(withDiagnostics: Bool) throws {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<Int?>(nil)
        let thread = Thread {
            let data = Self.chain(depth: Self.deepestAccepted)
            var diagnostics = JSONDiagnostics()
            let root =
                withDiagnostics
                ? try? JSONAdapter.model(of: TaggedNode.self, from: data, diagnostics: &diagnostics)
                : try? JSONAdapter.model(of: TaggedNode.self, from: data)
            result.withLock { $0 = root.map(Self.depth(of:)) }
            done.signal()
        }
        thread.stackSize = SmallStacks.secondaryThread
        thread.start()
        done.wait()
        #expect(result.withLock { $0 } == Self.deepestAccepted)
    }
}
