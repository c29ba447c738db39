// The second process of the UserDefaults round-trip test.
//
//   DefaultsProbe write <suite> <key> <seed>   stores ProbeSettings.sample(seed) with setModel(_:forKey:)
//   DefaultsProbe read <suite> <key>           prints the stored model's summary, or "absent"
//
// The test defines the same two models (same archive names and properties), so
// each process reads what the other wrote. Exit status 1 with the error on stderr
// on failure.
import Foundation
import Strata

enum ProbeTone: String { case calm, loud }

struct ProbeTag: SecureCodingModel, Equatable {
    var label = ""
    var level: Int8 = 0
    static let propertyKeys: PropertyKeys<ProbeTag> = ["label": \.label, "level": \.level]
}

struct ProbeSettings: SecureCodingModel, Equatable {
    var enabled = false
    var size: Int8 = 0
    var saved = Date(timeIntervalSinceReferenceDate: 0)
    var link: URL?
    var words: [String] = []
    var tag = ProbeTag()
    var tone = ProbeTone.calm
    static let propertyKeys: PropertyKeys<ProbeSettings> = [
        "enabled": \.enabled, "size": \.size, "saved": \.saved, "link": \.link, "words": \.words, "tag": \.tag, "tone": \.tone,
    ]

    static func sample(_ seed: Int8) -> ProbeSettings {
        ProbeSettings(
            enabled: seed % 2 == 1, size: seed, saved: Date(timeIntervalSinceReferenceDate: Double(seed) * 1000.25),
            link: URL(string: "https://example.org/\(seed)"), words: ["a\(seed)", "b"], tag: ProbeTag(label: "t\(seed)", level: -seed),
            tone: seed % 2 == 1 ? .loud : .calm)
    }

    var summary: String {
        "\(enabled)|\(size)|\(saved.timeIntervalSinceReferenceDate)|\(link?.absoluteString ?? "nil")|\(words)|\(tag.label),\(tag.level)|\(tone)"
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 4, let defaults = UserDefaults(suiteName: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: DefaultsProbe write|read <suite> <key> [seed]\n".utf8))
    exit(2)
}
do {
    switch arguments[1] {
    case "write":
        guard arguments.count == 5, let seed = Int8(arguments[4]) else { exit(2) }
        try defaults.setModel(ProbeSettings.sample(seed), forKey: arguments[3])
        print("written")
    case "read":
        print(try defaults.model(of: ProbeSettings.self, forKey: arguments[3])?.summary ?? "absent")
    default:
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
