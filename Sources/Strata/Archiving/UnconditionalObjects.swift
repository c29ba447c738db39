/// The first pass of an archive whose model types hold conditional references:
/// which class-model objects the archive writes unconditionally.
///
/// `NSKeyedArchiver` keeps a conditional object only when it has already been
/// written when the conditional reference is met, so a reference written before
/// the object's unconditional one would come back `nil`. Keyed archiving
/// promises more: a conditional object is kept when it is written
/// unconditionally *anywhere* in the archive. So, before writing, Strata walks
/// the model graph along the references the archive always writes (every
/// unconditional property, collection element and struct model, but not the
/// conditional class-model properties) and collects the class-model objects it
/// meets. A conditional reference to one of them is then written as an ordinary
/// reference, wherever it comes; one to any other object is left out, and reads
/// back as `nil`.
///
/// An object is written exactly when this walk meets it: the objects a kept
/// conditional reference leads to are written anyway, so conditional references
/// add no objects to the archive.
enum UnconditionalObjects {
    /// Adds the class-model objects that archiving `root` writes unconditionally
    /// (`root` itself included, when it is an object).
    static func collect<S: SecureCodingModel>(from root: S, into found: inout Set<ObjectIdentifier>) {
        if S.self is AnyClass {
            // Seen already: its properties were walked (this also ends cycles, which archiving then refuses).
            guard found.insert(ObjectIdentifier(root as AnyObject)).inserted else { return }
        }
        for entry in ArchivePlan<S>.shared.entries {
            let type = entry.property.type
            guard type.mayHoldModels, !(entry.behavior == .conditional && type.isClassModel),
                let value = entry.property.read(root)
            else { continue }
            collect(value, as: type, into: &found)
        }
    }

    /// Walks `value`, which is not `nil`, of `type`.
    private static func collect(_ value: Any, as type: PropertyType, into found: inout Set<ObjectIdentifier>) {
        switch type {
        case .optional(let wrapped):
            collect(value, as: wrapped, into: &found)
        case .model(let model):
            guard let coding = model as? any SecureCodingModel.Type else { return }
            collectModel(coding, value, into: &found)
        case .array(let element, let builder):
            guard element.mayHoldModels, let elements = builder.elements(of: value) else { return }
            for case let value? in elements { collect(value, as: element, into: &found) }
        case .dictionary(let element, let builder):
            guard element.mayHoldModels, let values = builder.values(of: value) else { return }
            for case let value? in values.values { collect(value, as: element, into: &found) }
        default:
            return
        }
    }

    private static func collectModel<S: SecureCodingModel>(_ type: S.Type, _ value: Any, into found: inout Set<ObjectIdentifier>) {
        guard let model = value as? S else { return }  // the writer reports the mismatch
        collect(from: model, into: &found)
    }
}

extension PropertyType {
    /// Whether a value of this type can hold a nested model.
    var mayHoldModels: Bool {
        switch self {
        case .optional(let wrapped): wrapped.mayHoldModels
        case .model: true
        case .array(let element, _), .dictionary(let element, _): element.mayHoldModels
        default: false
        }
    }

    /// Whether this is a class model, or an optional one: the properties for
    /// which ``EncodingBehavior/conditional`` differs from ``EncodingBehavior/unconditional``.
    var isClassModel: Bool {
        guard case .model(let model) = unwrapped else { return false }
        return model is AnyClass
    }
}

extension SecureCodingModel {
    /// Whether this model type itself has a conditional class-model property.
    static var hasOwnConditionalReferences: Bool {
        ArchivePlan<Self>.shared.entries.contains { $0.behavior == .conditional && $0.property.type.isClassModel }
    }
}
