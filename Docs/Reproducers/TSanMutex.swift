// ThreadSanitizer false positive: `Synchronization.Mutex` on Linux.
//
//     swiftc -sanitize=thread -g TSanMutex.swift -o /tmp/repro && /tmp/repro
//
// Prints "40000", the right count, but ThreadSanitizer reports "Swift access race"
// on `counter` inside `withLock`, and the process exits 66 (Swift 6.3.1, Linux
// x86_64). Built with `-D PTHREAD` (`swiftc -sanitize=thread -D PTHREAD …`), the
// same program with a `pthread_mutex_t` instead reports nothing and exits 0.
//
// Nothing races: every access is inside `withLock`. But `Mutex` takes and releases
// its lock with atomics and a futex inside the standard library, which is not
// built with ThreadSanitizer's instrumentation, so ThreadSanitizer never sees the
// lock and orders nothing. It intercepts `pthread_mutex_lock`, which is why
// Strata's shared state is behind `Locked` (Sources/Strata/Support/Locked.swift).
import Foundation
import Synchronization

#if PTHREAD
final class Counter: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var value = 0
    init() { pthread_mutex_init(&mutex, nil) }
    func increment() {
        pthread_mutex_lock(&mutex)
        value += 1
        pthread_mutex_unlock(&mutex)
    }
    var count: Int {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return value
    }
}
let counter = Counter()
func increment() { counter.increment() }
func total() -> Int { counter.count }
#else
let counter = Mutex(0)
func increment() { counter.withLock { $0 += 1 } }
func total() -> Int { counter.withLock { $0 } }
#endif

let group = DispatchGroup()
for _ in 0..<4 {
    group.enter()
    Thread {
        for _ in 0..<10_000 { increment() }
        group.leave()
    }.start()
}
group.wait()
print(total())
