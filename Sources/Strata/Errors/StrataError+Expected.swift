/// The "Expected …, found …" errors: every message about a value of the wrong
/// kind is built here, in one form.
///
/// A transformer or a collection knows what it expected and what it found, but
/// not which property of which model it serves: it throws
/// ``expected(_:for:found:code:advice:path:)``, and the engine that called it names
/// the property and the model and adds the fix with
/// ``naming(property:of:advice:)``:
///
/// ```text
/// created: Expected a date as a number of seconds since 1970 (such as 1714566600) for 'created' of Event, found the string "x". Fix the payload, or give 'created' a transformer that reads this value.
/// ```
extension StrataError {
    /// The parts of an "Expected …, found …" message, kept so that the engines can
    /// complete it.
    struct Expectation: Sendable {
        /// What the value should have been: `Int`, `an ISO 8601 date such as "…"`.
        var expected: String
        /// What it was: `the string "12"`, `nothing under 'name'`.
        var found: String
        /// The property and model: `'id' of Contributor`, once an engine names them.
        var subject: String?
        /// What to do about it, as one sentence.
        var advice: String?

        /// The message the parts make.
        ///
        /// `Expected Int for 'id' of Contributor, found the string "12". Fix the payload.`
        var reason: String {
            var text = "Expected \(expected)"
            if let subject { text += " for \(subject)" }
            text += ", found \(found)."
            if let advice { text += " " + advice }
            return text
        }
    }

    /// The error for a value that is not what was expected.
    ///
    /// `Expected Int, found the string "12".`
    ///
    /// - Parameters:
    ///   - expected: What the value should have been, as it reads after "Expected".
    ///   - value: The value found, described by `describe(_:)`.
    ///   - advice: The fix, when the thrower knows it better than the engines.
    ///   - subject: What the value is for, when the thrower knows it (`Owner`, for
    ///     the object of a nested model); the engines then name no property.
    static func expected(
        _ expected: String, for subject: String? = nil, found value: Any?, code: Code = .typeMismatch,
        advice: String? = nil, path: [PathComponent] = []
    ) -> StrataError {
        StrataError.expected(expected, for: subject, foundDescription: describe(value), code: code, advice: advice, path: path)
    }

    /// ``expected(_:for:found:code:advice:path:)`` with what was found already in
    /// words: `nothing under 'name'`, `the string "x", which does not fit`.
    static func expected(
        _ expected: String, for subject: String? = nil, foundDescription found: String, code: Code = .typeMismatch,
        advice: String? = nil, path: [PathComponent] = []
    ) -> StrataError {
        let expectation = Expectation(expected: expected, found: found, subject: subject, advice: advice)
        var error = StrataError(code, expectation.reason, path: path)
        error.expectation = expectation
        return error
    }

    /// The error for an archive that holds something else than `expected` where
    /// the model's value should be.
    ///
    /// `Expected Date, found a string in the archive. The archive is damaged or was
    /// not written for this model.`
    static func archived(
        _ expected: String, foundDescription found: String,
        advice: String = "The archive is damaged or was not written for this model.", path: [PathComponent] = []
    ) -> StrataError {
        StrataError.expected(
            expected, foundDescription: found + " in the archive", code: .invalidArchive, advice: advice, path: path)
    }

    /// The error for a value of the wrong kind for property `key` of `model`.
    ///
    /// `Expected Int for 'id' of Contributor, found the string "12".`
    static func expected(
        _ expected: String, found value: Any?, forProperty key: String, of model: Any.Type,
        code: Code = .typeMismatch, advice: String? = nil
    ) -> StrataError {
        let expectation = Expectation(
            expected: expected, found: describe(value), subject: subject(property: key, of: model), advice: advice)
        var error = StrataError(code, expectation.reason, path: [])
        error.expectation = expectation
        return error
    }

    /// This error with property `key` of `model` named, and `advice` as its fix
    /// when it has none, if it is an "Expected …, found …" error that names no
    /// property yet; the error itself otherwise (one from a nested model already
    /// names its own property).
    func naming(property key: String, of model: Any.Type, advice: @autoclosure () -> String? = nil) -> StrataError {
        guard var expectation, expectation.subject == nil else { return self }
        expectation.subject = Self.subject(property: key, of: model)
        if expectation.advice == nil { expectation.advice = advice() }
        return replacingExpectation(with: expectation)
    }

    /// How a message names property `key` of `model`: `'id' of Contributor`.
    static func subject(property key: String, of model: Any.Type) -> String {
        "'\(key)' of \(model)"
    }

    /// This error with `advice` as the fix of its "Expected …, found …" message,
    /// in place of any fix it has; the error itself when it is another kind.
    func advising(_ advice: String) -> StrataError {
        guard var expectation else { return self }
        expectation.advice = advice
        return replacingExpectation(with: expectation)
    }

    private func replacingExpectation(with expectation: Expectation) -> StrataError {
        var error = StrataError(code, expectation.reason, path: path, underlyingError: underlyingError)
        error.expectation = expectation
        return error
    }
}
