import Foundation
import Testing
@testable import Strata

/// Every hostile archive is refused with a thrown error. On Linux a single one
/// reaching `NSKeyedUnarchiver` unchecked would call `fatalError` and end the test
/// run, so a passing run is itself the proof that none crashes.
extension ArchivingTests {
    @Suite struct HostileArchiveTests {
        static func expectRefused<M: SecureCodingModel>(_ data: Data, as type: M.Type, _ comment: Comment? = nil) {
            do {
                _ = try ModelArchiver.unarchivedModel(of: M.self, from: data)
                Issue.record("The archive was accepted. \(comment.map { "\($0)" } ?? "")")
            } catch let error as StrataError {
                #expect(error.code == .invalidArchive, comment)
            } catch {
                Issue.record("Expected a StrataError, got \(error)")
            }
        }

        @Test(arguments: [0, 1, 2, 3, 42])
        func randomBytesAreRefused(seed: UInt64) {
            var generator = SeededGenerator(seed: seed)
            let count = Int.random(in: 1...2_000, using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if seed.isMultiple(of: 2) { bytes.replaceSubrange(0..<min(8, bytes.count), with: Array("bplist00".utf8)) }
            Self.expectRefused(Data(bytes), as: Profile.self)
        }

        @Test func everyTruncationIsRefused() throws {
            let data = try ModelArchiver.archivedData(with: Profile.sample())
            for length in 0..<data.count {
                Self.expectRefused(data.prefix(length), as: Profile.self, "truncated to \(length) of \(data.count) bytes")
            }
        }

        @Test func flippedBytesNeverCrash() throws {
            let data = try ModelArchiver.archivedData(with: Profile.sample())
            var generator = SeededGenerator(seed: 7)
            for _ in 0..<3_000 {
                var bytes = [UInt8](data)
                for _ in 0..<3 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = .random(in: 0...255, using: &generator) }
                // Either refused or decoded: never a crash.
                _ = try? ModelArchiver.unarchivedModel(of: Profile.self, from: Data(bytes))
            }
        }

        @Test(arguments: ["NSArray", "NSString", "NSObject", "Strata.ArchivedCollection", "Foundation.NSData", "Evil"])
        func aSubstitutedClassNameIsRefused(name: String) throws {
            for (model, data) in try Self.archives() {
                let plist = try ArchivePlist(data)
                for entry in plist.classEntries where entry.name != name {
                    var swapped = plist
                    swapped.renameClass(at: entry.index, to: name)
                    try model(swapped.data(), "\(entry.name) renamed to \(name)")
                }
            }
        }

        @Test func swappingTheBridgesOwnClassesIsRefused() throws {
            var plist = try ArchivePlist(try ModelArchiver.archivedData(with: Profile.sample()))
            let entries = plist.classEntries
            try #require(entries.count == 2)
            plist.renameClass(at: entries[0].index, to: entries[1].name)
            plist.renameClass(at: entries[1].index, to: entries[0].name)
            Self.expectRefused(try plist.data(), as: Profile.self)
        }

        @Test func anotherModelsArchiveIsRefused() throws {
            // Same classes, other name: refused after the class check.
            Self.expectRefused(try ModelArchiver.archivedData(with: Tag(name: "t", weight: 1)), as: Settings.self)
            // Classes Settings never writes (collections): refused by the class check.
            Self.expectRefused(try ModelArchiver.archivedData(with: Profile.sample()), as: Settings.self)
            Self.expectRefused(try ModelArchiver.archivedData(with: Settings()), as: Profile.self)
        }

        @Test func extraUnknownClassesAreRefused() throws {
            var plist = try ArchivePlist(try ModelArchiver.archivedData(with: Settings()))
            plist.objects.append(["$classname": "Foundation.NSDate", "$classes": ["Foundation.NSDate", "NSObject"]] as [String: Any])
            Self.expectRefused(try plist.data(), as: Settings.self)

            // An allowed class with a superclass chain Strata never writes.
            plist = try ArchivePlist(try ModelArchiver.archivedData(with: Settings()))
            let entry = try #require(plist.classEntries.first)
            plist.objects[entry.index] = ["$classname": entry.name, "$classes": [entry.name, "NSArray", "NSObject"]] as [String: Any]
            Self.expectRefused(try plist.data(), as: Settings.self)
        }

