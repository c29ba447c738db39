import Foundation

#if STRATA_FOUNDATION_STAND_IN
// CI's Apple-configuration check (`scripts/apple-check`): Strata built against a
// module that declares `ValueTransformer` exactly as Apple's Foundation does.
import FoundationStandIn

/// Foundation's `ValueTransformer` (here, the stand-in for Apple's).
public typealias ValueTransformer = FoundationStandIn.ValueTransformer
#elseif canImport(ObjectiveC)
/// Foundation's `ValueTransformer` (`NSValueTransformer`): on Apple platforms
/// Strata's transformers are Foundation's own, so any subclass a Mantle code base
/// has, or one registered with `ValueTransformer.setValueTransformer(_:forName:)`,
/// is a Strata transformer as it is.
public typealias ValueTransformer = Foundation.ValueTransformer
#else

/// Converts values in one direction, and optionally back: JSON values into
/// property values (forward) and property values into JSON values (reverse).
///
/// Foundation on Linux has no `ValueTransformer`, so Strata provides one there with
/// Apple's API: the same overridable members and the same name registry. On Apple
/// platforms `ValueTransformer` is Foundation's own class, so a model file compiles
/// unchanged on both.
///
/// Subclass it the Apple way, or use Strata's closure-based and predefined
/// transformers (`ValueTransformer(forward:reverse:)`, ``ValueTransformer/url``, …):
///
/// ```swift
/// final class CentsTransformer: ValueTransformer {
///     override class func allowsReverseTransformation() -> Bool { true }
///     override func transformedValue(_ value: Any?) -> Any? {
///         (value as? Int).map { Double($0) / 100 }
///     }
///     override func reverseTransformedValue(_ value: Any?) -> Any? {
///         (value as? Double).map { Int(($0 * 100).rounded()) }
///     }
/// }
/// ```
///
/// A plain transformer that returns `nil` for a value it was given is reported as a
/// failure naming the key and the value; adopt ``TransformerErrorHandling`` to
/// throw errors of your own instead.
///
/// Like Apple's, the class is not `Sendable`: Strata calls a model's transformers
/// from whichever thread decodes or encodes it, as Mantle does, so a transformer
/// must not change state of its own without a lock.
open class ValueTransformer: NSObject {
    /// Creates a transformer.
    public override init() {
        super.init()
    }

    /// The class of the values ``transformedValue(_:)`` returns.
    ///
    /// `NSObject` unless a subclass says otherwise.
    open class func transformedValueClass() -> AnyClass {
        NSObject.self
    }

    /// Whether the transformer can transform values back.
    ///
    /// `true` unless a subclass says otherwise.
    open class func allowsReverseTransformation() -> Bool {
        true
    }

    /// Transforms a value.
    ///
    /// The base class returns `value` unchanged.
    open func transformedValue(_ value: Any?) -> Any? {
        value
    }

    /// Transforms a value back.
    ///
    /// The base class applies ``transformedValue(_:)`` when the class allows
    /// reverse transformation, and returns `nil` when it does not (where Apple's
    /// raises an exception).
    open func reverseTransformedValue(_ value: Any?) -> Any? {
        Self.allowsReverseTransformation() ? transformedValue(value) : nil
    }

    /// Registers `transformer` under `name`, or removes the one registered there when `transformer`
    /// is `nil`.
    ///
    /// Get it back with `ValueTransformer(forName:)`.
    ///
    /// ```swift
    /// ValueTransformer.setValueTransformer(CentsTransformer(), forName: .init("CentsTransformer"))
    /// let cents = ValueTransformer(forName: .init("CentsTransformer"))
    /// ```
    open class func setValueTransformer(_ transformer: ValueTransformer?, forName name: NSValueTransformerName) {
        ValueTransformerRegistry.shared.register(transformer, forName: name)
    }

    /// The names of the registered transformers.
    open class func valueTransformerNames() -> [NSValueTransformerName] {
        ValueTransformerRegistry.shared.names()
    }
}

extension Equatable where Self == ValueTransformer {
    /// The transformer registered under `name`, or `nil` when there is none.
    ///
    /// Foundation's three named transformers are registered from the start:
    /// ``NSValueTransformerName/negateBooleanTransformerName``,
    /// ``NSValueTransformerName/isNilTransformerName`` and
    /// ``NSValueTransformerName/isNotNilTransformerName``.
    public init?(forName name: NSValueTransformerName) {
        // An initializer on `Equatable where Self == ValueTransformer` may hand back
        // an existing instance, as Apple's `init?(forName:)` does; a class's own cannot.
        guard let registered = ValueTransformerRegistry.shared.transformer(forName: name) else { return nil }
        self = registered
    }
}

/// The name a ``ValueTransformer`` is registered under.
///
/// ```swift
/// extension NSValueTransformerName {
///     static let cents = NSValueTransformerName("CentsTransformer")
/// }
/// ```
public struct NSValueTransformerName: RawRepresentable, Hashable, Sendable {
    /// The name.
    public let rawValue: String

    /// Creates a name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a name.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Foundation's transformer that negates a Boolean value.
    public static let negateBooleanTransformerName = NSValueTransformerName("NSNegateBoolean")
    /// Foundation's transformer that answers whether a value is `nil`.
    public static let isNilTransformerName = NSValueTransformerName("NSIsNil")
    /// Foundation's transformer that answers whether a value is not `nil`.
    public static let isNotNilTransformerName = NSValueTransformerName("NSIsNotNil")
}

/// The process-wide table behind `ValueTransformer(forName:)`.
private final class ValueTransformerRegistry: Sendable {
    static let shared = ValueTransformerRegistry()

    // Registered transformers are held as `HeldTransformer`s: shared between
    // threads as Apple's registry shares them (see `HeldTransformer`).
    private let table = Locked<[NSValueTransformerName: HeldTransformer]>([
        .negateBooleanTransformerName: HeldTransformer(FoundationNamedTransformer.negateBoolean()),
        .isNilTransformerName: HeldTransformer(FoundationNamedTransformer.isNil()),
        .isNotNilTransformerName: HeldTransformer(FoundationNamedTransformer.isNotNil()),
    ])

    func register(_ transformer: ValueTransformer?, forName name: NSValueTransformerName) {
        let held = transformer.map { HeldTransformer($0) }
        table.withLock { $0[name] = held }
    }

    func transformer(forName name: NSValueTransformerName) -> ValueTransformer? {
        table.withLock { $0[name] }?.transformer
    }

    func names() -> [NSValueTransformerName] {
        table.withLock { Array($0.keys) }
    }
}

/// Foundation's named transformers: Boolean negation, and `nil` tests.
private enum FoundationNamedTransformer {
    static func negateBoolean() -> ValueTransformer {
        let negate: @Sendable (Any?) -> Any? = { value in (value as? Bool).map { !$0 } }
        return ClosureValueTransformer.make(Transformation(forward: negate, reverse: negate))
    }

    static func isNil() -> ValueTransformer {
        ClosureValueTransformer.make(Transformation(forward: { $0 == nil || isJSONNull($0 as Any) }))
    }

    static func isNotNil() -> ValueTransformer {
        ClosureValueTransformer.make(Transformation(forward: { !($0 == nil || isJSONNull($0 as Any)) }))
    }
}
#endif
