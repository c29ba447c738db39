// A leak in swift-corelibs-foundation, not in Strata: NSKeyedUnarchiver leaks the
// CFError of a property list that CoreFoundation refuses.
//
//     swiftc -sanitize=address -g LSanUnarchiverCFError.swift -o /tmp/repro && /tmp/repro
//
// At exit LeakSanitizer reports a direct leak of 3
// objects allocated in CFErrorCreate (from _CFPropertyListCreateFromUTF8Data, from
// NSKeyedUnarchiver._readPropertyList, from NSKeyedUnarchiver(forReadingFrom:)),
// with their user-info dictionaries and strings as indirect leaks, and the
// process exits 1 (Swift 6.3.1, Linux x86_64).
//
// `NSKeyedUnarchiver(forReadingFrom:)` receives the error from
// `CFPropertyListCreateWithData` as a +1 reference and never releases it. Strata
// calls that initializer for every archive it reads (ModelArchiver.unarchivedModel),
// so each damaged archive leaks one such error; nothing in Strata can release it.
import Foundation

var refused = 0
for _ in 0..<3 where (try? NSKeyedUnarchiver(forReadingFrom: Data("not a property list".utf8))) == nil {
    refused += 1
}
print("refused \(refused) times")
