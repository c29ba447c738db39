import Foundation
import Testing
@testable import Strata

/// Every way into a model gives the same model or the same error, and every way out
/// of one the same JSON or the same error.
///
/// Decoding has two sources: a `[String: Any]` (here, the document parsed whole by
/// the adapter's own reader, or by `JSONReader.jsonObject` into Foundation shapes)
/// and JSON `Data`. Each is tried on a type decoded before (warm) and on a type's very
/// first decode (cold; see `ConformanceModels.swift`), and a document is also decoded
/// as element 0 and element n of an array. Encoding has two sinks,
/// `dictionary(from:)` (then written by `JSONWriter`) and `data(from:)`.
///
/// Outcomes are compared whole: the models, or the error's code, path, reason, full
/// text and underlying error.
@Suite("Conformance")
struct Conformance {}

// MARK: - Outcomes

/// A `StrataError`, all of it, with the fresh type's tag removed from its texts.
struct Failure: Equatable, CustomStringConvertible {
    let code: StrataError.Code
    let path: [StrataError.PathComponent]
    let pathDescription: String
    let reason: String
    /// `String(describing: error)`: the path, then the reason.
    let text: String
    /// `errorDescription`, which Foundation shows.
    let localizedText: String?
    /// The error from user code or the JSON reader, with its type.
    let underlying: String?

    init(_ error: StrataError, untag: (String) -> String = { $0 }) {
        code = error.code
        path = error.path
        pathDescription = error.pathDescription
        reason = untag(error.reason)
        text = untag(String(describing: error))
        localizedText = error.errorDescription.map(untag)
        underlying = error.underlyingError.map { untag("\(type(of: $0)): \($0)") }
    }

    private init(code: StrataError.Code, path: [StrataError.PathComponent], reason: String, underlying: String?) {
        let error = StrataError(code, reason, path: path)
        self.code = code
        self.path = path
        self.pathDescription = error.pathDescription
        self.reason = reason
        self.text = String(describing: error)
        self.localizedText = error.errorDescription
        self.underlying = underlying
    }

    /// This failure as reported for the element at `index` of an array.
    func atIndex(_ index: Int) -> Failure {
        Failure(code: code, path: [.index(index)] + path, reason: reason, underlying: underlying)
    }

    var description: String {
        "\(code) at '\(pathDescription)': \(text)" + (underlying.map { " [underlying \($0)]" } ?? "")
    }
}

/// What decoding gave.
enum Outcome: Equatable, CustomStringConvertible {
    /// The models, each described with the tag removed: one for `model(of:from:)`.
    case decoded([String])
    case failure(Failure)
    /// An error that is not a `StrataError`: never expected.
    case otherError(String)

    /// Runs a decode of `M`s.
    init<M>(_: M.Type, _ body: () throws -> [M]) {
        do {
            self = .decoded(try body().map { untagged(String(describing: $0), M.self) })
        } catch let error as StrataError {
            self = .failure(Failure(error) { untagged($0, M.self) })
        } catch {
            self = .otherError(untagged("\(type(of: error)): \(error)", M.self))
        }
    }

    /// The outcome of decoding `model` (of any tag).
    static func value<M>(_ model: M) -> Outcome { .decoded([untagged(String(describing: model), M.self)]) }

    /// The outcome of decoding `models` (of any tag).
    static func values<M>(_ models: [M]) -> Outcome { .decoded(models.map { untagged(String(describing: $0), M.self) }) }

    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }

    var isInvalidJSON: Bool { failure?.code == .invalidJSON }

    var description: String {
        switch self {
        case .decoded(let models): return "decoded [" + models.joined(separator: ", ") + "]"
        case .failure(let failure): return "failed: \(failure)"
        case .otherError(let error): return "threw a non-Strata error: \(error)"
        }
    }
}

/// One way of decoding or encoding, and what it gave.
struct Run<Result: Equatable & CustomStringConvertible> {
    let label: String
    let result: Result
    init(_ label: String, _ result: Result) {
        self.label = label
        self.result = result
    }
}

