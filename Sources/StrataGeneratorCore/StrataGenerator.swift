import Foundation

/// Turns sample JSON payloads into Swift source for Strata models: the engine
/// of `strata-generate`.
///
/// Each sample is an object, or an array of objects; the shapes of all of them
/// are merged into one top-level model, with a model for each kind of nested
/// object (objects with the same keys at different places are one model, see
/// ``ObjectKindMerging``; the same shape twice is one model; objects told apart
/// by a tag are a tagged enum, see ``TaggedObjectRule``), properties in payload
/// order, and types inferred across every sample (see ``TypeInference``).
///
/// ```swift
/// let json = Data(#"{"id": 1, "html_url": "https://github.com/ada", "created_at": "2024-05-01T12:30:00Z"}"#.utf8)
/// let source = try StrataGenerator.generate(
///     samples: [Sample(file: "user.json", data: json)], options: GeneratorOptions(rootName: "User"))
/// // struct User: JSONSerializing {
/// //     var id = 0
/// //     var htmlURL: URL?
/// //     var createdAt = Date.distantPast
/// //     …
/// ```
public enum StrataGenerator {
    /// One sample file: its name, as the header comment and errors give it, and its contents.
    public struct Sample: Sendable {
        /// The file's name or path, as given on the command line.
        public var file: String
        /// The file's contents.
        public var data: Data

        /// A sample named `file` holding `data`.
        public init(file: String, data: Data) {
            self.file = file
            self.data = data
        }
    }

    /// The Swift source for the models of `samples`.
    ///
    /// - Throws: a ``GeneratorError`` when a sample is not JSON (with the line and
    ///   column), is an empty array, is a string, number, boolean or `null`, or is an
    ///   array with an element that is not an object.
    ///   With ``GeneratorOptions/rootNames``, it also throws when their count is
    ///   not the samples'.
    public static func generate(samples: [Sample], options: GeneratorOptions) throws(GeneratorError) -> String {
        let groups = options.rootNames.isEmpty ? [samples] : samples.map { [$0] }
        let names = options.rootNames.isEmpty ? [options.rootName] : options.rootNames
        guard names.count == groups.count else {
            throw GeneratorError(
                .invalidArguments, file: nil,
                reason: "\(names.count) top-level names for \(samples.count) samples: give one name for each sample.")
        }
        var roots: [ObjectObservation] = []
        for group in groups {
            let objects = ObjectObservation()
            for sample in group {
                for members in try topLevelObjects(of: sample) { objects.observe(members) }
            }
            roots.append(objects)
        }
        let merged = ObjectKindMerging.merged(roots, dictionaries: DictionaryRule(options: options))
        let inference = TypeInference(options: options)
        let rootTypes = DictionaryValueUnification.unified(
            merged.map { inference.objectType($0, key: nil, isElement: false) })
        let reserved: Set<String> = options.namespace.map { [$0] } ?? []
        let declarations = Declarations(
            roots: Array(zip(rootTypes, names)), reserved: reserved, namesFromPath: options.namesFromPath)
        var emitter = SwiftEmitter(options: options, files: samples.map(\.file))
        return emitter.emit(declarations.groups)
    }

    /// A Swift Testing suite that audits each of `samples` with the models
    /// ``generate(samples:options:)`` writes for them (see ``SampleTestEmitter``).
    ///
    /// ```swift
    /// let tests = StrataGenerator.sampleTests(samples: samples, options: options)
    /// // @Suite struct RepositorySampleTests { @Test func repositoryJSONIsMappedWhole() throws { … } … }
    /// ```
    public static func sampleTests(samples: [Sample], options: GeneratorOptions) -> String {
        SampleTestEmitter(options: options, files: samples.map(\.file)).emit(samples)
    }

    /// Whether the top level of `sample` is an array (so a name taken from its file is made singular).
    public static func isArray(_ sample: Sample) throws(GeneratorError) -> Bool {
        if case .array = try SampleReader.read(sample.data, file: sample.file) { return true }
        return false
    }

    /// The objects a sample gives: itself, or the elements of its array.
    static func topLevelObjects(of sample: Sample) throws(GeneratorError) -> [[JSONMember]] {
        switch try SampleReader.read(sample.data, file: sample.file) {
        case .object(let members):
            return [members]
        case .array(let elements):
            guard !elements.isEmpty else {
                throw GeneratorError(
                    .emptyArray, file: sample.file,
                    reason: "The top-level array is empty: give a sample with at least one object in it.")
            }
            return try elements.enumerated().map { (index, element) throws(GeneratorError) -> [JSONMember] in
                guard case .object(let members) = element else {
                    throw GeneratorError(
                        .elementNotAnObject, file: sample.file,
                        reason: "Element \(index) of the top-level array is \(element.kindDescription), not an object: "
                            + "every element must be an object.")
                }
                return members
            }
        case let scalar:
            throw GeneratorError(
                .topLevelScalar, file: sample.file,
                reason: "The top level is \(scalar.kindDescription), not an object: give an object, or an array of objects.")
        }
    }
}
