import Foundation
import Testing
@testable import Strata

extension ArchivingTests {
    @Suite struct EncodingBehaviorTests {
        @Test func excludedValuesNeverReachTheArchive() throws {
            let token = "secret-7f3a9c1e-token"
            let data = try ModelArchiver.archivedData(with: Settings(textSize: 15, theme: "dark", token: token))
            #expect(data.range(of: Data(token.utf8)) == nil)
            #expect(data.range(of: Data("dark".utf8)) != nil)
            let back = try ModelArchiver.unarchivedModel(of: Settings.self, from: data)
            #expect(back == Settings(textSize: 15, theme: "dark", token: ""))
        }

        @Test func anUnarchivableTypeIsAnErrorNamingTheKey() throws {
            let error = try #require(throws: StrataError.self) { try ModelArchiver.archivedData(with: Handlers()) }
            #expect(error.code == .unsupportedValue)
            #expect(error.reason == "Handlers cannot be archived: 'range' has type Range<Int>, which cannot be archived: "
                + "Range<Int> is not a type Strata can archive. Mark it .excluded in encodingBehaviorsByPropertyKey, "
                + "or change its type.")
        }

        @Test func anExcludedUnarchivableTypeIsFine() throws {
            var model = ExcludedHandlers()
            model.name = "kept"
            model.range = 3..<4
            let back = try ModelArchiver.unarchivedModel(of: ExcludedHandlers.self, from: ModelArchiver.archivedData(with: model))
            #expect(back.name == "kept")
            #expect(back.range == 0..<1)
        }

        @Test func aPlainModelPropertyMustBeSecureCoding() throws {
            let error = try #require(throws: StrataError.self) { try ModelArchiver.archivedData(with: HoldsPlainModel()) }
            #expect(error.reason.contains("'plain' has type Plain, which cannot be archived: Plain is a Model but not a "
                + "SecureCodingModel; conform it to SecureCodingModel."))
        }

        @Test func behaviorsForUnknownKeysAreReported() throws {
            let error = try #require(throws: StrataError.self) { try ModelArchiver.archivedData(with: MisnamedBehavior()) }
            #expect(error.reason == "MisnamedBehavior cannot be archived: 'nmae' has an encoding behavior but is not in propertyKeys.")
        }

        @Test func conditionalObjectsAreWrittenOnlyWhenWrittenElsewhere() throws {
            let root = Node(name: "root")
            let child = Node(name: "child")
            let orphan = Node(name: "orphan")
            root.children = [child]
            child.parent = orphan  // conditional, and orphan is written nowhere else
            var back = try ModelArchiver.unarchivedModel(of: Node.self, from: ModelArchiver.archivedData(with: root))
            #expect(back.children.first?.parent == nil)

            let sibling = Node(name: "sibling")
            root.children = [sibling, child]
            child.parent = sibling  // written unconditionally as the first child
            back = try ModelArchiver.unarchivedModel(of: Node.self, from: ModelArchiver.archivedData(with: root))
            let decodedChild = try #require(back.children.last)
            #expect(decodedChild.parent === back.children.first)
        }
    }
}

extension ArchivingTests {
    struct Handlers: SecureCodingModel {
        var name = ""
        var range = 0..<1
        static let propertyKeys: PropertyKeys<Handlers> = ["name": \.name, "range": \.range]
    }

    struct ExcludedHandlers: SecureCodingModel {
        var name = ""
        var range = 0..<1
        static let propertyKeys: PropertyKeys<ExcludedHandlers> = ["name": \.name, "range": \.range]
        static let encodingBehaviorsByPropertyKey: [String: EncodingBehavior] = ["range": .excluded]
    }

    struct Plain: Model {
        var x = 0
        static let propertyKeys: PropertyKeys<Plain> = ["x": \.x]
    }

    struct HoldsPlainModel: SecureCodingModel {
        var plain = Plain()
        static let propertyKeys: PropertyKeys<HoldsPlainModel> = ["plain": \.plain]
    }

    struct MisnamedBehavior: SecureCodingModel {
        var name = ""
        static let propertyKeys: PropertyKeys<MisnamedBehavior> = ["name": \.name]
        static let encodingBehaviorsByPropertyKey: [String: EncodingBehavior] = ["nmae": .excluded]
    }
}