extension Conformance {
    /// Expects every run to give `expected`, or when it is `nil` what the first run
    /// gave; records one issue naming every run that differs. Returns the reference.
    @discardableResult
    static func expectAgreement<Result>(
        _ runs: [Run<Result>], expected: Result? = nil, _ what: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Result {
        let reference = expected ?? runs[0].result
        let referenceLabel = expected == nil ? runs[0].label : "the expected outcome"
        let differing = runs.filter { $0.result != reference }
        if !differing.isEmpty {
            let lines = differing.map { "  \($0.label) gave\n    \($0.result)" }
            Issue.record(
                Comment(rawValue: "\(what()):\n\(lines.joined(separator: "\n"))\n  but \(referenceLabel) gave\n    \(reference)"),
                sourceLocation: sourceLocation)
        }
        return reference
    }

    /// Short, printable text of a document for messages.
    static func show(_ data: Data) -> String {
        let text = String(decoding: data.prefix(160), as: UTF8.self)
        return text.debugDescription + (data.count > 160 ? "… (\(data.count) bytes)" : "")
    }
}

// MARK: - Decoding every way

extension Conformance {
    /// The two things decoded from a document.
    enum Target {
        /// `model(of:from:)`.
        case model
        /// `models(of:from:)`.
        case models
    }

    /// Where the decode reads from.
    enum Source {
        /// `Data`, as given.
        case data
        /// The dictionary (or array) of the document parsed whole by the reader the
        /// adapter parses with (Swift natives).
        case dictionary
        /// The same, parsed by `JSONReader.jsonObject` (Foundation shapes, as from
        /// `JSONSerialization`).
        case foundationDictionary
        /// `Data`, then each model archived by `ModelArchiver` and read back.
        case archive
    }

    static func decode(_ type: any ConformanceModel.Type, _ data: Data, _ target: Target, from source: Source) -> Outcome {
        decodeOpened(type, data, target, source)
    }

    private static func decodeOpened<M: ConformanceModel>(
        _: M.Type, _ data: Data, _ target: Target, _ source: Source
    ) -> Outcome {
        Outcome(M.self) {
            switch (target, source) {
            case (.model, .data):
                return [try JSONAdapter.model(of: M.self, from: data)]
            case (.models, .data):
                return try JSONAdapter.models(of: M.self, from: data)
            case (.model, .archive):
                return [try archivedRoundTrip(JSONAdapter.model(of: M.self, from: data))]
            case (.models, .archive):
                return try JSONAdapter.models(of: M.self, from: data).map(archivedRoundTrip)
            case (.model, .dictionary), (.model, .foundationDictionary):
                let object = try parseWhole(data, source)
                guard let json = object as? [String: Any] else { throw JSONAdapter.notAnObject(object, for: M.self) }
                return [try JSONAdapter.model(of: M.self, from: json)]
            case (.models, .dictionary), (.models, .foundationDictionary):
                let object = try parseWhole(data, source)
                guard let json = object as? [Any] else {
                    throw StrataError(
                        .invalidJSONDictionary,
                        "Expected a JSON array of \(M.self) objects, found \(describe(object)). "
                            + "Fix the payload, or read one \(M.self) with JSONAdapter.model(of:from:).")
                }
                return try JSONAdapter.models(of: M.self, from: json)
            }
        }
    }

    /// `model` archived by `ModelArchiver` and read back: a model type of the
    /// conformance suites that archives is a `SecureCodingModel`.
    static func archivedRoundTrip<M>(_ model: M) throws -> M {
        func roundTrip<S: SecureCodingModel>(_ archived: S) throws -> Any {
            try ModelArchiver.unarchivedModel(of: S.self, from: ModelArchiver.archivedData(with: archived))
        }
        guard let archivable = model as? any SecureCodingModel, let back = try roundTrip(archivable) as? M else {
            throw StrataError(.unsupportedValue, "\(M.self) is not a SecureCodingModel, so it has no archive to read back.")
        }
        return back
    }

    /// The whole document, parsed as the source does; a syntax error is the adapter's.
    static func parseWhole(_ data: Data, _ source: Source) throws -> Any {
        do {
            switch source {
            case .data, .dictionary, .archive: return try JSONReader.nativeObject(with: data)
            case .foundationDictionary: return try JSONReader.jsonObject(with: data)
            }
        } catch let error as JSONParsingError {
            throw JSONAdapter.invalidJSON(error)
        }
    }

    /// `type`, after decoding its filler from `Data` and from a dictionary: every
    /// hook it has has run once.
    static func warmed(_ type: any ConformanceModel.Type) -> any ConformanceModel.Type {
        let filler = Data(type.filler.utf8)
        _ = decode(type, filler, .model, from: .data)
        _ = decode(type, filler, .model, from: .dictionary)
        return type
    }

