import Foundation
@testable import Strata

/// The native object Strata's reader makes of `bytes`.
func readJSON(_ bytes: [UInt8]) throws -> Any {
    try JSONReader.nativeObject(with: Data(bytes))
}

/// The error Strata's reader reports for `bytes`, or `nil` when it reads them.
func jsonParsingError(_ bytes: [UInt8]) -> JSONParsingError? {
    do {
        _ = try readJSON(bytes)
        return nil
    } catch {
        return error as? JSONParsingError
    }
}
