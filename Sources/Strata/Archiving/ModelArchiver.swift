import Foundation

/// Archives ``SecureCodingModel``s as `NSKeyedArchiver` data (secure coding on)
/// and reads them back.
///
/// ```swift
/// let data = try ModelArchiver.archivedData(with: settings)
/// let back = try ModelArchiver.unarchivedModel(of: Settings.self, from: data)
/// ```
///
/// Reading never crashes on bad data: before any `NSKeyedUnarchiver` runs, the
/// data is checked as a property list against the exact classes Strata writes for
/// the model type, so damaged, tampered or foreign archives are refused with
/// ``StrataError/Code-swift.enum/invalidArchive``.
public enum ModelArchiver {
    /// Archives `model` as keyed-archive data.
    ///
    /// The archive records the model's ``SecureCodingModel/archiveName`` and
    /// ``SecureCodingModel/modelVersion``. ``EncodingBehavior/excluded`` properties
    /// are left out; a `nil` value is written as a marker, so that it reads back as
    /// `nil`.
    /// - Throws: ``StrataError/Code-swift.enum/unsupportedValue`` naming each
    ///   property whose type cannot be archived (mark it ``EncodingBehavior/excluded``),
    ///   or a reference cycle between class models.
    public static func archivedData<M: SecureCodingModel>(with model: M) throws -> Data {
        _ = try ArchivePlan<M>.resolved()
        return try ArchiveContext.encoding { run in
            run.prepare(root: model)
            let archiver = NSKeyedArchiver(requiringSecureCoding: true)
            archiver.encode(try run.wrapper(for: model), forKey: ArchiveFormat.rootKey)
            archiver.finishEncoding()
            return archiver.encodedData
        }
    }

    /// Reads a model of type `M` from data written by ``archivedData(with:)``.
    ///
    /// Each archived key goes through ``SecureCodingModel/decodeValue(forKey:with:modelVersion:)``
    /// (the migration hook), then the validated setter; the model is then validated.
    /// Keys absent from the archive keep their defaults.
    /// - Throws: ``StrataError/Code-swift.enum/invalidArchive`` for data that is not
    ///   an archive of `M` (damaged, tampered with, another model's);
    ///   ``StrataError/Code-swift.enum/unsupportedModelVersion`` for an archive of a
    ///   newer version; or the error of a migration, setter or validation, with
    ///   the path of the property.
    public static func unarchivedModel<M: SecureCodingModel>(of type: M.Type, from data: Data) throws -> M {
        _ = try ArchivePlan<M>.resolved()
        let layout = try ArchiveValidator(allowedClassNames: ArchivePlan<M>.classNames).validate(data)
        let unarchiver: NSKeyedUnarchiver
        do {
            unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        } catch {
            throw StrataError(.invalidArchive, "The data is not a keyed archive: \(error)", underlyingError: error)
        }
        unarchiver.requiresSecureCoding = true
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        defer { unarchiver.finishDecoding() }
        // Every typed decode checks what its key stores against the layout just read.
        let top = ArchiveCursor(layout: layout, object: nil)
        let model = try ArchiveContext.decoding(from: unarchiver, at: top) {
            try unarchiver.decodeModel(of: M.self, forKey: ArchiveFormat.rootKey)
        }
        guard let model else {
            throw StrataError(.invalidArchive, "The archive holds no model.")
        }
        return model
    }
}
