import Foundation

/// The `NSSecureCoding` object that carries an array or a `[String: T]`
/// dictionary in a Strata archive.
///
/// Elements are written one by one through ``ArchivedValueCoding``, so that they
/// keep their exact types: `NSArray` would turn `true` into `NSNumber(1)` and an
/// `Int8` into an `Int`. Keys: `count`; then for element `i`, its value under
/// `v<i>` or a `n<i>` marker for `nil`, and for dictionaries its key under `k<i>`.
/// Every element leaves a key, so a damaged count is caught at the first gap.
final class ArchivedCollection: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    /// The typed array or dictionary (decoded), or why decoding failed.
    let content: Result<Any, StrataError>
    /// The elements to write, with their keys for a dictionary.
    private let elements: [(key: String?, value: Any?)]
    private let elementType: PropertyType?

    init(elements: [(key: String?, value: Any?)], of type: PropertyType) {
        self.elements = elements
        self.elementType = type
        self.content = .success(elements)
        super.init()
    }

    func encode(with coder: NSCoder) {
        guard let elementType, let run = ArchiveContext.run else { return }
        coder.encode(Int64(elements.count), forKey: Keys.count)
        for (index, element) in elements.enumerated() {
            run.at(element.key.map { .key($0) } ?? .index(index)) {
                if let key = element.key { coder.encode(key as NSString, forKey: Keys.key(index)) }
                guard let value = element.value else {
                    coder.encode(true, forKey: Keys.null(index))
                    return
                }
                do {
                    try ArchivedValueCoding.encode(value, as: elementType, forKey: Keys.value(index), into: coder)
                } catch {
                    run.record(error)
                }
            }
        }
    }

    init?(coder: NSCoder) {
        elements = []
        elementType = nil
        content = ArchiveContext.decodingObject(from: coder) { expectation in
            do {
                switch expectation {
                case .collection(.array(let element, let builder))?:
                    return .success(try Self.readArray(of: element, builder: builder, from: coder))
                case .collection(.dictionary(let element, let builder))?:
                    return .success(try Self.readDictionary(of: element, builder: builder, from: coder))
                default:
                    return .failure(
                        StrataError(
                            .invalidArchive, "A collection was found where the archive should hold another value."))
                }
            } catch let error as StrataError {
                return .failure(error)
            } catch {
                return .failure(StrataError(.invalidArchive, "Decoding failed: \(error)", underlyingError: error))
            }
        }
        super.init()
    }

    private enum Keys {
        static let count = "count"
        static func value(_ index: Int) -> String { "v\(index)" }
        static func null(_ index: Int) -> String { "n\(index)" }
        static func key(_ index: Int) -> String { "k\(index)" }
    }

    /// The types of a dictionary's keys and of the element count.
    private static let keyType = PropertyType(String.self)
    private static let countType = PropertyType(Int.self)

    /// The number of elements; checked against the keys as they are read.
    private static func count(in coder: NSCoder) throws -> Int {
        let count = (try? ArchivedValueCoding.decode(countType, forKey: Keys.count, from: coder)) as? Int
        guard let valid = count, valid >= 0 else {
            throw StrataError(.invalidArchive, "An archived collection records no valid element count.")
        }
        return valid
    }

    /// Element `index`: its value, `nil` for a `nil` marker; throws when neither is there.
    private static func element(_ index: Int, of type: PropertyType, from coder: NSCoder) throws -> Any? {
        if let value = try ArchivedValueCoding.decode(type, forKey: Keys.value(index), from: coder) { return value }
        guard type.nullRule == .isNil, coder.containsValue(forKey: Keys.null(index)) else {
            throw StrataError(
                .invalidArchive,
                "The archived collection has no value for this element; the archive is damaged.")
        }
        return nil
    }

    private static func readArray(of type: PropertyType, builder: any ArrayBuilding.Type, from coder: NSCoder) throws -> Any {
        let count = try count(in: coder)
        var values: [Any?] = []
        values.reserveCapacity(min(count, 1024))
        for index in 0..<count {
            try StrataError.at([.index(index)], wrapping: .invalidArchive, "Decoding failed") {
                values.append(try element(index, of: type, from: coder))
            }
        }
        switch builder.build(values) {
        case .success(let array): return array
        case .failure(let failure):
            throw StrataError.archived(
                type.name, foundDescription: describe(values[failure.index]), path: [.index(failure.index)])
        }
    }

    private static func readDictionary(
        of type: PropertyType, builder: any DictionaryBuilding.Type, from coder: NSCoder
    ) throws -> Any {
        let count = try count(in: coder)
        var values: [String: Any?] = [:]
        values.reserveCapacity(min(count, 1024))
        for index in 0..<count {
            guard let key = (try? ArchivedValueCoding.decode(keyType, forKey: Keys.key(index), from: coder)) as? String else {
                throw StrataError(
                    .invalidArchive, "The archived dictionary has no key for its element \(index); the archive is damaged.")
            }
            try StrataError.at([.key(key)], wrapping: .invalidArchive, "Decoding failed") {
                values[key] = .some(try element(index, of: type, from: coder))
            }
        }
        switch builder.build(values) {
        case .success(let dictionary): return dictionary
        case .failure(let failure):
            throw StrataError.archived(
                type.name, foundDescription: describe(values[failure.key] ?? nil), path: [.key(failure.key)])
        }
    }
}
