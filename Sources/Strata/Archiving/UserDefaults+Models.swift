import Foundation

extension UserDefaults {
    /// Stores `model` under `key` as archive data (``ModelArchiver/archivedData(with:)``)
    /// and writes it to disk at once.
    ///
    /// ```swift
    /// try UserDefaults.standard.setModel(settings, forKey: "settings")
    /// ```
    /// On Linux, Foundation writes defaults to disk only on `synchronize()`; this
    /// method calls it, so another process, or the next launch, reads the model.
    /// - Throws: ``StrataError/Code-swift.enum/unsupportedValue`` when the model
    ///   cannot be archived; the stored value is unchanged then.
    public func setModel<M: SecureCodingModel>(_ model: M, forKey key: String) throws {
        let data = try ModelArchiver.archivedData(with: model)
        set(data, forKey: key)
        synchronize()
    }

    /// The model stored under `key` by ``setModel(_:forKey:)``; `nil` when the
    /// key holds nothing.
    ///
    /// ```swift
    /// let saved = try UserDefaults.standard.model(of: Settings.self, forKey: "settings")
    /// ```
    /// - Throws: ``StrataError/Code-swift.enum/invalidArchive`` when the value is
    ///   not a valid archive of `M` (not data, damaged, tampered with, or another
    ///   model's), or any error of ``ModelArchiver/unarchivedModel(of:from:)``. The
    ///   error's path starts with `key`.
    public func model<M: SecureCodingModel>(of type: M.Type, forKey key: String) throws -> M? {
        guard let value = object(forKey: key) else { return nil }
        guard let data = value as? Data else {
            throw StrataError.expected(
                "archive data from setModel(_:forKey:)", found: value, code: .invalidArchive,
                advice: "Remove the value, or store the model with setModel(_:forKey:).", path: [.key(key)])
        }
        do {
            return try ModelArchiver.unarchivedModel(of: M.self, from: data)
        } catch let error as StrataError {
            throw error.prefixed(with: [.key(key)])
        }
    }
}
