import Testing
@testable import Strata

@Suite("Locked")
struct LockedTests {
    @Test("withLockIfAvailable runs its body when the lock is free, and returns nil while it is held")
    func tryLock() {
        let locked = Locked(1)
        #expect(locked.withLockIfAvailable { value -> Int in
            value += 1
            return value
        } == 2)
        let whileHeld: Int? = locked.withLock { _ -> Int? in locked.withLockIfAvailable { (value: inout Int) -> Int in value } }
        #expect(whileHeld == nil)
        #expect(locked.withLock { $0 } == 2)
    }
}