    /// `data` decoded as `target` every way: from each source on `warm` (the
    /// family's warm type when not given), and on two cold types, one first
    /// from `Data` and (unless `coldDictionary` is false) one first from the
    /// dictionary, then again from the other source and the same one.
    ///
    /// The cold types are left out when the document does not open the container
    /// `target` reads (an object for a model, an array for models), or holds no
    /// object at all: the adapter then never reaches the type, so its state cannot
    /// matter.
    static func runs(
        _ family: Family, _ data: Data, _ target: Target, warm: (any ConformanceModel.Type)? = nil,
        coldData: Bool = true, coldDictionary: Bool = true
    ) -> [Run<Outcome>] {
        let warm = warm ?? family.warm
        var runs = [
            Run("a warm type from the adapter's dictionary", decode(warm, data, target, from: .dictionary)),
            Run("a warm type from Data", decode(warm, data, target, from: .data)),
            Run("a warm type from Data again", decode(warm, data, target, from: .data)),
        ]
        if !holdsNumberFoundationRounds(data) {
            runs.insert(Run("a warm type from a Foundation dictionary", decode(warm, data, target, from: .foundationDictionary)), at: 1)
        }
        if warm is any SecureCodingModel.Type {
            runs.append(Run("a warm type from Data, through the archive", decode(warm, data, target, from: .archive)))
        }
        guard opens(data, target), data.contains(UInt8(ascii: "{")) else { return runs }
        if coldData {
            let coldDataType = family.fresh()
            runs += [
                Run("a cold type from Data (its first decode)", decode(coldDataType, data, target, from: .data)),
                Run("that type from the dictionary (its second)", decode(coldDataType, data, target, from: .dictionary)),
                Run("that type from Data (its third)", decode(coldDataType, data, target, from: .data)),
            ]
        }
        guard coldDictionary else { return runs }
        let coldDictionaryType = family.fresh()
        runs += [
            Run("a cold type from the dictionary (its first decode)", decode(coldDictionaryType, data, target, from: .dictionary)),
            Run("that type from Data (its second)", decode(coldDictionaryType, data, target, from: .data)),
        ]
        return runs
    }

    /// Whether `data` holds a number that the Foundation shape rounds or refuses (a
    /// `JSONNumber` in the native shape, such as `1e400`): its Foundation dictionary
    /// is then another document, as `JSONSerialization` reads it.
    static func holdsNumberFoundationRounds(_ data: Data) -> Bool {
        func holds(_ value: Any) -> Bool {
            if value is JSONNumber { return true }
            if let array = value as? [Any] { return array.contains(where: holds) }
            if let object = value as? [String: Any] { return object.values.contains(where: holds) }
            return false
        }
        return (try? JSONReader.nativeObject(with: data)).map(holds) ?? false
    }

    /// Whether the first byte of `data`, after a byte order mark and whitespace,
    /// opens the container `target` reads.
    static func opens(_ data: Data, _ target: Target) -> Bool {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: target == .model ? "{" : "[")
    }

    /// Decodes `data` as one model and as an array of models of `family`, every way
    /// (see ``runs(_:_:_:)``), and, when it is valid JSON, as element 0 and element n
    /// of an array; expects each to agree. Returns the outcomes of `model(of:)` and
    /// `models(of:)`.
    @discardableResult
    static func decodeEveryWay(
        _ family: Family, _ data: Data, sourceLocation: SourceLocation = #_sourceLocation
    ) -> (model: Outcome, models: Outcome) {
        let warm = family.warm
        let model = expectAgreement(
            runs(family, data, .model, warm: warm), "model(of: \(family.name)) from \(show(data))",
            sourceLocation: sourceLocation)
        let models = expectAgreement(
            runs(family, data, .models, warm: warm), "models(of: \(family.name)) from \(show(data))",
            sourceLocation: sourceLocation)
        expectElementsAgree(family, data, alone: model, warm: warm, sourceLocation: sourceLocation)
        return (model, models)
    }

