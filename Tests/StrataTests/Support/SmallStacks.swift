import Foundation

/// The stacks the tests of deep nesting give their threads.
enum SmallStacks {
    /// 512 KiB, the default stack of a secondary thread on Apple platforms: what
    /// the deepest input Strata accepts must decode within, in debug and release
    /// builds. Under AddressSanitizer or ThreadSanitizer, whose frames are larger
    /// (red zones, instrumentation), 1 MiB: those runs check memory and races,
    /// and the two other builds check the stack.
    static var secondaryThread: Int {
        (runsUnderASanitizer ? 1024 : 512) * 1024
    }

    /// Whether this process runs under AddressSanitizer or ThreadSanitizer (its
    /// runtime is loaded).
    static var runsUnderASanitizer: Bool {
        #if canImport(Darwin)
        let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        return dlsym(everyImage, "__asan_init") != nil || dlsym(everyImage, "__tsan_init") != nil
    }
}
