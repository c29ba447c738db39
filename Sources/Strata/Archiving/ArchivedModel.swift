import Foundation

/// The `NSSecureCoding` object that carries one model in a keyed archive: the
/// root of every Strata archive, and each nested model.
///
/// A top-level, final, non-generic class, because on Linux `NSStringFromClass`
/// traps for nested and generic classes. The typed work is captured in closures
/// (encoding) or chosen by the ``DecodingExpectation`` the reader binds
/// (decoding), since `init(coder:)` cannot be told which model type to build.
/// `NSCoding` cannot throw either, so errors travel in ``content`` and in the
/// ``ArchivingRun``.
final class ArchivedModel: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    /// The model (being written, or decoded), or why decoding failed.
    let content: Result<Any, StrataError>
    /// Writes the model's keys; `nil` for a decoded wrapper.
    private let writer: ((NSCoder) throws -> Void)?

    init<M: SecureCodingModel>(_ model: M) {
        content = .success(model)
        writer = { coder in try ArchivedModel.write(model, to: coder) }
        super.init()
    }

    func encode(with coder: NSCoder) {
        guard let writer else { return }
        do {
            try writer(coder)
        } catch {
            ArchiveContext.run?.record(error)
        }
    }

    init?(coder: NSCoder) {
        writer = nil
        content = ArchiveContext.decodingObject(from: coder) { expectation in
            guard case .model(let type)? = expectation else {
                return .failure(
                    StrataError(
                        .invalidArchive,
                        "A Strata model was found where the archive should hold another value. "
                            + "Decode Strata models with NSCoder.decodeModel(of:forKey:)."))
            }
            do {
                return .success(try type.readArchived(from: coder))
            } catch let error as StrataError {
                return .failure(error)
            } catch {
                return .failure(StrataError(.invalidArchive, "Decoding failed: \(error)", underlyingError: error))
            }
        }
        super.init()
    }

    /// Writes the archive name, the version, every archived property that is not
    /// `nil`, and a marker for each that is (``ArchiveFormat/nilMarkerKey(for:)``).
    static func write<M: SecureCodingModel>(_ model: M, to coder: NSCoder) throws {
        let plan = try ArchivePlan<M>.resolved()
        guard let run = ArchiveContext.run else {
            throw StrataError(.unsupportedValue, "Strata models are archived through ModelArchiver or NSCoder.encodeModel(_:forKey:).")
        }
        coder.encode(M.archiveName as NSString, forKey: ArchiveFormat.nameKey)
        coder.encode(Int64(M.modelVersion), forKey: ArchiveFormat.versionKey)
        run.writing(model) {
            for entry in plan.entries {
                guard let value = entry.property.read(model) else {
                    coder.encode(true, forKey: ArchiveFormat.nilMarkerKey(for: entry.property.key))
                    continue
                }
                run.at(.key(entry.property.key)) {
                    do {
                        try ArchivedValueCoding.encode(
                            value, as: entry.property.type, forKey: entry.property.key,
                            conditional: entry.behavior == .conditional, into: coder)
                    } catch {
                        run.record(error)
                    }
                }
            }
        }
    }

    /// Reads a model of type `M`: checks the archive name and version, decodes
    /// each archived key through the migration hook, stores it through the
    /// validated setter, and validates the model.
    ///
    /// The values are assigned by the decode engine's loop
    /// (``JSONAdapter/assignMapped(_:from:into:)``), as every entry point assigns.
    ///
    /// Nested models are decoded from within this function, so its frame (and
    /// those of ``decodedValue(of:version:from:)``, the engine's loop and the
    /// source's closure) is part of every nesting level of the unarchiver's
    /// recursion: keep them small, and their checks in helpers.
    static func read<M: SecureCodingModel>(_ type: M.Type, from coder: NSCoder) throws -> M {
        let plan = try ArchivePlan<M>.resolved()
        let version = try recordedVersion(of: M.self, from: coder)
        var model = M()
        let hookCoder = MigrationCoding.hookCoder(for: coder)
        let properties = ModelSchema<M>.shared.properties
        let readsProperty = plan.readsProperty
        // A key the archive has no value for keeps its default, unless the archive marks it nil.
        var source = DecodeSource.values { index in
            guard readsProperty[index] else { return nil }
            let property = properties[index]
            if let value = try decodedValue(of: property, version: version, from: hookCoder) { return .some(value) }
            return try isMarkedNil(property.key, of: M.self, in: coder) ? .some(nil) : nil
        }
        try JSONAdapter.assignMapped(MappingPlan<M>.propertyKeyed, from: &source, into: &model)
        return model
    }

    /// The value of one archived property, read through the migration hook,
    /// which receives `coder`: the unarchiver, answering Mantle's
    /// `decodeObject(of: NSNumber.self, forKey:)` for scalars (``MigrationCoding``).
    ///
    /// A hook that asks for a class the key does not hold is refused, naming the
    /// key. One that still leaves the unarchiver failed (in an archive Strata did
    /// not check) would make every later key read as missing; so the coder's
    /// error is checked right after the hook, and blamed on its key.
    private static func decodedValue<M: SecureCodingModel>(
        of property: ModelProperty<M>, version: Int, from coder: NSCoder
    ) throws -> Any? {
        let value: Any?
        MigrationCoding.reset(coder)
        do {
            value = try M.decodeValue(forKey: property.key, with: coder, modelVersion: version)
        } catch {
            throw migrationError(error, of: M.self, forKey: property.key, version: version, coderError: coder.error)
        }
        if let coderError = coder.error {
            throw brokenDecoderError(coderError, of: M.self, forKey: property.key, version: version)
        }
        if let refusal = MigrationCoding.refusal(of: coder) {
            throw StrataError(
                .migrationFailed,
                "\(M.self).decodeValue(forKey:with:modelVersion:) failed for an archive of version \(version): \(refusal)",
                path: [.key(property.key)])
        }
        return value
    }

    /// An error thrown by the migration hook, with the key in front of its path.
    private static func migrationError<M: SecureCodingModel>(
        _ error: any Error, of type: M.Type, forKey key: String, version: Int, coderError: (any Error)?
    ) -> StrataError {
        // A Strata error (from a nested model, a setter, or decodedValue) already says what went wrong.
        if let error = error as? StrataError {
            return error.naming(property: key, of: M.self, advice: "The archive is damaged or was not written for this model.")
                .prefixed(with: [.key(key)])
        }
        if let coderError { return brokenDecoderError(coderError, of: M.self, forKey: key, version: version) }
        return StrataError(
            .migrationFailed,
            "\(M.self).decodeValue(forKey:with:modelVersion:) failed for an archive of version \(version): \(error)",
            path: [.key(key)], underlyingError: error)
    }

    /// The error for a migration hook that left the unarchiver failed.
    private static func brokenDecoderError<M: SecureCodingModel>(
        _ coderError: any Error, of type: M.Type, forKey key: String, version: Int
    ) -> StrataError {
        StrataError(
            .migrationFailed,
            "\(M.self).decodeValue(forKey:with:modelVersion:) left the unarchiver failed while reading this key from "
                + "an archive of version \(version), so no further key could be read. Read archived values with "
                + "decodedValue(of:forKey:with:) or defaultDecodedValue(forKey:with:): in an archive Strata did not "
                + "check, decodeObject(of:forKey:) cannot read the numbers and booleans Strata writes with typed calls.",
            path: [.key(key)], underlyingError: coderError)
    }

    /// The model version the archive records, after checking that the archive
    /// records `M`'s archive name and a version `M` reads.
    private static func recordedVersion<M: SecureCodingModel>(of type: M.Type, from coder: NSCoder) throws -> Int {
        let name = try recorded(String.self, forKey: ArchiveFormat.nameKey, of: M.self, from: coder)
        let rawVersion = try recorded(Int64.self, forKey: ArchiveFormat.versionKey, of: M.self, from: coder)
        guard let name, let rawVersion else {
            throw StrataError(
                .invalidArchive,
                "The archive does not record a model name and version, so it was not written by Strata for \(M.self).")
        }
        guard name == M.archiveName else {
            throw StrataError(
                .invalidArchive,
                "The archive holds a model archived as '\(name)', not '\(M.archiveName)' (\(M.self)). Decode it as the "
                    + "type that wrote it; if that type was renamed to \(M.self), set its archiveName to '\(name)'.")
        }
        guard let version = Int(exactly: rawVersion), version >= 0 else {
            throw StrataError(.invalidArchive, "The archive records an invalid model version, \(rawVersion).")
        }
        guard version <= M.modelVersion else {
            throw StrataError(
                .unsupportedModelVersion,
                "The archive was written by version \(version) of \(M.archiveName), but this build of \(M.self) reads "
                    + "versions up to \(M.modelVersion). Update the app, or discard the archive.")
        }
        return version
    }

    /// Whether the archive marks the property `key` as `nil`.
    private static func isMarkedNil<M: SecureCodingModel>(_ key: String, of model: M.Type, in coder: NSCoder) throws -> Bool {
        try recorded(Bool.self, forKey: ArchiveFormat.nilMarkerKey(for: key), of: M.self, from: coder) == true
    }

    /// The value recorded under the reserved `key` (the archive name, the version,
    /// a `nil` marker); `nil` when absent.
    ///
    /// An error names the key and `M`, so that a nested model's is not taken for
    /// its parent's property.
    private static func recorded<M: SecureCodingModel, T>(
        _ type: T.Type, forKey key: String, of model: M.Type, from coder: NSCoder
    ) throws -> T? {
        do {
            return try StrataError.at([.key(key)], wrapping: .invalidArchive, "Decoding failed") {
                try ArchivedValueCoding.decode(PropertyType(T.self), forKey: key, from: coder) as? T
            }
        } catch let error as StrataError {
            throw error.naming(property: key, of: M.self)
        }
    }
}

extension SecureCodingModel {
    /// Reads a model of this type from `coder`; called through an existential
    /// metatype by ``ArchivedModel``.
    static func readArchived(from coder: NSCoder) throws -> Any {
        try ArchivedModel.read(Self.self, from: coder)
    }
}
