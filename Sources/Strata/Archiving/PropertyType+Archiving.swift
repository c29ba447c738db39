import Foundation

/// How a value of each ``PropertyType`` is represented in an archive: what the
/// archive plan (``ArchivePlan``) takes its per-property decisions from when it
/// is built.
///
/// A leaf type's answers are its own (``LeafPropertyType``, one file per type in
/// `PropertyTypes/`); the answers here combine them through optionals,
/// collections, enums and nested models.
extension PropertyType {
    /// Why a value of this type cannot be archived, or `nil` when it can.
    ///
    /// Nested models are checked when they are archived, by their own plan.
    var archiveProblem: String? {
        switch self {
        case .optional(let wrapped): return wrapped.archiveProblem
        case .array(let element, _): return element.archiveProblem
        case .dictionary(let value, _): return value.archiveProblem
        case .leaf(let leaf): return leaf.archiveProblem
        case .rawRepresentable(_, let raw):
            return raw.archiveProblem.map { "its raw value cannot be archived: \($0)" }
        case .model(let model):
            return model is any SecureCodingModel.Type
                ? nil : "\(model) is a Model but not a SecureCodingModel; conform it to SecureCodingModel"
        case .other(let other):
            return "\(other) is not a type Strata can archive"
        }
    }

    /// The kind of value an archive stores for a value of this type (see
    /// ``ArchivedValueCoding``); `nil` for a type that cannot be archived.
    var archivedKind: ArchiveLayout.Kind? {
        switch self {
        case .optional(let wrapped): return wrapped.archivedKind
        case .leaf(let leaf): return leaf.archivedKind
        case .rawRepresentable(_, let raw): return raw.archivedKind
        case .model: return .model
        case .array, .dictionary: return .collection
        case .other: return nil
        }
    }

    /// The types inside this one that an archive of it reaches: the wrapped type
    /// of an optional, the elements of a collection, the raw type of a
    /// raw-representable type (not the properties of a nested model).
    var archivedComponents: [PropertyType] {
        switch self {
        case .optional(let wrapped): return [wrapped]
        case .array(let element, _), .dictionary(let element, _): return [element]
        case .rawRepresentable(_, let raw): return [raw]
        case .leaf, .model, .other: return []
        }
    }
}
