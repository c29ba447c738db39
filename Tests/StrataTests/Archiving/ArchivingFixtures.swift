import Foundation
import Strata
import Testing

/// The archive-bridge suites, grouped so that `swift test --filter Coding` runs them.
@Suite enum ArchivingTests {}

// Fixtures live in ArchivingTests so that their common names stay out of the test module's namespace.
extension ArchivingTests {
    /// A versioned model: version 2 renamed `fontSize` to `textSize`.
    struct Settings: SecureCodingModel, Equatable {
        var textSize = 12
        var theme = "light"
        var token = ""
        static let propertyKeys: PropertyKeys<Settings> = ["textSize": \.textSize, "theme": \.theme, "token": \.token]
        static var modelVersion: Int { 2 }
        static let encodingBehaviorsByPropertyKey: [String: EncodingBehavior] = ["token": .excluded]

        static func decodeValue(forKey key: String, with coder: NSCoder, modelVersion: Int) throws -> Any? {
            MigrationLog.record(key: key, version: modelVersion)
            if key == "textSize", modelVersion < 2 {
                return try decodedValue(of: Int.self, forKey: "fontSize", with: coder)
            }
            return try defaultDecodedValue(forKey: key, with: coder)
        }
    }

    /// Version 1 of `Settings`, as an older build archived it.
    struct SettingsV1: SecureCodingModel {
        var fontSize = 0
        var theme = ""
        static let propertyKeys: PropertyKeys<SettingsV1> = ["fontSize": \.fontSize, "theme": \.theme]
        static var modelVersion: Int { 1 }
        static var archiveName: String { "Settings" }
    }

    /// Version 3 of `Settings`, from a newer build.
    struct SettingsV3: SecureCodingModel {
        var textSize = 0
        static let propertyKeys: PropertyKeys<SettingsV3> = ["textSize": \.textSize]
        static var modelVersion: Int { 3 }
        static var archiveName: String { "Settings" }
    }

    /// Which keys and versions the migration hook of `Settings` saw, per thread of test.
    enum MigrationLog {
        @TaskLocal static var sink: Sink?
        final class Sink: @unchecked Sendable {
            // @unchecked: only used synchronously by the test that created it.
            var entries: [String] = []
        }
        static func record(key: String, version: Int) {
            sink?.entries.append("\(key)@\(version)")
        }
    }

    enum Tone: String, Equatable { case light, dark }

    struct Tag: SecureCodingModel, Equatable {
        var name = ""
        var weight: Int8 = 0
        static let propertyKeys: PropertyKeys<Tag> = ["name": \.name, "weight": \.weight]
    }

    /// Every archivable kind of property.
    struct Profile: SecureCodingModel, Equatable {
        var flag = false
        var small: Int8 = 0
        var unsigned: UInt64 = 0
        var wide: Int128 = 0
        var ratio: Float = 0
        var score = 0.0
        var name = ""
        var nickname: String? = "default"
        var homepage: URL?
        var id = UUID(uuidString: "00000000-0000-0000-0000-000000000000") ?? UUID()
        var when = Date(timeIntervalSinceReferenceDate: 0)
        var blob = Data()
        var amount = Decimal()
        var tone = Tone.light
        var flags: [Bool] = []
        var bytes: [Int8] = []
        var gaps: [Int?] = []
        var dates: [Date] = []
        var matrix: [[Int]] = []
        var tag = Tag()
        var tags: [Tag] = []
        var tagsByName: [String: Tag] = [:]
        static let propertyKeys: PropertyKeys<Profile> = [
            "flag": \.flag, "small": \.small, "unsigned": \.unsigned, "wide": \.wide, "ratio": \.ratio, "score": \.score,
            "name": \.name, "nickname": \.nickname, "homepage": \.homepage, "id": \.id, "when": \.when, "blob": \.blob,
            "amount": \.amount, "tone": \.tone, "flags": \.flags, "bytes": \.bytes, "gaps": \.gaps, "dates": \.dates,
            "matrix": \.matrix, "tag": \.tag, "tags": \.tags, "tagsByName": \.tagsByName,
        ]

        static func sample() -> Profile {
            var profile = Profile()
            profile.flag = true
            profile.small = -7
            profile.unsigned = .max
            profile.wide = Int128(Int64.max) * 1000
            profile.ratio = 0.1
            profile.score = 2.5e-300
            profile.name = "Ada ✓"
            profile.nickname = "ada"
            profile.homepage = URL(string: "https://example.org/a?b=1#c")
            profile.id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
            profile.when = Date(timeIntervalSinceReferenceDate: 123_456.789)
            profile.blob = Data([0, 1, 2, 255])
            profile.amount = Decimal(string: "12345678901234567890.125", locale: Locale(identifier: "en_US_POSIX")) ?? 0
            profile.tone = .dark
            profile.flags = [true, false, true]
            profile.bytes = [-128, 0, 127]
            profile.gaps = [1, nil, 3]
            profile.dates = [Date(timeIntervalSinceReferenceDate: 1), Date(timeIntervalSinceReferenceDate: -1)]
            profile.matrix = [[1, 2], [], [3]]
            profile.tag = Tag(name: "main", weight: 3)
            profile.tags = [Tag(name: "x", weight: 1), Tag(name: "y", weight: -1)]
            profile.tagsByName = ["a": Tag(name: "a", weight: 5), "b": Tag(name: "b", weight: 6)]
            return profile
        }
    }

    /// Reads and rewrites the property list inside an archive, for tampering tests.
    struct ArchivePlist {
        var top: [String: Any]

        init(_ data: Data) throws {
            top = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        }

        var objects: [Any] {
            get { top["$objects"] as? [Any] ?? [] }
            set { top["$objects"] = newValue }
        }

        /// Indexes of the class entries, with their names.
        var classEntries: [(index: Int, name: String)] {
            objects.enumerated().compactMap { index, object in
                ((object as? [String: Any])?["$classname"] as? String).map { (index, $0) }
            }
        }

        mutating func renameClass(at index: Int, to name: String) {
            objects[index] = ["$classname": name, "$classes": [name, "NSObject"]] as [String: Any]
        }

        func data() throws -> Data {
            try PropertyListSerialization.data(fromPropertyList: top, format: .binary, options: 0)
        }

        /// The archive as XML text, where references read `<key>CF$UID</key><integer>N</integer>`.
        func xml() throws -> String {
            String(decoding: try PropertyListSerialization.data(fromPropertyList: top, format: .xml, options: 0), as: UTF8.self)
        }
    }
}
