/// Strata maps JSON to model values and back, and archives those models with `NSSecureCoding`.
///
/// Start with ``Model`` and ``JSONSerializing``, then use ``JSONAdapter``.
public enum Strata {}
