import Foundation
import Testing
@testable import Strata

// The schema cache publishes each entry in a table read without a lock:
// a key whose slot another key holds is not found there, and the locked dictionary
// answers instead, so the table never changes what a look-up finds.

private final class Artefact: Sendable {}
private struct FirstModel {}
private struct SecondModel {}
private struct ThirdModel {}
private enum FourthModel {}
private final class FifthModel {}

@Suite("Schema cache entries published without a lock")
struct PublishedEntriesTests {
    private func key(_ model: Any.Type, _ kind: SchemaCache.Kind) -> SchemaCache.Key {
        SchemaCache.Key(model: ObjectIdentifier(model), kind: kind)
    }

    @Test("A published entry is found by its key, and no other key finds it")
    func findsByKey() {
        let table = PublishedEntries()
        let artefact = Artefact()
        #expect(table.value(for: key(FirstModel.self, .schema)) == nil)
        table.publish(artefact, for: key(FirstModel.self, .schema))
        #expect(table.value(for: key(FirstModel.self, .schema)) === artefact)
        #expect(table.value(for: key(FirstModel.self, .jsonMapping)) == nil)
        #expect(table.value(for: key(SecondModel.self, .schema)) == nil)
    }

    @Test("With one slot, the second key is not published and the first keeps its value")
    func occupiedSlot() {
        let table = PublishedEntries(log2SlotCount: 0)
        let first = Artefact()
        let second = Artefact()
        table.publish(first, for: key(FirstModel.self, .schema))
        table.publish(second, for: key(SecondModel.self, .jsonMapping))
        #expect(table.value(for: key(FirstModel.self, .schema)) === first)
        #expect(table.value(for: key(SecondModel.self, .jsonMapping)) == nil)
    }

    @Test("Every kind of every type gets its own artefact from the cache, the same one each time")
    func cacheAnswersEveryKey() {
        let kinds: [SchemaCache.Kind] = [.schema, .jsonMapping, .archivePlan, .archiveClassNames]
        // Types of this file only: the cache is the process's, and Strata's own code
        // finds its artefacts there by model type.
        let types: [Any.Type] = [FirstModel.self, SecondModel.self, ThirdModel.self, FourthModel.self, FifthModel.self]
        var made: [SchemaCache.Key: Artefact] = [:]
        for type in types {
            for kind in kinds {
                func cached<Model>(_ model: Model.Type) -> Artefact {
                    SchemaCache.value(kind, for: model) { Artefact() }
                }
                func open<Model>(_ model: Model.Type) -> Artefact { cached(model) }
                let first = _openExistential(type, do: open)
                made[key(type, kind)] = first
                #expect(_openExistential(type, do: open) === first)
            }
        }
        #expect(Set(made.values.map(ObjectIdentifier.init)).count == types.count * kinds.count)
    }

    @Test("Readers on other threads see a published entry whole, or none")
    func concurrentReaders() async {
        let table = PublishedEntries()
        let artefact = Artefact()
        let lock = Locked(0)
        let keys = [key(FirstModel.self, .schema), key(SecondModel.self, .archivePlan), key(ThirdModel.self, .jsonMapping)]
        let found = await withTaskGroup(of: Bool.self) { group in
            for reader in 0..<8 {
                group.addTask {
                    let key = keys[reader % keys.count]
                    for _ in 0..<100_000 {
                        if let value = table.value(for: key) { return value === artefact }
                        await Task.yield()
                    }
                    return false
                }
            }
            group.addTask {
                // As the cache does: published with the lock held.
                for key in keys { lock.withLock { _ in table.publish(artefact, for: key) } }
                return true
            }
            var found: [Bool] = []
            for await result in group { found.append(result) }
            return found
        }
        #expect(found.count == 9)
        #expect(found.allSatisfy { $0 })
    }
}
