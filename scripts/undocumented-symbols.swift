// Lists the public symbols of a symbol graph that are declared in Strata's
// sources (they have a source location) but have no documentation comment, and
// exits with status 1 when there is one. Symbols Strata inherits or that the
// compiler synthesizes (Equatable's `!=`, OptionSet's methods) have no location
// in Strata, so they are not listed, and neither are the blocks that extend
// another module's types (`extension UserDefaults`): their members are. Used by
// scripts/docc.
//
//     swift scripts/undocumented-symbols.swift SYMBOL-GRAPH-DIR
import Foundation

let directory = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? ".")
var undocumented: [String] = []
var checked = 0
let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
for file in files where file.pathExtension == "json" {
    guard let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
        let symbols = graph["symbols"] as? [[String: Any]]
    else { continue }
    for symbol in symbols {
        guard let location = symbol["location"] as? [String: Any], let uri = location["uri"] as? String else { continue }
        // An extension of another module's type is a block, not a symbol to document.
        if (symbol["kind"] as? [String: Any])?["identifier"] as? String == "swift.extension" { continue }
        checked += 1
        let lines = ((symbol["docComment"] as? [String: Any])?["lines"] as? [[String: Any]]) ?? []
        let text = lines.compactMap { $0["text"] as? String }.joined().trimmingCharacters(in: .whitespaces)
        if text.isEmpty {
            let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
            let line = ((location["position"] as? [String: Any])?["line"] as? Int).map { $0 + 1 } ?? 0
            undocumented.append("\(uri.replacingOccurrences(of: "file://", with: "")):\(line): \(path) has no documentation comment")
        }
    }
}
for entry in undocumented.sorted() { print(entry) }
print("\(checked) public symbols declared in Strata, \(undocumented.count) without a documentation comment")
exit(undocumented.isEmpty && checked > 0 ? 0 : 1)
