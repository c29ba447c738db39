import Foundation

/// What each key of each archived object stores, as ``ArchiveValidator`` read it
/// from the property list: the kind of value (a number, a boolean, a reference
/// to a string, a model, …) and, for a reference, the object it points at.
///
/// `NSKeyedUnarchiver`'s typed calls do not say what a key holds:
/// `decodeInt64(forKey:)` reads a reference as 0, `decodeBool(forKey:)` reads 7
/// as `false`. So every typed decode first checks the key's stored kind here
/// (``ArchiveCursor/check(_:forKey:as:)``), and a tampered archive is refused
/// instead of read as silently wrong values.
struct ArchiveLayout: Sendable {
    /// The kind of a stored value.
    ///
    /// Strata writes integers up to 64 bits as `integer`, `Float`, `Double` and
    /// `Date` as `real`, `Bool` as `bool`, text-like values as references to a
    /// `string`, `Data` as a reference to `data`, and nested models and
    /// collections as references to their objects.
    enum Kind: Sendable, Equatable {
        case integer, real, bool, string, data, model, collection
        /// A reference to `$null`, which Strata never writes.
        case null

        /// How the kind reads in an error message.
        var name: String {
            switch self {
            case .integer: "an integer"
            case .real: "a floating-point number"
            case .bool: "a boolean"
            case .string: "a string"
            case .data: "data"
            case .model: "an archived model"
            case .collection: "an archived collection"
            case .null: "a null reference"
            }
        }
    }

    /// One key's stored value.
    struct Slot: Sendable {
        let kind: Kind
        /// The index of the referenced object, for a reference.
        let object: Int?
    }

    /// The keys of `$top`.
    let top: [String: Slot]
    /// The keys of each instance object, by index in `$objects`.
    let objects: [Int: [String: Slot]]
}

/// Where the unarchiver is in a checked archive: the object whose keys are being
/// decoded.
///
/// Kept by ``ArchiveContext`` for the unarchiver of an archive checked by
/// ``ArchiveValidator``; absent for archives Strata did not check (a caller's
/// own archive holding a model).
struct ArchiveCursor: Sendable {
    let layout: ArchiveLayout
    /// The object being decoded; `nil` for `$top`.
    let object: Int?

    /// The keys of the object being decoded.
    private var slots: [String: Slot] {
        guard let object else { return layout.top }
        return layout.objects[object] ?? [:]
    }

    typealias Slot = ArchiveLayout.Slot

    /// The cursor for the object that `slot` refers to.
    func child(_ slot: Slot) -> ArchiveCursor {
        ArchiveCursor(layout: layout, object: slot.object)
    }

    /// What `key` of the object being decoded stores; `nil` when it is absent.
    func slot(forKey key: String) -> Slot? {
        slots[key]
    }

    /// Throws ``StrataError/Code-swift.enum/invalidArchive`` unless `key` stores
    /// a value of `kind`; `typeName` names what the property expects.
    ///
    /// Returns the key's slot.
    @discardableResult
    func check(_ kind: ArchiveLayout.Kind, forKey key: String, as typeName: String) throws -> Slot {
        guard let slot = slots[key] else {
            throw StrataError.archived(typeName, foundDescription: "nothing under '\(key)'", advice: "The archive is damaged.")
        }
        guard slot.kind == kind else {
            throw StrataError.archived(typeName, foundDescription: slot.kind.name)
        }
        return slot
    }

}