        @Test func referencesOutOfRangeAreRefused() throws {
            let plist = try ArchivePlist(try ModelArchiver.archivedData(with: Profile.sample()))
            let xml = try plist.xml()
            let uids = try Regex("<key>CF\\$UID</key>\\s*<integer>(\\d+)</integer>")
            let matches = xml.matches(of: uids)
            try #require(matches.count > 3)
            for match in matches.prefix(12) {
                for replacement in ["99999", "4294967295"] {
                    var tampered = xml
                    tampered.replaceSubrange(match.range, with: "<key>CF$UID</key><integer>\(replacement)</integer>")
                    // Back to the binary form NSKeyedArchiver writes.
                    let binary = try ArchivePlist(Data(tampered.utf8)).data()
                    Self.expectRefused(binary, as: Profile.self, "reference \(match.output[0]) → \(replacement)")
                }
            }
        }

        @Test func referenceCyclesAreRefused() throws {
            // Point the nested model `tag` back at the root object.
            var plist = try ArchivePlist(try ModelArchiver.archivedData(with: Profile.sample()))
            var objects = plist.objects
            let tagIndex = try #require(objects.firstIndex { ($0 as? [String: Any])?["weight"] != nil })
            var tag = try #require(objects[tagIndex] as? [String: Any])
            tag["name"] = (plist.top["$top"] as? [String: Any])?["root"]
            objects[tagIndex] = tag
            plist.objects = objects
            Self.expectRefused(try plist.data(), as: Profile.self)
        }

        @Test func aCollectionWhereAModelBelongsIsRefused() throws {
            // Both classes are allowed for Profile; the reference of `tag` is made to
            // point at the `flags` collection object.
            var plist = try ArchivePlist(try ModelArchiver.archivedData(with: Profile.sample()))
            var objects = plist.objects
            let rootIndex = try #require(objects.firstIndex { ($0 as? [String: Any])?["flag"] != nil })
            var root = try #require(objects[rootIndex] as? [String: Any])
            root["tag"] = root["flags"]
            objects[rootIndex] = root
            plist.objects = objects
            Self.expectRefused(try plist.data(), as: Profile.self)
        }

        @Test func aPropertyListThatIsNotAnArchiveIsRefused() throws {
            let data = try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .binary, options: 0)
            Self.expectRefused(data, as: Settings.self)
            // The XML form of a valid archive: Strata writes and reads binary archives only.
            let xml = try ArchivePlist(try ModelArchiver.archivedData(with: Settings())).xml()
            Self.expectRefused(Data(xml.utf8), as: Settings.self)
        }