    @discardableResult
    static func decodeEveryWay(
        _ family: Family, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> (model: Outcome, models: Outcome) {
        decodeEveryWay(family, Data(text.utf8), sourceLocation: sourceLocation)
    }

    /// The document `data` as element 0 of 2 and element 2 of 3 of an array whose
    /// other elements are the family's filler: decoded every way, each must give
    /// what the document alone gave, at its index. As element 0 it is also the first
    /// decode of a cold type (from `Data`, where the reader takes another path for a
    /// type's first element) when it holds an object; as element 2, a cold type would
    /// already have learned from element 0, so only warm types are tried. Skipped for
    /// invalid JSON (whose
    /// error names a position in the text) and where the array would be too deep.
    static func expectElementsAgree(
        _ family: Family, _ data: Data, alone: Outcome, warm: any ConformanceModel.Type,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard (try? JSONReader.nativeObject(with: data)) != nil else { return }
        let filler = Data(warm.filler.utf8)
        let fillerOutcome = decode(warm, filler, .model, from: .dictionary)
        for (before, after) in [(0, 1), (2, 0)] {
            var array = Data("[".utf8)
            for _ in 0..<before { array += filler + Data(", ".utf8) }
            array += data
            for _ in 0..<after { array += Data(", ".utf8) + filler }
            array += Data("]".utf8)
            guard (try? JSONReader.nativeObject(with: array)) != nil else { continue }
            // The elements' models, or the first element's error, at its index.
            let elements = Array(repeating: fillerOutcome, count: before) + [alone] + Array(repeating: fillerOutcome, count: after)
            var expected = Outcome.decoded([])
            for (index, element) in elements.enumerated() {
                switch (expected, element) {
                case (.decoded(let models), .decoded(let more)): expected = .decoded(models + more)
                case (.decoded, .failure(let failure)): expected = .failure(failure.atIndex(index))
                case (.decoded, .otherError): expected = element
                default: break
                }
            }
            expectAgreement(
                runs(
                    family, array, .models, warm: warm, coldData: before == 0 && data.contains(UInt8(ascii: "{")),
                    coldDictionary: false),
                expected: expected,
                "models(of: \(family.name)) with \(show(data)) as element \(before) of \(before + 1 + after)",
                sourceLocation: sourceLocation)
        }
    }
}

// MARK: - Encoding every way

/// What encoding gave.
enum Encoded: Equatable, CustomStringConvertible {
    /// The JSON written, parsed back; with `.sortedKeys`, also its exact text, which
    /// is then deterministic.
    case json(JSONShape, text: String?)
    case failure(Failure)
    /// An error that is not a `StrataError`: never expected.
    case otherError(String)

    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }

    var description: String {
        switch self {
        case .json(let shape, let text): return "JSON \(text?.debugDescription ?? shape.description)"
        case .failure(let failure): return "failed: \(failure)"
        case .otherError(let error): return "threw a non-Strata error: \(error)"
        }
    }
}

extension Conformance {
    /// Where encoding writes to.
    enum Sink {
        /// `dictionary(from:)` / `dictionaries(from:)`, then written by `JSONWriter`.
        case dictionary
        /// `data(from:)`.
        case data
    }

    /// Every option set: each subset of `.omitNulls`, `.sortedKeys`, `.prettyPrinted`.
    static let optionSets: [WriteOptions] = (0..<8).map { WriteOptions(rawValue: $0) }

    static func encode<M: JSONSerializing>(_ model: M, to sink: Sink, _ options: WriteOptions) -> Encoded {
        encoded(M.self, options) {
            switch sink {
            case .dictionary:
                let json = try JSONAdapter.dictionary(from: model, options: options.encoding)
                return try JSONWriter.data(withJSONObject: json, options: JSONAdapter.writerOptions(options.formatting))
            case .data:
                return try JSONAdapter.data(from: model, options: options.encoding, formatting: options.formatting)
            }
        }
    }

    static func encode<M: JSONSerializing>(_ models: [M], to sink: Sink, _ options: WriteOptions) -> Encoded {
        encoded(M.self, options) {
            switch sink {
            case .dictionary:
                let json = try JSONAdapter.dictionaries(from: models, options: options.encoding)
                return try JSONWriter.data(withJSONObject: json, options: JSONAdapter.writerOptions(options.formatting))
            case .data:
                return try JSONAdapter.data(from: models, options: options.encoding, formatting: options.formatting)
            }
        }
    }

    private static func encoded<M>(_: M.Type, _ options: WriteOptions, _ body: () throws -> Data) -> Encoded {
        do {
            let bytes = try body()
            let shape = JSONShape(native: try JSONReader.nativeObject(with: bytes))
            return .json(shape, text: options.contains(.sortedKeys) ? String(decoding: bytes, as: UTF8.self) : nil)
        } catch let error as StrataError {
            return .failure(Failure(error) { untagged($0, M.self) })
        } catch {
            return .otherError(untagged("\(type(of: error)): \(error)", M.self))
        }
    }

