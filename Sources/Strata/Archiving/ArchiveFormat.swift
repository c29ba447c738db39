import Foundation

/// The shape of a Strata archive: the classes it may contain, the reserved keys,
/// and which Swift types it can hold.
///
/// Shared by the writer, the reader and the validator, so that the classes the
/// validator accepts are exactly the classes the writer produces.
enum ArchiveFormat {
    /// The key of the root object (`NSKeyedArchiveRootObjectKey`).
    static let rootKey = NSKeyedArchiveRootObjectKey
    /// The key recording the model's ``SecureCodingModel/archiveName``.
    static let nameKey = "strata:archiveName"
    /// The key recording the model's ``SecureCodingModel/modelVersion``.
    static let versionKey = "strata:modelVersion"
    /// Keys a property cannot have, because the format uses them.
    static let reservedKeys: Set<String> = [nameKey, versionKey]

    /// The key marking the optional property `key` as `nil` (the boolean `true`),
    /// so that it reads back as `nil`, not as its default; absent for a property
    /// that holds a value, or that the archive does not know.
    static func nilMarkerKey(for key: String) -> String { "strata:nil:" + key }

    /// The name `NSKeyedArchiver` records for ``ArchivedModel``.
    static let modelClassName = NSStringFromClass(ArchivedModel.self)
    /// The name `NSKeyedArchiver` records for ``ArchivedCollection``.
    static let collectionClassName = NSStringFromClass(ArchivedCollection.self)
    /// The superclass chain recorded after a class name.
    static let superclassNames = ["NSObject"]

    /// The dates an archive can hold, in seconds from the reference date
    /// (2001-01-01): about ±3,000 years, which includes `Date.distantPast` and
    /// `Date.distantFuture`.
    ///
    /// A date beyond it in an archive is damage, not data.
    static let dateRange: ClosedRange<TimeInterval> = -1e11...1e11

    /// How ``dateRange`` reads in messages.
    static let dateRangeDescription = "±1e11 seconds (about 3,000 years) from 2001-01-01"

    /// The classes every object decode allows: the bridge's two classes, plus the
    /// strings and data that keyed archives store inline.
    ///
    /// The validator has checked the archive against a subset of these before any
    /// decode runs, so no decode can meet a class outside this set.
    static let decodableClasses: [AnyClass] = [ArchivedModel.self, ArchivedCollection.self, NSString.self, NSData.self]

    /// Calls `visit` for `type` and every type it contains: the wrapped type of an
    /// optional, the elements of a collection, the raw type of a raw-representable
    /// type, and the archived property types of a nested ``SecureCodingModel``
    /// (each model once; `visited` holds the models seen).
    ///
    /// `path` is the chain of property keys that first reached the type.
    static func walk(
        _ type: PropertyType, path: [StrataError.PathComponent] = [], visited: inout Set<ObjectIdentifier>,
        _ visit: (PropertyType, [StrataError.PathComponent]) -> Void
    ) {
        visit(type, path)
        for component in type.archivedComponents {
            walk(component, path: path, visited: &visited, visit)
        }
        guard case .model(let model) = type, let coding = model as? any SecureCodingModel.Type,
            visited.insert(ObjectIdentifier(model)).inserted
        else { return }
        for (key, propertyType) in coding.archivedProperties {
            walk(propertyType, path: path + [.key(key)], visited: &visited, visit)
        }
    }

    /// The exact class names an archive of `M` can contain: derived from the
    /// property types, recursively through nested models.
    static func classNames<M: SecureCodingModel>(for model: M.Type) -> Set<String> {
        var classes: Set<String> = []
        var visited: Set<ObjectIdentifier> = []
        walk(.model(M.self), visited: &visited) { type, _ in
            switch type.archivedKind {
            case .model?: classes.insert(modelClassName)
            case .collection?: classes.insert(collectionClassName)
            default: break
            }
        }
        return classes
    }

    /// The first reason why a model nested in `M` (at any depth) cannot be
    /// archived, with the path of the property that holds it; `nil` when every
    /// nested model can be.
    ///
    /// Checked before anything is written, so that an archive is not left
    /// half-written.
    static func nestedProblem<M: SecureCodingModel>(in model: M.Type) -> StrataError? {
        var problem: StrataError?
        var visited: Set<ObjectIdentifier> = []
        walk(.model(M.self), visited: &visited) { type, path in
            guard problem == nil, !path.isEmpty, case .model(let nested) = type,
                let coding = nested as? any SecureCodingModel.Type
            else { return }
            problem = coding.archivePlanProblem?.prefixed(with: path)
        }
        return problem
    }
}

extension ArchiveFormat {
    /// Whether `M` or a model nested in it (at any depth) has a conditional
    /// class-model property.
    static func hasConditionalReferences<M: SecureCodingModel>(in model: M.Type) -> Bool {
        var found = false
        var visited: Set<ObjectIdentifier> = []
        walk(.model(M.self), visited: &visited) { type, _ in
            guard !found, case .model(let nested) = type, let coding = nested as? any SecureCodingModel.Type else { return }
            found = coding.hasOwnConditionalReferences
        }
        return found
    }
}

extension SecureCodingModel {
    /// The keys and types of the properties that reach the archive.
    static var archivedProperties: [(key: String, type: PropertyType)] {
        ArchivePlan<Self>.shared.entries.map { ($0.property.key, $0.property.type) }
    }

    /// Why this model type itself cannot be archived, if it cannot.
    static var archivePlanProblem: StrataError? {
        ArchivePlan<Self>.shared.problem
    }
}
