import Foundation
import Strata

// The models the UserDefaults two-process test archives: the test process and the
// DefaultsProbe executable both link this module, so each reads what the other wrote.

/// An enum property archived by its raw value.
public enum ProbeTone: String, Sendable { case calm, loud }

/// A nested archived model.
public struct ProbeTag: SecureCodingModel, Equatable, Sendable {
    public var label = ""
    public var level: Int8 = 0
    public static let propertyKeys: PropertyKeys<ProbeTag> = ["label": \.label, "level": \.level]

    public init() {}
    public init(label: String, level: Int8) {
        self.label = label
        self.level = level
    }
}

/// A model with one property of each kind the archive restores exactly.
public struct ProbeSettings: SecureCodingModel, Equatable, Sendable {
    public var enabled = false
    public var size: Int8 = 0
    public var saved = Date(timeIntervalSinceReferenceDate: 0)
    public var link: URL?
    public var words: [String] = []
    public var tag = ProbeTag()
    public var tone = ProbeTone.calm
    public static let propertyKeys: PropertyKeys<ProbeSettings> = [
        "enabled": \.enabled, "size": \.size, "saved": \.saved, "link": \.link, "words": \.words, "tag": \.tag, "tone": \.tone,
    ]

    public init() {}

    /// A settings value that differs for each seed.
    public static func sample(_ seed: Int8) -> ProbeSettings {
        var settings = ProbeSettings()
        settings.enabled = seed % 2 == 1
        settings.size = seed
        settings.saved = Date(timeIntervalSinceReferenceDate: Double(seed) * 1000.25)
        settings.link = URL(string: "https://example.org/\(seed)")
        settings.words = ["a\(seed)", "b"]
        settings.tag = ProbeTag(label: "t\(seed)", level: -seed)
        settings.tone = seed % 2 == 1 ? .loud : .calm
        return settings
    }

    /// One line that two processes can compare.
    public var summary: String {
        "\(enabled)|\(size)|\(saved.timeIntervalSinceReferenceDate)|\(link?.absoluteString ?? "nil")|\(words)|\(tag.label),\(tag.level)|\(tone)"
    }
}