        @Test func archivesNestingMoreThan64DeepAreRefused() throws {
            let data = try ModelArchiver.archivedData(with: Nested.chain(of: 65))
            let error = try #require(throws: StrataError.self) { try ModelArchiver.unarchivedModel(of: Nested.self, from: data) }
            #expect(error.code == .invalidArchive)
            #expect(error.description == "The archive's models and collections nest more than 64 levels deep, more than "
                + "Strata decodes (deeper nesting could overflow the stack of the thread that decodes it). Discard the "
                + "archive, or archive a shallower model.")
        }

        @Test func archivesNesting64DeepDecodeOnASecondaryThreadsStack() throws {
            // 512 KiB, the default stack of a secondary thread on Apple platforms
            // (1 MiB under a sanitizer: see SmallStacks).
            let data = try ModelArchiver.archivedData(with: Nested.chain(of: 64))
            let result = Self.onThread(stackSize: SmallStacks.secondaryThread) {
                try ModelArchiver.unarchivedModel(of: Nested.self, from: data)
            }
            #expect(try result.get().depth == 64)
        }

        @Test func aSharedObjectCountsAtItsDeepestPath() throws {
            // `shared` is reached from the root's collection twice: directly as element
            // 10, and at the end of a 40-object chain as element 2. The unarchiver
            // decodes element 2 first, so `shared` (40 objects deep itself) is decoded
            // 82 objects deep, however shallow the direct reference is.
            let shared = Node.chain(of: 20)
            let long = Node.chain(of: 20, endingIn: shared)
            let root = Node(name: "root")
            root.children = (0..<11).map { index in index == 2 ? long : index == 10 ? shared : Node(name: "leaf") }
            let data = try ModelArchiver.archivedData(with: root)
            let error = try #require(throws: StrataError.self) { try ModelArchiver.unarchivedModel(of: Node.self, from: data) }
            #expect(error.reason.hasPrefix("The archive's models and collections nest more than 64 levels deep"))
        }

        /// Runs `body` on a new thread with a stack of `stackSize` bytes, and waits for it.
        static func onThread<T>(stackSize: Int, _ body: @escaping () throws -> T) -> Result<T, any Error> {
            let box = ThreadBox(body)
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                box.result = Result { try box.body() }
                done.signal()
            }
            thread.stackSize = stackSize
            thread.start()
            // A stack overflow on that thread may hang rather than crash: give up after a minute.
            guard done.wait(timeout: .now() + 60) == .success, let result = box.result else {
                return .failure(StrataError(.invalidArchive, "The thread did not finish within a minute."))
            }
            return result
        }

        @Test func everyValueSwappedForAnotherKindIsRefusedOrHarmless() throws {
            // Each value of each archived object, replaced in turn by a value of every
            // other kind the format uses (taken from the archive itself, so that every
            // reference is in range): the archive must be refused, or read back equal.
            let original = Profile.sample()
            let data = try ModelArchiver.archivedData(with: original)
            let plist = try ArchivePlist(data)
            let slots = try StoredSlot.all(in: data)
            var samples: [(kind: StoredSlot.Kind, value: Any)] = try [(.null, StoredSlot.nullReference())]
            for kind in StoredSlot.Kind.allCases where kind != .null {
                let slot = try #require(slots.first { $0.kind == kind }, "no \(kind) in the archive")
                samples.append((kind, try #require((plist.objects[slot.object] as? [String: Any])?[slot.key])))
            }
            var variants = 0
            for slot in slots {
                for sample in samples where sample.kind != slot.kind {
                    var tampered = plist
                    var object = try #require(tampered.objects[slot.object] as? [String: Any])
                    object[slot.key] = sample.value
                    tampered.objects[slot.object] = object
                    let comment: Comment = "object \(slot.object) '\(slot.key)': \(slot.kind) replaced by \(sample.kind)"
                    do {
                        let back = try ModelArchiver.unarchivedModel(of: Profile.self, from: try tampered.data())
                        #expect(back == original, comment)
                    } catch let error as StrataError {
                        #expect(error.code == .invalidArchive, comment)
                    }
                    variants += 1
                }
            }
            #expect(variants == slots.count * (StoredSlot.Kind.allCases.count - 1))
        }

        @Test func aValueOfTheWrongKindIsRefusedNamingItsPath() throws {
            var plist = try ArchivePlist(try ModelArchiver.archivedData(with: Profile.sample()))
            let rootIndex = try #require(plist.objects.firstIndex { ($0 as? [String: Any])?["flag"] != nil })
            var root = try #require(plist.objects[rootIndex] as? [String: Any])
            root["unsigned"] = 1.5
            plist.objects[rootIndex] = root
            var error = try #require(throws: StrataError.self) {
                try ModelArchiver.unarchivedModel(of: Profile.self, from: try plist.data())
            }
            #expect(error.code == .invalidArchive)
            #expect(
                error.description
                    == "unsigned: Expected UInt64 for 'unsigned' of Profile, found a floating-point number in the archive. "
                    + "The archive is damaged or was not written for this model.")

            // A reference where the version belongs is refused, not read as version 0 (which would pass the version check).
            var newer = try ArchivePlist(try ModelArchiver.archivedData(with: SettingsV3(textSize: 20)))
            let settingsIndex = try #require(newer.objects.firstIndex { ($0 as? [String: Any])?["textSize"] != nil })
            var settings = try #require(newer.objects[settingsIndex] as? [String: Any])
            settings["strata:modelVersion"] = settings["strata:archiveName"]
            newer.objects[settingsIndex] = settings
            error = try #require(throws: StrataError.self) {
                try ModelArchiver.unarchivedModel(of: Settings.self, from: try newer.data())
            }
            #expect(
                error.description == "strata:modelVersion: Expected Int64 for 'strata:modelVersion' of Settings, found a string in the archive. "
                    + "The archive is damaged or was not written for this model.")
        }

        @Test(arguments: [1e300, -1e12, 1e11 + 1, .infinity, .nan])
        func anAbsurdDateIsRefused(seconds: Double) throws {
            var plist = try ArchivePlist(try ModelArchiver.archivedData(with: Profile.sample()))
            let rootIndex = try #require(plist.objects.firstIndex { ($0 as? [String: Any])?["flag"] != nil })
            var root = try #require(plist.objects[rootIndex] as? [String: Any])
            root["when"] = seconds
            plist.objects[rootIndex] = root
            let error = try #require(throws: StrataError.self) {
                try ModelArchiver.unarchivedModel(of: Profile.self, from: try plist.data())
            }
            #expect(error.code == .invalidArchive)
            #expect(
                error.description
                    == "when: Expected Date for 'when' of Profile, found a date \(seconds) seconds from 2001-01-01 in the "
                    + "archive. Strata archives dates within ±1e11 seconds (about 3,000 years) from 2001-01-01: the archive "
                    + "is damaged or was not written for this model.")
        }

        /// Archives of models with different class tables, each with a check that
        /// the tampered data is refused.
        static func archives() throws -> [((Data, Comment) throws -> Void, Data)] {
            [
                ({ data, comment in expectRefused(data, as: Settings.self, comment) }, try ModelArchiver.archivedData(with: Settings())),
                ({ data, comment in expectRefused(data, as: Profile.self, comment) }, try ModelArchiver.archivedData(with: Profile.sample())),
            ]
        }
    }
}

