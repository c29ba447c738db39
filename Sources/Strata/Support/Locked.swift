import Foundation

/// A value behind a `pthread_mutex_t`: `Synchronization.Mutex`'s interface
/// (`Locked(value)`, `withLock { … }`), with a lock that ThreadSanitizer sees.
///
/// Strata uses it instead of `Mutex` for its shared state. On Linux, `Mutex`'s
/// contended path waits on a futex inside the standard library, which is not
/// built with ThreadSanitizer's instrumentation: TSan never sees the lock taken,
/// so it reports the accesses the mutex serialises as data races, and
/// `swift test --sanitize=thread` cannot tell those from real ones. TSan
/// intercepts `pthread_mutex_lock`, so with this lock its reports are real.
/// An uncontended `pthread_mutex_lock` costs about what `Mutex` does (one atomic
/// compare-and-swap), plus a call.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only reached inside `withLock`, holding `mutex`; it is
    // handed in and out as `sending`, as `Mutex` does, so a non-Sendable value
    // (a formatter) cannot also be reached from outside.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ initialValue: consuming sending Value) {
        value = initialValue
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // Runs once per lock, for Strata's own static state, never for input: with
        // default attributes it fails only when the system is out of resources.
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock; the value may be changed in place.
    func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` with the value when the lock is free, holding it; returns `nil`
    /// at once, without running `body`, when another thread holds it.
    func withLockIfAvailable<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
