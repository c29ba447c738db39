import Foundation
import Testing
@testable import Strata

/// A model that can nest without bound.
final class TreeNode: JSONSerializing, @unchecked Sendable {
    // @unchecked: test fixture, each instance is used from one task only.
    var name = ""
    var child: TreeNode?
    static let propertyKeys: PropertyKeys<TreeNode> = ["name": \.name, "child": \.child]
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "child": "child"]
    init() {}
}

/// Input that nests deeper than the stack allows is refused with an error, never a crash.
@Suite("Nesting depth")
struct NestingDepthTests {
    static func chain(depth: Int) -> [String: Any] {
        var json: [String: Any] = ["name": "leaf"]
        for level in 0..<depth { json = ["name": "n\(level)", "child": json] }
        return json
    }

    @Test func modelsNestedUpToTheLimitDecode() throws {
        let root = try JSONAdapter.model(of: TreeNode.self, from: Self.chain(depth: ModelNesting.defaultMaximumDepth))
        var depth = 0
        var node: TreeNode? = root
        while let next = node?.child { depth += 1; node = next }
        #expect(depth == ModelNesting.defaultMaximumDepth)
    }

    @Test func deeperDictionariesAreRefusedWithThePath() throws {
        let error = try #require(throws: StrataError.self) {
            try JSONAdapter.model(of: TreeNode.self, from: Self.chain(depth: 5_000))
        }
        #expect(error.code == .nestingTooDeep)
        #expect(error.path.count == ModelNesting.defaultMaximumDepth + 1)
        #expect(error.pathDescription.hasPrefix("child.child.child"))
    }

    @Test func deeperDataIsRefused() throws {
        let data = try JSONSerialization.data(withJSONObject: Self.chain(depth: 300))
        let error = try #require(throws: StrataError.self) { try JSONAdapter.model(of: TreeNode.self, from: data) }
        #expect(error.code == .nestingTooDeep)
    }

    @Test func aCycleInAClassGraphIsAnErrorWhenWriting() throws {
        let node = TreeNode()
        node.child = node
        let error = try #require(throws: StrataError.self) { try JSONAdapter.dictionary(from: node) }
        #expect(error.code == .nestingTooDeep)
        #expect(error.reason.contains("cycle"))
        node.child = nil
    }

    /// The limit is about the stack: the deepest accepted input decodes on a thread
    /// with the 512 KiB stack of secondary threads on Apple platforms.
    ///
    /// While any read with diagnostics runs in the process (another test's, at the
    /// same time), nested models take the engine's recovering step, as in the test
    /// below: under a sanitizer that needs the larger stack the test below
    /// gives it, or this test fails depending on what runs beside it.
    @Test func theDeepestAcceptedInputFitsASmallStack() throws {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<Bool>(false)
        let thread = Thread {
            let json = Self.chain(depth: ModelNesting.defaultMaximumDepth)
            result.withLock { $0 = (try? JSONAdapter.model(of: TreeNode.self, from: json)) != nil }
            done.signal()
        }
        thread.stackSize = SmallStacks.secondaryThread
        thread.start()
        done.wait()
        #expect(result.withLock { $0 })
    }

    /// The same with diagnostics, where every nested model goes through the
    /// engine's recovering step. Measured per model level: 2.1 KiB in a release
    /// build, 4.9 KiB in a debug build, 7.7 KiB under AddressSanitizer, whose red
    /// zones grow every frame, and about as much under ThreadSanitizer: 64 levels of
    /// that, with the thread's own frames, pass 512 KiB, so those builds (not ones
    /// an app ships) get twice the stack.
    @Test func theDeepestAcceptedInputFitsASmallStackWithDiagnostics() throws {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<Bool>(false)
        let thread = Thread {
            let json = Self.chain(depth: ModelNesting.defaultMaximumDepth)
            var diagnostics = JSONDiagnostics()
            let decoded = try? JSONAdapter.model(of: TreeNode.self, from: json, diagnostics: &diagnostics)
            result.withLock { $0 = decoded != nil && diagnostics.recoveries.allSatisfy { $0.action == .absentKey } }
            done.signal()
        }
        thread.stackSize = SmallStacks.secondaryThread
        thread.start()
        done.wait()
        #expect(result.withLock { $0 })
    }
}
