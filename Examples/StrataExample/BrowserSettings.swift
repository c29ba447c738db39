import Foundation
import Strata

/// The browser's settings, archived into UserDefaults with NSSecureCoding.
///
/// Version 2 renamed `fontSize` to `textSize`; archives written by version 1 are
/// migrated as they are read. The access token never reaches the archive.
struct BrowserSettings: SecureCodingModel, Equatable {
    var textSize = 12
    var theme = Theme.light
    var pinnedRepositories: [String] = []
    var lastOpened: Date? = nil
    var accessToken = ""

    enum Theme: String { case light, dark }

    static var modelVersion: Int { 2 }
    static let encodingBehaviorsByPropertyKey: [String: EncodingBehavior] = ["accessToken": .excluded]

    static func decodeValue(forKey key: String, with coder: NSCoder, modelVersion: Int) throws -> Any? {
        if key == "textSize", modelVersion < 2 {
            return try decodedValue(of: Int.self, forKey: "fontSize", with: coder)
        }
        return try defaultDecodedValue(forKey: key, with: coder)
    }
}
