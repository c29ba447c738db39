import Foundation
import Testing
@testable import Strata

@Suite("Concurrency")
struct ConcurrencyTests {
    /// Many tasks decode the same type at once, racing to build its cached
    /// schema and mapping; every result must be right.
    @Test func decodingTheSameTypeFromManyTasks() async throws {
        let data = Data(repoJSONText.utf8)
        let expected = try JSONAdapter.model(of: Repo.self, from: data)
        let results = await withTaskGroup(of: Result<Repo, StrataError>.self) { group in
            for index in 0..<64 {
                group.addTask {
                    do {
                        var json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
                        json["id"] = index
                        return .success(try JSONAdapter.model(of: Repo.self, from: json))
                    } catch let error as StrataError {
                        return .failure(error)
                    } catch {
                        return .failure(StrataError(.invalidJSONDictionary, "\(error)"))
                    }
                }
            }
            var results: [Repo] = []
            for await result in group {
                if case .success(let repo) = result { results.append(repo) } else { Issue.record("\(result)") }
            }
            return results
        }
        #expect(results.count == 64)
        #expect(Set(results.map(\.id)) == Set(0..<64))
        for repo in results {
            var normalised = repo
            normalised.id = expected.id
            #expect(normalised == expected)
        }
    }

    /// A type nobody decoded yet, so that the tasks race on building its schema.
    @Test func firstUseOfATypeFromManyTasksAtOnce() async throws {
        struct FreshType: JSONSerializing, Equatable {
            var a = 0
            var b = ""
            static let propertyKeys: PropertyKeys<FreshType> = ["a": \.a, "b": \.b]
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["a": "x.a", "b": "x.b"]
        }
        let values = await withTaskGroup(of: FreshType?.self) { group in
            for index in 0..<32 {
                group.addTask { try? JSONAdapter.model(of: FreshType.self, from: ["x": ["a": index, "b": "\(index)"]]) }
            }
            var values: [FreshType?] = []
            for await value in group { values.append(value) }
            return values
        }
        #expect(Set(values.compactMap { $0 }.map(\.a)) == Set(0..<32))
        #expect(values.allSatisfy { $0.map { "\($0.a)" == $0.b } ?? false })
    }
}
