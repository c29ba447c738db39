import Foundation

/// The JSON files shipped with the example, in `Payloads/`.
enum Payload {
    /// The contents of `Payloads/<name>`.
    static func data(named name: String) throws -> Data {
        let file = name as NSString
        guard let url = Bundle.module.url(
            forResource: file.deletingPathExtension, withExtension: file.pathExtension, subdirectory: "Payloads")
        else {
            throw PayloadError(name: name)
        }
        return try Data(contentsOf: url)
    }
}

/// A payload that is not in the example's resource bundle.
struct PayloadError: Error, CustomStringConvertible {
    let name: String
    var description: String { "Payloads/\(name) is missing from the example's resources." }
}
