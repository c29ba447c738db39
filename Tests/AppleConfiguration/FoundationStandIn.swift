// A stand-in for Apple's Foundation declarations that Foundation on Linux lacks:
// `ValueTransformer` and `NSValueTransformerName`, declared as Apple's SDK
// declares them (`NSValueTransformer.h`, as Swift imports it). `scripts/apple-check`
// builds Strata in its Apple configuration against this module, then compiles the
// README's and Docs' models in a client that imports Foundation, this module and
// Strata, as every app file imports Foundation and Strata.
//
// Only the declarations matter: the bodies are placeholders and never run.
import Foundation

public struct NSValueTransformerName: Hashable, Equatable, RawRepresentable, Sendable {
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(rawValue: String) { self.rawValue = rawValue }
    public var rawValue: String
}

extension NSValueTransformerName {
    public static let negateBooleanTransformerName = NSValueTransformerName("NSNegateBoolean")
    public static let isNilTransformerName = NSValueTransformerName("NSIsNil")
    public static let isNotNilTransformerName = NSValueTransformerName("NSIsNotNil")
    @available(*, deprecated, renamed: "NSValueTransformerName.secureUnarchiveFromDataTransformerName")
    public static let unarchiveFromDataTransformerName = NSValueTransformerName("NSUnarchiveFromData")
    @available(*, deprecated, renamed: "NSValueTransformerName.secureUnarchiveFromDataTransformerName")
    public static let keyedUnarchiveFromDataTransformerName = NSValueTransformerName("NSKeyedUnarchiveFromData")
    public static let secureUnarchiveFromDataTransformerName = NSValueTransformerName("NSSecureUnarchiveFromData")
}

/// `open class ValueTransformer : NSObject`, not `Sendable`, as Apple declares it.
open class ValueTransformer: NSObject {
    open class func setValueTransformer(_ transformer: ValueTransformer?, forName name: NSValueTransformerName) {}

    /// Apple's is `/*not inherited*/ init?(forName:)`, an Objective-C factory.
    public convenience init?(forName name: NSValueTransformerName) {
        self.init()
        return nil
    }

    open class func valueTransformerNames() -> [NSValueTransformerName] { [] }

    open class func transformedValueClass() -> AnyClass { NSObject.self }

    open class func allowsReverseTransformation() -> Bool { true }

    open func transformedValue(_ value: Any?) -> Any? { value }

    open func reverseTransformedValue(_ value: Any?) -> Any? { value }
}

open class NSSecureUnarchiveFromDataTransformer: ValueTransformer {
    open class var allowedTopLevelClasses: [AnyClass] { [] }
}

// Core Foundation's type identifiers, as Apple's SDK declares them (`CFBase.h`,
// `CFNumber.h`). Unlike the declarations above, these bodies behave as Apple's
// do, so that `scripts/apple-check` can run Strata's Apple configuration: every
// boolean `NSNumber` is a `CFBoolean`, every other number a `CFNumber`.

/// `CFTypeID`, as Apple declares it.
public typealias CFTypeID = UInt
/// `CFTypeRef`, as Apple's Swift overlay imports it.
public typealias CFTypeRef = AnyObject

/// The type identifier of `cf`: `CFBooleanGetTypeID()` for a boolean, another for any other object.
public func CFGetTypeID(_ cf: CFTypeRef!) -> CFTypeID {
    // swift-corelibs-foundation makes every boolean an instance of one class.
    guard let cf, type(of: cf) == type(of: NSNumber(value: true)) else { return 22 }
    return CFBooleanGetTypeID()
}

/// The type identifier of `CFBoolean`.
public func CFBooleanGetTypeID() -> CFTypeID { 21 }
