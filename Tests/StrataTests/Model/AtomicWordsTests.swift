import Foundation
import Testing

@testable import Strata

/// An object to publish in a ``RetainedObjects`` table.
private final class RetainedBox: Sendable {}

@Suite("Atomic words and retained objects")
struct AtomicWordsTests {
    @Test("Each operation reads and writes its own word")
    func operationsOnEachWord() {
        let words = AtomicWords(count: 3)
        #expect(words.count == 3)
        #expect(words.addRelaxed(5, at: 1) == 5)
        #expect(words.addSequentiallyConsistent(2, at: 1) == 7)
        words.subtractRelaxed(3, at: 1)
        words.subtractSequentiallyConsistent(1, at: 1)
        words.bitwiseOrRelaxed(0b1010, at: 2)
        words.bitwiseOrRelaxed(0b0110, at: 2)
        words.storeReleasing(42)
        #expect(words.loadAcquiring() == 42)
        #expect(words.loadRelaxed(at: 1) == 3)
        #expect(words.loadSequentiallyConsistent(at: 2) == 0b1110)
    }

    @Test("A compare-and-exchange stores only over the expected value")
    func compareExchange() {
        let words = AtomicWords(count: 1)
        let first = words.compareExchange(expected: 0, desired: 9)
        #expect(first.exchanged && first.original == 0)
        let second = words.compareExchange(expected: 0, desired: 11)
        #expect(!second.exchanged && second.original == 9)
        #expect(words.loadRelaxed() == 9)
    }

    @Test("Additions from many threads are all counted")
    func concurrentAdditions() async {
        let words = AtomicWords(count: 1)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<10_000 { words.addRelaxed(1) } }
            }
        }
        #expect(words.loadRelaxed() == 80_000)
    }

    @Test("A slot keeps the first object published in it, and the table releases it")
    func retainedObjectsPublishOnce() {
        weak var first: RetainedBox?
        weak var second: RetainedBox?
        do {
            let slots = RetainedObjects(count: 2)
            #expect(slots.object(at: 0, as: RetainedBox.self) == nil && slots.isEmpty(at: 0))
            let firstID: ObjectIdentifier
            do {
                let a = RetainedBox()
                let b = RetainedBox()
                first = a
                second = b
                firstID = ObjectIdentifier(a)
                let published = ObjectIdentifier(slots.publish(a, at: 0))
                let publishedAgain = ObjectIdentifier(slots.publish(b, at: 0))
                #expect(published == firstID && publishedAgain == firstID)
            }
            #expect(second == nil)
            #expect(first != nil)
            let held = slots.object(at: 0, as: RetainedBox.self).map(ObjectIdentifier.init)
            let borrowed = slots.withObject(at: 0, as: RetainedBox.self) { ObjectIdentifier($0) }
            #expect(held == firstID && borrowed == firstID)
            #expect(slots.object(at: 1, as: RetainedBox.self) == nil)
        }
        #expect(first == nil)
    }

    @Test("Threads racing to publish in one slot all get the same object")
    func concurrentPublish() async {
        let slots = RetainedObjects(count: 1)
        let winners = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<8 {
                group.addTask { ObjectIdentifier(slots.publish(RetainedBox(), at: 0)) }
            }
            var found: Set<ObjectIdentifier> = []
            for await winner in group { found.insert(winner) }
            return found
        }
        #expect(winners.count == 1)
        #expect(winners.first == slots.object(at: 0, as: RetainedBox.self).map(ObjectIdentifier.init))
    }
}
