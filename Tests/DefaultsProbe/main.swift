// The second process of the UserDefaults round-trip test.
//
//   DefaultsProbe write <suite> <key> <seed>   stores ProbeSettings.sample(seed) with setModel(_:forKey:)
//   DefaultsProbe read <suite> <key>           prints the stored model's summary, or "absent"
//
// The models come from StrataTestSupport, which the test links too, so each
// process reads what the other wrote. Exit status 1 with the error on stderr
// on failure.
import Foundation
import Strata
import StrataTestSupport

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
