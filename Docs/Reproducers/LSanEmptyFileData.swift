// A leak in swift-foundation, not in Strata: `Data(contentsOf:)` of an empty
// file leaks the 4,096-byte buffer it read into.
//
//     swiftc -sanitize=address -g LSanEmptyFileData.swift -o /tmp/repro && /tmp/repro
//
// At exit LeakSanitizer reports "Direct leak of 12288
// byte(s) in 3 object(s)" allocated in FoundationEssentials.readBytesFromFile,
// and the process exits 1 (Swift 6.3.1, Linux x86_64).
//
// Strata's tests read the JSONTestSuite corpus with `Data(contentsOf:)`, and
// one of its files (n_structure_no_data.json) is empty.
import Foundation

let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("empty-\(getpid())")
guard FileManager.default.createFile(atPath: url.path, contents: Data()) else { fatalError("cannot create \(url.path)") }
var total = 0
for _ in 0..<3 { total += try Data(contentsOf: url).count }
try FileManager.default.removeItem(at: url)
print("read \(total) bytes 3 times")