extension ArchivingTests {
    final class Nested: SecureCodingModel {
        var child: Nested?
        init() {}
        init(child: Nested?) { self.child = child }
        static let propertyKeys: PropertyKeys<Nested> = ["child": \.child]

        /// `count` models, each the child of the next.
        static func chain(of count: Int) -> Nested {
            var nested = Nested()
            for _ in 1..<count { nested = Nested(child: nested) }
            return nested
        }

        /// How many models deep this one is, itself included.
        var depth: Int {
            var depth = 1
            var current = self
            while let child = current.child {
                depth += 1
                current = child
            }
            return depth
        }
    }

    /// A closure and its result, handed to another thread.
    final class ThreadBox<T>: @unchecked Sendable {
        // @unchecked: the result is written by the thread before it signals, and read after the wait.
        let body: () throws -> T
        var result: Result<T, any Error>?
        init(_ body: @escaping () throws -> T) { self.body = body }
    }

    /// One value of one archived object, with the kind of value it stores, read
    /// with the strict property-list reader (independently of `NSKeyedUnarchiver`).
    struct StoredSlot {
        enum Kind: CaseIterable { case integer, real, bool, string, data, model, collection, null }
        let object: Int
        let key: String
        let kind: Kind

        /// Every value of every instance object of the archive, in object then key order.
        static func all(in data: Data) throws -> [StoredSlot] {
            guard case .dictionary(let top) = try BinaryPropertyList.read(data), case .array(let objects)? = top["$objects"] else {
                throw StrataError(.invalidArchive, "not an archive")
            }
            var slots: [StoredSlot] = []
            for (index, object) in objects.enumerated() {
                guard case .dictionary(let values) = object, values["$class"] != nil else { continue }
                for (key, value) in values.sorted(by: { $0.key < $1.key }) where key != "$class" {
                    slots.append(StoredSlot(object: index, key: key, kind: try kind(of: value, in: objects)))
                }
            }
            return slots
        }

        static func kind(of value: BinaryPropertyList.Value, in objects: [BinaryPropertyList.Value]) throws -> Kind {
            switch value {
            case .integer: return .integer
            case .real: return .real
            case .bool: return .bool
            case .uid(0): return .null
            case .uid(let index):
                switch objects[index] {
                case .string: return .string
                case .data: return .data
                case .dictionary(let instance):
                    guard case .uid(let classIndex)? = instance["$class"], case .dictionary(let entry) = objects[classIndex] else { break }
                    if case .string("Strata.ArchivedModel")? = entry["$classname"] { return .model }
                    return .collection
                default: break
                }
            default: break
            }
            throw StrataError(.invalidArchive, "unexpected value \(value)")
        }

        /// A reference to `$null`, which Strata never writes (an XML property list
        /// spells a reference as a `CF$UID` dictionary).
        static func nullReference() throws -> Any {
            let xml = "<plist version=\"1.0\"><dict><key>CF$UID</key><integer>0</integer></dict></plist>"
            return try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil)
        }
    }

}
