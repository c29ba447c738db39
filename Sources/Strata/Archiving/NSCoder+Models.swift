import Foundation

extension NSCoder {
    /// Writes `model` under `key` of a keyed archive of your own, so that object
    /// graphs you already archive can hold Strata models.
    ///
    /// Call it from your `NSSecureCoding` object's `encode(with:)`, and read the
    /// model back with ``decodeModel(of:forKey:)``:
    ///
    /// ```swift
    /// final class Document: NSObject, NSSecureCoding {
    ///     static var supportsSecureCoding: Bool { true }
    ///     var settings = Settings()
    ///     func encode(with coder: NSCoder) {
    ///         try? coder.encodeModel(settings, forKey: "settings")
    ///     }
    ///     init?(coder: NSCoder) {
    ///         guard let settings = try? coder.decodeModel(of: Settings.self, forKey: "settings") else { return nil }
    ///         self.settings = settings
    ///     }
    /// }
    /// ```
    /// The model is written as in ``ModelArchiver/archivedData(with:)``.
    ///
    /// Some errors are only found while the model's objects are written (a cycle
    /// between class models), so the model is first archived on its own, and
    /// written into this coder only when that succeeds: embedding a model costs
    /// two archiving passes.
    /// - Throws: ``StrataError/Code-swift.enum/unsupportedValue`` when the model
    ///   cannot be archived (a property or nested model of a type Strata cannot
    ///   archive, or a cycle between class models); nothing is written then.
    public func encodeModel<M: SecureCodingModel>(_ model: M, forKey key: String) throws {
        _ = try ArchivePlan<M>.resolved()
        // The trial run, in a run of its own.
        _ = try ArchiveContext.$run.withValue(nil) { try ModelArchiver.archivedData(with: model) }
        try ArchiveContext.encoding { run in
            run.prepare(root: model)
            encode(try run.wrapper(for: model), forKey: key)
        }
    }

    /// Reads the model written under `key` by ``encodeModel(_:forKey:)``; `nil`
    /// when the key is absent.
    ///
    /// Strata checks its own archives before decoding them
    /// (``ModelArchiver/unarchivedModel(of:from:)``), but cannot check an archive
    /// of yours: decode yours with `requiresSecureCoding` on and
    /// `decodingFailurePolicy = .setErrorAndReturn`, from data you trust, or
    /// store models as ``ModelArchiver`` data inside it.
    /// - Throws: ``StrataError/Code-swift.enum/invalidArchive`` when the value
    ///   under `key` is not an archive of `M`, or the error of a migration, setter
    ///   or validation.
    public func decodeModel<M: SecureCodingModel>(of type: M.Type, forKey key: String) throws -> M? {
        _ = try ArchivePlan<M>.resolved()
        let model = try ArchivedValueCoding.decode(.model(M.self), forKey: key, from: self)
        if let error {
            throw StrataError(
                .invalidArchive, "The archive is damaged: \(error.localizedDescription)", path: [.key(key)],
                underlyingError: error)
        }
        guard let model else { return nil }
        guard let typed = model as? M else {
            throw StrataError.archived("\(M.self)", foundDescription: describe(model), path: [.key(key)])
        }
        return typed
    }
}
