import Foundation

/// The `strata-generate` command line, parsed, and what running it does.
///
/// ```text
/// strata-generate <sample.json>... [--name <Name> | --roots] [--name-from-path]
///                 [--enums] [--namespace <Name>] [--dictionary <key>]...
///                 [--model <key>]... [--output <file.swift>] [--tests <file.swift>]
/// ```
///
/// ```swift
/// let command = try GenerateCommand(arguments: ["repo.json", "--name", "Repository"])
/// let source = try command.generate()
/// ```
public struct GenerateCommand: Equatable, Sendable {
    /// The sample files, in the order given.
    public var files: [String] = []
    /// The top-level model's name (`--name`); `nil` to take it from the first sample's file name.
    public var name: String?
    /// Whether each file is its own top-level model, named after it (`--roots`).
    public var roots = false
    /// Whether to name nested models after their path, `RepositoryOwner` rather than `Owner` (`--name-from-path`).
    public var nameFromPath = false
    /// The file to write (`--output`); standard output when `nil`.
    public var output: String?
    /// The file to write a test suite to that audits each sample with the models (`--tests`).
    public var tests: String?
    /// Whether to generate `String` enums for keys with few values (`--enums`).
    public var enums = false
    /// The caseless enum to declare the types in (`--namespace`).
    public var namespace: String?
    /// JSON keys whose objects are dictionaries (`--dictionary`, once for each).
    public var dictionaryKeys: [String] = []
    /// JSON keys whose objects are models (`--model`, once for each).
    public var modelKeys: [String] = []
    /// Whether `--help` was given.
    public var help = false

    /// The usage text `--help` prints.
    public static let usage = """
        OVERVIEW: Generate Strata models from sample JSON payloads.

        USAGE: strata-generate <sample.json>... [--name <Name>] [options]

        ARGUMENTS:
          <sample.json>       One or more sample files: each an object, or an array of
                              objects. The shapes of all of them are merged, unless
                              --roots is given.

        OPTIONS:
          --name <Name>       The name of the top-level model. By default, the first
                              file's name, singular for an array (issues.json → Issue).
          --roots             Make each file its own top-level model, named after the
                              file, in one source file where the types they share
                              are declared once.
          --name-from-path    Name each nested model after its path: its parent's
                              name and its key (RepositoryOwner, not Owner).
          --enums             Make string keys with a few short values String enums.
          --namespace <Name>  Declare every type inside `enum <Name>`.
          --dictionary <key>  Make the objects at <key> a dictionary, [String: T],
                              whatever their keys. Repeat for more keys.
          --model <key>       Make the objects at <key> a model, even when their
                              keys look like data. Repeat for more keys.
          -o, --output <file> Write the Swift source to <file> instead of standard output.
          --tests <file>      Also write a Swift Testing suite to <file> that reads each
                              sample with the models and fails on every key they miss.
          -h, --help          Show this help.
        """

