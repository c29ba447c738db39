import Foundation
import Strata

/// Rows 9 to 11, shapes beside plain models, each `Data` -> models against
/// `JSONDecoder` and models -> `Data` against `JSONEncoder` (`.omitNulls`, as
/// `JSONEncoder` leaves `nil` out): 8,000 timeline events as a tagged enum
/// (row 9, `timeline`), 5,000 charges whose `metadata` is `[String: JSONValue]`
/// (row 10, `charges`), both generated at run time; and twitter read into models
/// that map a few members at each level and keep the others as `JSONValue`s
/// (`unmappedKeysPropertyKey`; row 11, `unmapped`); and a page of 6,000
/// notifications of a class cluster with three subclasses, generated at run time
/// (row 14, `cluster`).
struct ShapeRows {
    let report: Report

    func run() {
        let settings = report.settings
        let timer = Timer(settings)
        report.run("9", "timeline", payload: "timeline") {
            let count = settings.quick ? 500 : TimelineGenerator.count
            return try lines(
                "9", "timeline ×\(count.formatted())", [TimelineEvent].self, TimelineGenerator.json(count: count),
                decode: { try JSONAdapter.models(of: TimelineEvent.self, from: $0) },
                encode: { try JSONAdapter.data(from: $0, options: .omitNulls) }, timer: timer)
        }
        report.run("10", "charges", payload: "charges") {
            let count = settings.quick ? 300 : StripeChargeGenerator.count
            return try lines(
                "10", "charges ×\(count.formatted())", [StripeCharge].self, StripeChargeGenerator.json(count: count),
                decode: { try JSONAdapter.models(of: StripeCharge.self, from: $0) },
                encode: { try JSONAdapter.data(from: $0, options: .omitNulls) }, timer: timer)
        }
        report.run("14", "cluster", payload: "cluster") {
            let count = settings.quick ? 400 : NotificationGenerator.count
            return try lines(
                "14", "cluster ×\(count.formatted())", NotificationFeed.self, NotificationGenerator.json(count: count),
                decode: { try JSONAdapter.model(of: NotificationFeed.self, from: $0) },
                encode: { try JSONAdapter.data(from: $0, options: .omitNulls) }, timer: timer)
        }
    }

    /// Row 11 on twitter, a third-party payload; skipped, and said so, without it.
    func runUnmapped() {
        let timer = Timer(report.settings)
        report.run("11", "unmapped", payload: TwitterSearch.payloadName, label: "twitter, unmapped kept") {
            let data = try PayloadFiles.data(TwitterSearch.fileName, dataDirectory: report.settings.dataDirectory)
            return try lines(
                "11", "twitter, unmapped kept", KeptSearch.self, data,
                decode: { try JSONAdapter.model(of: KeptSearch.self, from: $0) },
                encode: { try JSONAdapter.data(from: $0, options: .omitNulls) }, timer: timer)
        }
    }

    /// The decode and encode lines of one payload, each result checked against the
    /// baseline's first.
    private func lines<Model: Codable>(
        _ row: String, _ label: String, _: Model.Type, _ data: Data,
        decode: @escaping (Data) throws -> Model, encode: @escaping (Model) throws -> Data, timer: Timer
    ) throws -> [TableLine] {
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        let models = try decode(data)
        try Verification.expectEqual(
            Verification.fingerprint(models), Verification.fingerprint(try decoder.decode(Model.self, from: data)),
            "row \(row), \(label)")
        let written = try encode(models)
        try Verification.expectEqual(
            Verification.canonical(document: written), Verification.canonical(document: try encoder.encode(models)),
            "row \(row), \(label), written")
        let (decodeStrata, decodeBaseline) = try timer.compare(
            { blackHole(try decode(data)) }, { blackHole(try decoder.decode(Model.self, from: data)) })
        let (encodeStrata, encodeBaseline) = try timer.compare(
            { blackHole(try encode(models)) }, { blackHole(try encoder.encode(models)) })
        return [
            TableLine(
                row: row, payload: "\(label), data", strata: .seconds(Statistics.median(decodeStrata)),
                baseline: .seconds(Statistics.median(decodeBaseline)), target: .atMost(0.15), jsonBytes: data.count),
            TableLine(
                row: row, payload: "\(label), to-data", strata: .seconds(Statistics.median(encodeStrata)),
                baseline: .seconds(Statistics.median(encodeBaseline)), target: .atMost(0.15), jsonBytes: written.count),
        ]
    }
}