    /// What encoding an array must give when its elements, encoded alone, gave
    /// `elements`: the array of their JSON (with their texts joined, when `joinTexts`
    /// and they have texts), or the error of the element at `index`, at its index.
    /// `nil` when an element before `index` failed.
    static func expectedArray(of elements: [Encoded], failingAt index: Int, joinTexts: Bool) -> Encoded? {
        var shapes: [JSONShape] = []
        var texts: [String]? = joinTexts ? [] : nil
        for (position, element) in elements.enumerated() {
            switch element {
            case .json(let shape, let text):
                shapes.append(shape)
                if let text { texts?.append(text) } else { texts = nil }
            case .failure(let failure):
                return position == index ? .failure(failure.atIndex(index)) : nil
            case .otherError:
                return nil
            }
        }
        return .json(.array(shapes), text: texts.map { "[" + $0.joined(separator: ",") + "]" })
    }

    /// Encodes `model` to both sinks with `options`, and `padding + [model]` as an
    /// array to both; expects the sinks to agree, and the array to be its elements'
    /// JSON (or the element's error, at its index). Returns what `model` gave.
    @discardableResult
    static func expectSinksAgree<M: JSONSerializing>(
        _ model: M, padding: [M] = [], _ options: WriteOptions, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Encoded {
        let single = expectAgreement(
            [
                Run("dictionary(from:), written", encode(model, to: .dictionary, options)),
                Run("data(from:)", encode(model, to: .data, options)),
            ], "\(M.self) with options [\(options.testDescription)]", sourceLocation: sourceLocation)
        let array = padding + [model]
        let elements = padding.map { encode($0, to: .dictionary, options) } + [single]
        expectArraySinksAgree(
            [
                Run("dictionaries(from:), written", encode(array, to: .dictionary, options)),
                Run("data(from: [\(M.self)])", encode(array, to: .data, options)),
            ], elements: elements, index: padding.count, options, "[\(M.self)] of \(array.count)",
            sourceLocation: sourceLocation)
        return single
    }

    /// Expects the runs, each an encoded array, to agree, and to be what the
    /// `elements` encoded alone predict (see ``expectedArray(of:failingAt:joinTexts:)``).
    static func expectArraySinksAgree(
        _ runs: [Run<Encoded>], elements: [Encoded], index: Int, _ options: WriteOptions,
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let what = "\(what) with options [\(options.testDescription)]"
        let reference = expectAgreement(runs, what, sourceLocation: sourceLocation)
        // Pretty-printed elements are indented one level deeper inside an array.
        let pretty = options.contains(.prettyPrinted)
        guard let expected = expectedArray(of: elements, failingAt: index, joinTexts: !pretty) else { return }
        var actual = reference
        if pretty, case .json(let shape, _) = reference { actual = .json(shape, text: nil) }
        #expect(actual == expected, "\(what): the array is not its elements", sourceLocation: sourceLocation)
    }
}

/// The encoding options and the output formatting of one write, as one option set,
/// so that the tests can run every combination.
struct WriteOptions: OptionSet, Sendable, CustomTestStringConvertible {
    let rawValue: Int

    /// ``JSONAdapter/EncodingOptions/omitNulls``.
    static let omitNulls = WriteOptions(rawValue: 1 << 0)
    /// ``JSONAdapter/OutputFormatting/sortedKeys``, for `data(from:)` and the writer.
    static let sortedKeys = WriteOptions(rawValue: 1 << 1)
    /// ``JSONAdapter/OutputFormatting/prettyPrinted``, for `data(from:)` and the writer.
    static let prettyPrinted = WriteOptions(rawValue: 1 << 2)

    var encoding: JSONAdapter.EncodingOptions { contains(.omitNulls) ? .omitNulls : .default }

    var formatting: JSONAdapter.OutputFormatting {
        var formatting: JSONAdapter.OutputFormatting = []
        if contains(.sortedKeys) { formatting.insert(.sortedKeys) }
        if contains(.prettyPrinted) { formatting.insert(.prettyPrinted) }
        return formatting
    }

    var testDescription: String {
        let names = [(WriteOptions.sortedKeys, "sorted"), (.omitNulls, "omitNulls"), (.prettyPrinted, "pretty")]
            .filter { contains($0.0) }.map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: "+")
    }
}
