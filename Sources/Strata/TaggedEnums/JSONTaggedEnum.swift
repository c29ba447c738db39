import Foundation

/// An enum whose cases are told apart in JSON by a tag, a member of the object
/// (Stripe's `"object": "card"`, GitHub's `"event": "labeled"`): each case holds
/// the model for its tag, and the table of tags is the whole declaration.
///
/// ```swift
/// enum PaymentSource: JSONTaggedEnum {
///     case card(Card)
///     case bankAccount(BankAccount)
///     case other(JSONValue)
///
///     static let tagKeyPath: JSONKeyPath = "object"
///     static let casesByTag: [String: JSONTaggedCase<PaymentSource>] = [
///         "card": .model(Card.self, PaymentSource.card),
///         "bank_account": .model(BankAccount.self, PaymentSource.bankAccount),
///     ]
///     static let unknownTagCase: JSONTaggedCase<PaymentSource>? = .value(PaymentSource.other)
/// }
/// ```
///
/// Reading looks the tag up at ``tagKeyPath`` and decodes the whole object as the
/// case's model; writing writes the model and puts its tag back. A tagged enum is
/// a property type (and an element of arrays and `[String: T]`), and is read and
/// written at the top level by `JSONAdapter.model(of:from:)` and its siblings.
///
/// The case a value is written as is found from the value itself: no `switch`
/// to write. Two tags may share a model type as long as they build different
/// cases; two tags that build the same case cannot be written.
public protocol JSONTaggedEnum: Sendable {
    /// Where the tag is in the object: `"object"`, `"type"`, `"meta.kind"`.
    static var tagKeyPath: JSONKeyPath { get }

    /// Tag → the case it reads as, and the model that case holds.
    static var casesByTag: [String: JSONTaggedCase<Self>] { get }

    /// The case an object whose tag is in no ``casesByTag`` entry (or that has no
    /// string tag) reads as, given the whole object (``JSONTaggedCase/value(_:)``);
    /// `nil`, the default, makes an unknown tag an error that lists the known ones.
    static var unknownTagCase: JSONTaggedCase<Self>? { get }
}

extension JSONTaggedEnum {
    /// No fallback: an unknown tag is an error.
    public static var unknownTagCase: JSONTaggedCase<Self>? { nil }
}