    /// Parses the arguments after the command's name.
    ///
    /// - Throws: an ``GeneratorError/Code/invalidArguments`` error that says what
    ///   is missing or not understood.
    public init(arguments: [String]) throws(GeneratorError) {
        var remaining = arguments[...]
        func value(for option: String) throws(GeneratorError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw Self.invalid("\(option) needs a value: \(option) <value>.")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--name": name = try value(for: argument)
            case "--roots": roots = true
            case "--name-from-path": nameFromPath = true
            case "--output", "-o": output = try value(for: argument)
            case "--tests": tests = try value(for: argument)
            case "--enums": enums = true
            case "--namespace": namespace = try value(for: argument)
            case "--dictionary": dictionaryKeys.append(try value(for: argument))
            case "--model": modelKeys.append(try value(for: argument))
            case "--help", "-h": help = true
            case "--":
                files += remaining
                remaining = []
            case _ where argument.hasPrefix("-") && argument.count > 1:
                throw Self.invalid("Unknown option '\(argument)'. Run strata-generate --help for the options.")
            default: files.append(argument)
            }
        }
        guard !help else { return }
        if files.isEmpty { throw Self.invalid("Give at least one sample JSON file.") }
        if roots, name != nil {
            throw Self.invalid("--name names the one top-level model; with --roots each file's is named after the file.")
        }
        if let key = dictionaryKeys.first(where: modelKeys.contains) {
            throw Self.invalid("'\(key)' is given to both --dictionary and --model: keep one.")
        }
        for (option, value) in [("--name", name), ("--namespace", namespace)] {
            if let value, !Self.isTypeName(value) {
                throw Self.invalid("\(option) '\(value)' is not a Swift type name: use letters and digits, starting with a letter.")
            }
        }
    }

    private static func invalid(_ reason: String) -> GeneratorError {
        GeneratorError(.invalidArguments, file: nil, reason: reason)
    }

    private static func isTypeName(_ text: String) -> Bool {
        guard SwiftNaming.isPlainIdentifier(text), text.first?.isLetter == true else { return false }
        return !SwiftNaming.keywords.contains(text)
    }

    /// The top-level model's name for `samples`: `--name`, or the first file's
    /// name in upper camel case, made singular when the file holds an array.
    public func rootName(for samples: [StrataGenerator.Sample]) throws(GeneratorError) -> String {
        if let name { return name }
        guard let first = samples.first else { throw Self.invalid("Give at least one sample JSON file.") }
        return try Self.derivedName(of: first, advice: "give one with --name <Name>")
    }

    /// With ``roots``, each sample's top-level model's name: its file's name in
    /// upper camel case, singular for an array, numbered when two files give the
    /// same; otherwise none.
    public func rootNames(for samples: [StrataGenerator.Sample]) throws(GeneratorError) -> [String] {
        guard roots else { return [] }
        var names: [String] = []
        var used: Set<String> = []
        for sample in samples {
            names.append(SwiftNaming.unique(try Self.derivedName(of: sample, advice: "rename the file"), in: &used))
        }
        return names
    }

    /// The type name `sample`'s file name gives.
    private static func derivedName(of sample: StrataGenerator.Sample, advice: String) throws(GeneratorError) -> String {
        let base = URL(fileURLWithPath: sample.file).deletingPathExtension().lastPathComponent
        let isArray = try StrataGenerator.isArray(sample)
        guard let derived = SwiftNaming.typeName(forKey: base, singular: isArray), isTypeName(derived) else {
            throw invalid("The file name '\(base)' gives no Swift type name: \(advice).")
        }
        return derived
    }

    /// Reads the sample files and returns the generated Swift source.
    public func generate() throws(GeneratorError) -> String {
        let (samples, options) = try inputs()
        return try StrataGenerator.generate(samples: samples, options: options)
    }

    /// The samples, read from ``files``, and the options they are generated with.
    private func inputs() throws(GeneratorError) -> ([StrataGenerator.Sample], GeneratorOptions) {
        var samples: [StrataGenerator.Sample] = []
        for file in files {
            do {
                samples.append(StrataGenerator.Sample(file: file, data: try Data(contentsOf: URL(fileURLWithPath: file))))
            } catch {
                throw GeneratorError(.unreadableFile, file: file, reason: "The file cannot be read: check its path.")
            }
        }
        let rootNames = try rootNames(for: samples)
        // With --roots, the first file's model names the test suite; --name is not given.
        let firstName = try rootNames.isEmpty ? rootName(for: samples) : rootNames[0]
        var options = GeneratorOptions(
            rootName: firstName, enums: enums, namespace: namespace,
            namesFromPath: nameFromPath, dictionaryKeys: Set(dictionaryKeys), modelKeys: Set(modelKeys))
        options.rootNames = rootNames
        return (samples, options)
    }

    /// Runs the command: generates, writes the test suite to ``tests`` when given,
    /// then writes the source to ``output`` or returns it for standard output.
    ///
    /// - Returns: the text to print: the usage, the source, or `nil` when the source went to ``output``.
    public func run() throws(GeneratorError) -> String? {
        if help { return Self.usage }
        let (samples, options) = try inputs()
        let source = try StrataGenerator.generate(samples: samples, options: options)
        if let tests {
            try Self.write(StrataGenerator.sampleTests(samples: samples, options: options), to: tests)
        }
        guard let output else { return source }
        try Self.write(source, to: output)
        return nil
    }

    private static func write(_ text: String, to file: String) throws(GeneratorError) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        } catch {
            throw GeneratorError(
                .unwritableOutput, file: file, reason: "The file cannot be written: check that its folder exists.")
        }
    }
}
