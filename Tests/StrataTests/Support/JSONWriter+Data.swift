import Foundation
@testable import Strata

extension JSONWriter {
    /// Serialises `object` to UTF-8 JSON: ``bytes(withJSONObject:options:)`` in a `Data`,
    /// for the tests that compare with `JSONSerialization.data(withJSONObject:options:)`
    /// and read the output back.
    ///
    /// Throws ``JSONWritingError`` for a value JSON cannot represent, naming its type and path.
    static func data(withJSONObject object: Any, options: Options = []) throws -> Data {
        Data(try bytes(withJSONObject: object, options: options))
    }

    /// Returns whether ``data(withJSONObject:options:)`` would succeed for `object`.
    ///
    /// Unlike `JSONSerialization.isValidJSONObject`, a top-level scalar counts as valid,
    /// because the writer accepts it. This performs a full serialisation.
    static func isValidJSONObject(_ object: Any) -> Bool {
        (try? bytes(withJSONObject: object, options: [])) != nil
    }
}
