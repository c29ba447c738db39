/// What a stream's readers report beside its elements: the recoveries made and
/// elements left out (``JSONDiagnostics``), and the envelope around an array.
///
/// Shared by a sequence and the iterators made from it, so the sequence can be
/// asked once the loop over it ends.
final class StreamReport: Sendable {
    private let state = Locked<(diagnostics: JSONDiagnostics, envelope: JSONValue?)>((JSONDiagnostics(), nil))

    var diagnostics: JSONDiagnostics { state.withLock { $0.diagnostics } }
    var envelope: JSONValue? { state.withLock { $0.envelope } }

    func append(_ recoveries: [JSONDiagnostics.Recovery]) {
        guard !recoveries.isEmpty else { return }
        state.withLock { $0.diagnostics.recoveries += recoveries }
    }

    func setEnvelope(_ envelope: JSONValue?) {
        guard let envelope else { return }
        state.withLock { $0.envelope = envelope }
    }
}
