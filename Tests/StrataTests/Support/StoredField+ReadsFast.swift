@testable import Strata

extension StoredField {
    /// Whether ``readFast(_:)`` is specialised for the property's type.
    var readsFast: Bool { fastRead != nil }
}
