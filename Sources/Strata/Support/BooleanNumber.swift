import Foundation

#if STRATA_FOUNDATION_STAND_IN
// CI's Apple-configuration check (`scripts/apple-check`): Core Foundation's type
// identifiers from the stand-in for Apple's declarations.
import FoundationStandIn
#elseif canImport(CoreFoundation) && canImport(Darwin)
import CoreFoundation
#endif

/// Tells a boolean `NSNumber` from a number: the one place Strata decides whether
/// a Foundation number is `true`/`false` or `1`/`0`.
///
/// `JSONSerialization` returns both as `NSNumber`, and on every platform a boolean
/// one casts to `Int` (and `1` to `Bool`), so a cast cannot tell them apart:
/// - On Apple platforms a boolean is a `CFBoolean` (`kCFBooleanTrue` or
///   `kCFBooleanFalse`), whose Core Foundation type identifier is
///   `CFBooleanGetTypeID()`; every other number is a `CFNumber`.
/// - On Linux, swift-corelibs-foundation makes every boolean an instance of one
///   class, the class of `NSNumber(value: true)`; no other number is.
///
///     BooleanNumber.isBoolean(NSNumber(value: true))  // true
///     BooleanNumber.isBoolean(NSNumber(value: 1))     // false
enum BooleanNumber {
    /// Whether `number` is a boolean rather than a number.
    @inline(__always)
    static func isBoolean(_ number: NSNumber) -> Bool {
        #if STRATA_FOUNDATION_STAND_IN || (canImport(CoreFoundation) && canImport(Darwin))
        return CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
        return ObjectIdentifier(type(of: number)) == booleanClass
        #endif
    }

    #if !(STRATA_FOUNDATION_STAND_IN || (canImport(CoreFoundation) && canImport(Darwin)))
    /// The class swift-corelibs-foundation uses for every boolean `NSNumber`.
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))
    #endif
}
