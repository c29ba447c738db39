import Foundation
import Testing
@testable import Strata

/// model → JSON → model is lossless for every supported type.
@Suite("Round trips")
struct RoundTripTests {
    @Test(arguments: EverythingSample.allCases)
    func throughTheDictionary(_ sample: EverythingSample) throws {
        let model = sample.model
        let json = try JSONAdapter.dictionary(from: model)
        #expect(JSONSerialization.isValidJSONObject(json))
        #expect(try JSONAdapter.model(of: Everything.self, from: json) == model)
    }

    @Test(arguments: EverythingSample.allCases)
    func throughTheDictionaryWithoutNulls(_ sample: EverythingSample) throws {
        let model = sample.model
        let json = try JSONAdapter.dictionary(from: model, options: .omitNulls)
        #expect(JSONSerialization.isValidJSONObject(json))
        #expect(try JSONAdapter.model(of: Everything.self, from: json) == model)
    }

    @Test(arguments: EverythingSample.allCases)
    func throughData(_ sample: EverythingSample) throws {
        let model = sample.model
        let data = try JSONAdapter.data(from: model, formatting: [.sortedKeys, .prettyPrinted])
        #expect(try JSONAdapter.model(of: Everything.self, from: data) == model)
    }

    @Test(arguments: EverythingSample.allCases)
    func arraysOfModelsThroughData(_ sample: EverythingSample) throws {
        let models = [sample.model, EverythingSample.defaults.model]
        let data = try JSONAdapter.data(from: models)
        #expect(try JSONAdapter.models(of: Everything.self, from: data) == models)
    }

    @Test func realPayloadSurvivesDecodeEncodeDecode() throws {
        let repo = try JSONAdapter.model(of: Repo.self, from: Data(repoJSONText.utf8))
        let again = try JSONAdapter.model(of: Repo.self, from: try JSONAdapter.data(from: repo))
        #expect(again == repo)
    }

    @Test func integersAtTheirLimitsKeepTheirExactValueThroughData() throws {
        var scalars = Scalars()
        scalars.int64 = .min
        scalars.uint64 = .max
        scalars.int = .max
        let data = try JSONAdapter.data(from: scalars)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("18446744073709551615"))
        #expect(text.contains("-9223372036854775808"))
        #expect(try JSONAdapter.model(of: Scalars.self, from: data) == scalars)
    }
}
