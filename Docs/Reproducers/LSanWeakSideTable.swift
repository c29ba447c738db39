// LeakSanitizer false positive: the weak-reference side table of a live object.
//
//     swiftc -sanitize=address -g LSanWeakSideTable.swift -o /tmp/repro && /tmp/repro
//
// At exit LeakSanitizer reports "Direct leak of 32 byte(s) in 1
// object(s)" allocated in swift::RefCounts<…>::formWeakReference(), and the
// process exits 1 (Swift 6.3.1, Linux x86_64).
//
// Nothing leaks: forming a weak reference gives the object a side table, which
// lives as long as the object; `kept` is a global, alive until exit. But the
// object refers to its side table from its reference-count word, where the
// address is stored shifted and flagged, so LeakSanitizer, which scans memory
// for addresses, finds nothing pointing at the side table. In Strata's tests it
// is Foundation's `Process.run()` that forms a weak reference to an object that
// lives until exit.
final class Box {}

let kept = Box()

func observe() {
    weak let weakBox = kept
    _ = weakBox
}

observe()
print("done")
