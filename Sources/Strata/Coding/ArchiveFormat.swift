import Foundation

/// The shape of a Strata archive: the classes it may contain, the reserved keys,
/// and which Swift types it can hold. Shared by the writer, the reader and the
/// validator, so that the classes the validator accepts are exactly the classes
/// the writer produces.
enum ArchiveFormat {
    /// The key of the root object (`NSKeyedArchiveRootObjectKey`).
    static let rootKey = NSKeyedArchiveRootObjectKey
    /// The key recording the model's ``SecureCodingModel/archiveName``.
    static let nameKey = "strata:archiveName"
    /// The key recording the model's ``SecureCodingModel/modelVersion``.
    static let versionKey = "strata:modelVersion"
    /// Keys a property cannot have, because the format uses them.
    static let reservedKeys: Set<String> = [nameKey, versionKey]

    /// The name `NSKeyedArchiver` records for ``ArchivedModel``.
    static let modelClassName = NSStringFromClass(ArchivedModel.self)
    /// The name `NSKeyedArchiver` records for ``ArchivedCollection``.
    static let collectionClassName = NSStringFromClass(ArchivedCollection.self)
    /// The superclass chain recorded after a class name.
    static let superclassNames = ["NSObject"]

    /// The classes every object decode allows: the bridge's two classes, plus the
    /// strings and data that keyed archives store inline. The validator has
    /// checked the archive against a subset of these before any decode runs, so
    /// no decode can meet a class outside this set.
    static let decodableClasses: [AnyClass] = [ArchivedModel.self, ArchivedCollection.self, NSString.self, NSData.self]

    /// Why a value of `type` cannot be archived, or `nil` when it can. Nested
    /// models are checked when they are archived, by their own plan.
    static func problem(with type: PropertyType) -> String? {
        switch type {
        case .optional(let wrapped): return problem(with: wrapped)
        case .array(let element, _): return problem(with: element)
        case .dictionary(let value, _): return problem(with: value)
        case .bool, .string, .integer, .decimal, .url, .uuid, .date, .data: return nil
        case .floatingPoint(let floating):
            return floating.significandBitCount <= Double.significandBitCount
                && floating.exponentBitCount <= Double.exponentBitCount
                ? nil : "\(floating) is wider than Double, and would lose precision"
        case .rawRepresentable(_, let raw):
            return problem(with: raw).map { "its raw value cannot be archived: \($0)" }
        case .model(let model):
            return model is any SecureCodingModel.Type
                ? nil : "\(model) is a Model but not a SecureCodingModel; conform it to SecureCodingModel"
        case .other(let other):
            return "\(other) is not a type Strata can archive"
        }
    }

    /// The kind of value Strata stores for a value of `type` (see
    /// ``ArchivedValueCoding``); `nil` for a type it cannot archive.
    static func storedKind(of type: PropertyType) -> ArchiveLayout.Kind? {
        switch type {
        case .optional(let wrapped): return storedKind(of: wrapped)
        case .bool: return .bool
        case .integer(let integer): return integer.bitWidth > 64 ? .string : .integer
        case .floatingPoint, .date: return .real
        case .string, .url, .uuid, .decimal: return .string
        case .data: return .data
        case .rawRepresentable(_, let raw): return storedKind(of: raw)
        case .model: return .model
        case .array, .dictionary: return .collection
        case .other: return nil
        }
    }

    /// Adds the classes an archive of `type` values contains to `classes`,
    /// following nested models once each (`visited` holds the models seen).
    static func collectClasses(of type: PropertyType, into classes: inout Set<String>, visited: inout Set<ObjectIdentifier>) {
        switch type {
        case .optional(let wrapped):
            collectClasses(of: wrapped, into: &classes, visited: &visited)
        case .array(let element, _), .dictionary(let element, _):
            classes.insert(collectionClassName)
            collectClasses(of: element, into: &classes, visited: &visited)
        case .rawRepresentable(_, let raw):
            collectClasses(of: raw, into: &classes, visited: &visited)
        case .model(let model):
            classes.insert(modelClassName)
            guard let coding = model as? any SecureCodingModel.Type,
                visited.insert(ObjectIdentifier(model)).inserted
            else { return }
            for propertyType in coding.archivedPropertyTypes {
                collectClasses(of: propertyType, into: &classes, visited: &visited)
            }
        case .bool, .string, .integer, .floatingPoint, .decimal, .url, .uuid, .date, .data, .other:
            return
        }
    }

    /// The exact class names an archive of `M` can contain: derived from the
    /// property types, recursively through nested models.
    static func classNames<M: SecureCodingModel>(for model: M.Type) -> Set<String> {
        var classes: Set<String> = []
        var visited: Set<ObjectIdentifier> = []
        collectClasses(of: .model(M.self), into: &classes, visited: &visited)
        return classes
    }
}

extension SecureCodingModel {
    /// The types of the properties that reach the archive.
    static var archivedPropertyTypes: [PropertyType] {
        ArchivePlan<Self>.shared.entries.map(\.property.type)
    }
}
