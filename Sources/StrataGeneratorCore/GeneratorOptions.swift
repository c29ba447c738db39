/// What to generate: the top-level model's name and the optional features.
///
/// ```swift
/// let options = GeneratorOptions(rootName: "Repository", enums: true, namespace: "GitHub")
/// ```
public struct GeneratorOptions: Equatable, Sendable {
    /// The name of the model for the top-level object (or the array's elements).
    public var rootName: String
    /// With one name for each sample, each sample is its own top-level model, so
    /// named, in one file where the types they share are declared once (`--roots`);
    /// empty, every sample is one model named ``rootName``.
    public var rootNames: [String] = []
    /// Whether string keys with a few short values become `String` enums (`--enums`).
    public var enums: Bool
    /// A caseless enum to declare every type in (`--namespace`), or `nil` for top-level types.
    public var namespace: String?
    /// Whether each nested model is named after its path, its parent's name and
    /// its key (`RepositoryOwner`), rather than its key alone (`Owner`) (`--name-from-path`).
    public var namesFromPath: Bool
    /// JSON keys whose objects are dictionaries, `[String: T]`, whatever their keys
    /// (`--dictionary`).
    public var dictionaryKeys: Set<String>
    /// JSON keys whose objects are models, whatever their keys (`--model`).
    public var modelKeys: Set<String>

    /// Options for a model named `rootName`.
    public init(
        rootName: String, enums: Bool = false, namespace: String? = nil, namesFromPath: Bool = false,
        dictionaryKeys: Set<String> = [], modelKeys: Set<String> = []
    ) {
        self.rootName = rootName
        self.enums = enums
        self.namespace = namespace
        self.namesFromPath = namesFromPath
        self.dictionaryKeys = dictionaryKeys
        self.modelKeys = modelKeys
    }
}
