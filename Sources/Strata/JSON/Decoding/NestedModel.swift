import Foundation

/// A `JSONSerializing` model type held by another model's property, as the plan
/// of the outer type knows it (see ``MappingPlan/Entry/nested``): what the engines need
/// to read, decode and encode it without knowing its type statically.
protocol NestedModel: AnyObject, Sendable {
    /// Reads the object at the scanner's position into one slot per entry of the
    /// nested type's plan; `nil`, having consumed nothing, when the type must be
    /// decoded from its dictionary (see ``JSONAdapter/readsObjects(_:)``), or when
    /// `levelsLeft` (see ``JSONAdapter/readObject(_:keys:from:levelsLeft:streams:)``) is 0.
    ///
    /// `streams`: whether models below it may be decoded as they are read.
    func readObject(
        from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int, streams: Bool
    ) throws(JSONParsingError) -> Slot?
    /// Decodes the model of a class cluster's object that ``readObject(from:levelsLeft:streams:)``
    /// kept (a ``Slot/cluster(_:)``), one nesting level deeper, as
    /// ``ValueTransformer/model(_:)`` decodes its dictionary.
    func decodeCluster(_ object: ClusterObject) throws -> Any
    /// Reads the array at the scanner's position element by element; `nil`, having
    /// consumed nothing, when the type must be decoded from dictionaries.
    func readArray(
        from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int, streams: Bool
    ) throws(JSONParsingError) -> Slot?
    /// Whether models of this type are decoded as their objects are read (see
    /// ``JSONAdapter/streamsModels(_:)``).
    var streams: Bool { get }
    /// Whether this type, and every model type it holds, decodes as it is read: `nil`
    /// while a hook that decides it is not known yet. `visiting` holds the plans
    /// being checked, which count as decoding so (see ``MappingPlan/streamsModels(visiting:)``).
    func streamsModels(visiting: inout [ObjectIdentifier]) -> Bool?
    /// A model of this type decoded as the object at the scanner's position is read
    /// (see ``JSONAdapter/decodeStreaming(_:keys:from:levelsLeft:)``), one nesting
    /// level deeper; for a type that ``streams``.
    ///
    /// Throws, having read part of the object, when it cannot: the caller sets the
    /// scanner back and reads the object into slots.
    func streamedObject(from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int) throws -> Any
    /// An array of models of this type decoded as the array at the scanner's position
    /// is read, as ``streamedObject(from:levelsLeft:)`` decodes each.
    func streamedArray(from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int) throws -> Any
    /// ``streamedObject(from:levelsLeft:)``'s model moved into the field at `address`,
    /// which holds this type itself (``storedOptionality(of:array:)`` gave `false`),
    /// rather than boxed in an `Any` and cast back. Throws as it does, leaving the
    /// field unchanged.
    func streamObject(
        from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int, into address: UnsafeMutableRawPointer) throws
    /// ``streamedArray(from:levelsLeft:)``'s models moved into the field at `address`,
    /// which holds an array of this type (``storedOptionality(of:array:)`` gave `false`).
    func streamArray(
        from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int, into address: UnsafeMutableRawPointer) throws
    /// Decodes a model from the slots ``readObject(from:levelsLeft:streams:)`` read, one nesting
    /// level deeper, as ``ValueTransformer/model(_:)`` decodes its dictionary.
    ///
    /// The slots are moved out as they are decoded (see ``DecodeSource/slots(_:)``).
    func decodeObject(_ members: consuming [Slot]) throws -> Any
    /// Decodes the array ``readArray(from:levelsLeft:streams:)`` read, as the default transformer
    /// of an array of models converts its elements; the elements are moved out as
    /// they are decoded.
    func decodeArray(_ elements: consuming [Slot]) throws -> Any
    /// Writes a model of this type (or a subclass) into `sink`.
    func encode<Sink: JSONSink>(_ value: Any, into sink: inout Sink) throws
    /// Writes an array of models of this type into `sink`.
    func encodeArray<Sink: JSONSink>(_ value: Any, into sink: inout Sink) throws
    /// How a stored property of `valueType` holds this type (`array`: an array of
    /// it), for ``encodeStored(at:array:into:)``: `.some(false)` for the type
    /// itself, `.some(true)` for its optional, `nil` for any other form.
    func storedOptionality(of valueType: Any.Type, array: Bool) -> Bool?
    /// Whether the field at `address`, of the form ``storedOptionality(of:array:)``
    /// gave, holds a value: always for a form that is not optional.
    func holdsValue(at address: UnsafeRawPointer, optional: Bool, array: Bool) -> Bool
    /// Writes the model (`array`: the array of models) stored at `address` into
    /// `sink`, used where it lies: the field of a form
    /// ``storedOptionality(of:array:)`` gave, holding a value.
    func encodeStored<Sink: JSONSink>(at address: UnsafeRawPointer, array: Bool, into sink: inout Sink) throws
}

extension JSONSerializing {
    /// This type as a ``NestedModel``.
    static var nested: any NestedModel { NestedModelType<Self>() }
}

/// The ``NestedModel`` of `U`.
final class NestedModelType<U: JSONSerializing>: NestedModel {
    /// The transformer the elements of an array of `U` that are not objects get:
    /// the one that refuses them (see ``decodeArray(_:)``).
    private let elementTransformer = Transformation.model(U.self)
    /// The rule for `null` elements of an array of `U`: refused.
    ///
    /// Made once, as its message names `U`.
    private let nulls = CollectionElements.Nulls.areRefused(elementName: "\(U.self)")
    /// `U`'s plan, asked for once: not in `init`, which runs while the outer type's
    /// plan is built, and `U` may hold the outer type.
    private let plans = PlanReference<U>()
    /// `U?` and `[U]?`, looked up once: in this code, not specialised for `U`,
    /// naming either type looks its metadata up on every use.
    ///
    /// `nonisolated(unsafe)`: an immutable metatype, safe to share between threads.
    private nonisolated(unsafe) let optionalModel: any OptionalProtocol.Type = U?.self
    private nonisolated(unsafe) let optionalArray: any OptionalProtocol.Type = [U]?.self
    /// How many elements a recent array of `U` had: the last one read (the last
    /// with any, among those decoded as they are read).
    ///
    /// The capacity the next one starts with (at most ``largestReservedCount``), so
    /// that an array of a few models is not grown one doubling at a time. A hint,
    /// read without ordering.
    private let lastArrayCount = AtomicWords(count: 1)
    /// The largest capacity an array of `U` starts with.
    private static var largestReservedCount: Int { 256 }

    /// `U`'s plan.
    private var plan: MappingPlan<U> { plans.plan }

    func readObject(
        from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int, streams: Bool
    ) throws(JSONParsingError) -> Slot? {
        let plan = self.plan
        guard scanner.nextByte == Byte.openBrace, levelsLeft > 0 else { return nil }
        guard let keys = JSONAdapter.readsObjects(plan) else {
            guard let members = JSONAdapter.readsClusters(plan) else { return nil }
            var recent = RecentClusterMembers(keepsMembers: false)
            return try JSONAdapter.readClusterObject(
                members, from: &scanner, recent: &recent, levelsLeft: levelsLeft - 1, streams: streams)
        }
        return .object(
            try JSONAdapter.readObject(plan, keys: keys, from: &scanner, levelsLeft: levelsLeft - 1, streams: streams))
    }

    func decodeCluster(_ object: ClusterObject) throws -> Any {
        try decodeClusterModel(object)
    }

    /// A cluster's `U`, decoded from what the scanner source kept, one nesting level deeper.
    private func decodeClusterModel(_ object: ClusterObject) throws -> U {
        let plan = self.plan
        return try JSONAdapter.nested { try JSONAdapter.decodeCluster(plan, object) }
    }

    func readArray(
        from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int, streams: Bool
    ) throws(JSONParsingError) -> Slot? {
        let plan = self.plan
        guard scanner.nextByte == Byte.openBracket, levelsLeft > 0 else { return nil }
        let keys = JSONAdapter.readsObjects(plan)
        let clusterMembers = keys == nil ? JSONAdapter.readsClusters(plan) : nil
        guard keys != nil || clusterMembers != nil else { return nil }
        var elements: [Slot] = []
        elements.reserveCapacity(min(Int(lastArrayCount.loadRelaxed()), Self.largestReservedCount))
        var recent = RecentClusterMembers(keepsMembers: clusterMembers != nil)
        defer { lastArrayCount.storeReleasing(UInt(elements.count)) }
        if try scanner.beginArray() {
            repeat {
                try scanner.expectElement()
                if scanner.nextByte == Byte.openBrace, let keys {
                    let members = try JSONAdapter.readObject(
                        plan, keys: keys, from: &scanner, levelsLeft: levelsLeft - 1, streams: streams)
                    elements.append(.object(members))
                } else if scanner.nextByte == Byte.openBrace, let clusterMembers {
                    elements.append(
                        try JSONAdapter.readClusterObject(
                            clusterMembers, from: &scanner, recent: &recent, levelsLeft: levelsLeft - 1,
                            streams: streams))
                } else {
                    elements.append(.json(try scanner.parseValueTree()))
                }
            } while try scanner.nextElement()
        }
        return .array(elements)
    }

    var streams: Bool { JSONAdapter.streamsModels(plan) }

    func streamsModels(visiting: inout [ObjectIdentifier]) -> Bool? {
        plan.streamsModels(visiting: &visiting)
    }

    func streamedObject(from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int) throws -> Any {
        try plans.withPlan { plan in try streamedModel(from: &scanner, plan: plan, levelsLeft: levelsLeft) }
    }

    /// ``streamedObject(from:levelsLeft:)``'s model as a `U`, which the elements of
    /// ``streamedArray(from:levelsLeft:)`` are appended as, never boxed.
    private func streamedModel(
        from scanner: inout JSONAdapter.MemberScanner, plan: MappingPlan<U>, levelsLeft: Int
    ) throws -> U {
        // The conditions of `readObject(from:levelsLeft:streams:)`, where a slots reader would read the object.
        guard scanner.nextByte == Byte.openBrace, levelsLeft > 0, let keys = JSONAdapter.readsObjects(plan) else {
            throw JSONAdapter.StreamingDeclined()
        }
        return try JSONAdapter.decodeStreaming(plan, keys: keys, from: &scanner, levelsLeft: levelsLeft - 1)
    }

    func streamObject(
        from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int, into address: UnsafeMutableRawPointer
    ) throws {
        let model = try plans.withPlan { plan in try streamedModel(from: &scanner, plan: plan, levelsLeft: levelsLeft) }
        replaceStoredValue(at: address, with: model)
    }

    func streamedArray(from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int) throws -> Any {
        try streamedModels(from: &scanner, levelsLeft: levelsLeft)
    }

    func streamArray(
        from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int, into address: UnsafeMutableRawPointer
    ) throws {
        let models = try streamedModels(from: &scanner, levelsLeft: levelsLeft)
        replaceStoredValue(at: address, with: models)
    }

    /// ``streamedArray(from:levelsLeft:)``'s models as a `[U]`.
    private func streamedModels(from scanner: inout JSONAdapter.MemberScanner, levelsLeft: Int) throws -> [U] {
        try plans.withPlan { plan in try streamedModels(from: &scanner, plan: plan, levelsLeft: levelsLeft) }
    }

    /// ``streamedModels(from:levelsLeft:)`` with `U`'s plan.
    private func streamedModels(
        from scanner: inout JSONAdapter.MemberScanner, plan: MappingPlan<U>, levelsLeft: Int
    ) throws -> [U] {
        guard scanner.nextByte == Byte.openBracket, levelsLeft > 0 else { throw JSONAdapter.StreamingDeclined() }
        var models: [U] = []
        // An empty array is left as it is made: in this code, not specialised for `U`,
        // reserving capacity looks up the metadata of `[U]`.
        guard try scanner.beginArray() else { return models }
        models.reserveCapacity(min(Int(lastArrayCount.loadRelaxed()), Self.largestReservedCount))
        repeat {
            try scanner.expectElement()
            // Any element that is not an object (`null` among them) is refused: read into slots, it gets its error.
            models.append(try streamedModel(from: &scanner, plan: plan, levelsLeft: levelsLeft))
        } while try scanner.nextElement()
        lastArrayCount.storeReleasing(UInt(models.count))
        return models
    }

    func decodeObject(_ members: consuming [Slot]) throws -> Any {
        try decodeFromSlots(members)
    }

    /// `U` decoded from the slots of its members, one nesting level deeper.
    private func decodeFromSlots(_ members: consuming [Slot]) throws -> U {
        let plan = self.plan
        var source = DecodeSource.slots(consume members)
        let model = try JSONAdapter.nested { try JSONAdapter.decodeMapped(plan, from: &source) }
        plan.spareSlots.keep(source.reclaimSlots())
        return model
    }

    func decodeArray(_ elements: consuming [Slot]) throws -> Any {
        var elements = consume elements
        var models: [U] = []
        models.reserveCapacity(elements.count)
        let collection = CollectionElements()
        // The steps of `CollectionElements.forEach`, in this loop: see there.
        for index in elements.indices {
            var element = elements.moveOut(at: index)
            do {
                // `null` is refused: the elements are not optional.
                if element.isNullElement, try collection.readsNull(at: .index(index), by: nulls) { continue }
                let mark = collection.beginElement()
                do {
                    models.append(try decodeElement(element.moveOut()))
                } catch {
                    throw collection.failed(error, at: .index(index), from: mark)
                }
                collection.converted(at: .index(index), from: mark)
            } catch {
                try collection.skip(error)
            }
        }
        return models
    }

    /// One element of ``decodeArray(_:)``, not `null`.
    ///
    /// An object's model is decoded as a `U`, never boxed and cast back: in this code,
    /// not specialised for `U`, a function that holds a `U?` looks up its metadata on
    /// every call, so the one cast, for an element that is not an object, is in a
    /// function of its own.
    private func decodeElement(_ element: consuming Slot) throws -> U {
        var element = element
        switch element {
        case .object:
            return try decodeFromSlots(element.moveNestedSlots())
        case .cluster(let object):
            return try decodeClusterModel(object)
        case .json(let value):
            return try convertedElement(value ?? NSNull())
        case .missing, .converted, .array:
            throw elementMismatch(nil)
        }
    }

    /// An element that is not an object, converted as the array transformer converts
    /// it, which refuses it.
    @inline(never)
    private func convertedElement(_ value: Any) throws -> U {
        guard let model = try elementTransformer.transformedValue(value) as? U else { throw elementMismatch(value) }
        return model
    }

    private func elementMismatch(_ value: Any?) -> StrataError {
        StrataError.expected("\(U.self)", found: value)
    }

    func encode<Sink: JSONSink>(_ value: Any, into sink: inout Sink) throws {
        // A value of exactly `U` (the common case) without a cast to `U?`: in this code,
        // not specialised for `U`, a function that holds a `U?` looks up its metadata on
        // every call, so the cast is in a function of its own.
        if try encodeExactly(value, into: &sink) { return }
        try encodeCasting(value, into: &sink)
    }

    /// Writes `value` cast to `U` (an instance of a subclass of `U`, say).
    @inline(never)
    private func encodeCasting<Sink: JSONSink>(_ value: Any, into sink: inout Sink) throws {
        guard let model = value as? U else {
            throw StrataError.expected("\(U.self)", found: value)
        }
        try JSONAdapter.encode(model, into: &sink)
    }

    /// Writes `value` when it is exactly a `U` (opened from the `Any` it came in), and
    /// returns whether it did.
    private func encodeExactly<T, Sink: JSONSink>(_ value: T, into sink: inout Sink) throws -> Bool {
        guard T.self == U.self else { return false }
        try JSONAdapter.encode(sameTypeValue(value, as: U.self), plan: plan, into: &sink)
        return true
    }

    func encodeArray<Sink: JSONSink>(_ value: Any, into sink: inout Sink) throws {
        guard let models = value as? [U] else {
            throw StrataError.expected("an array of \(U.self)", found: value)
        }
        try encodeModels(models, into: &sink)
    }

    func storedOptionality(of valueType: Any.Type, array: Bool) -> Bool? {
        if array { return valueType == [U].self ? false : valueType == [U]?.self ? true : nil }
        return valueType == U.self ? false : valueType == U?.self ? true : nil
    }

    func holdsValue(at address: UnsafeRawPointer, optional: Bool, array: Bool) -> Bool {
        guard optional else { return true }
        return array ? optionalArray.storedHoldsValue(at: address) : optionalModel.storedHoldsValue(at: address)
    }

    func encodeStored<Sink: JSONSink>(at address: UnsafeRawPointer, array: Bool, into sink: inout Sink) throws {
        if array {
            return try withStoredValue(at: address, as: [U].self) { models in try encodeModels(models, into: &sink) }
        }
        let plan = self.plan
        try withStoredValue(at: address, as: U.self) { model in
            try JSONAdapter.encode(model, plan: plan, storedAt: address, into: &sink)
        }
    }

    /// Writes `models`, each used where it lies in the array's storage.
    private func encodeModels<Sink: JSONSink>(_ models: borrowing [U], into sink: inout Sink) throws {
        let plan = self.plan
        try models.withUnsafeBufferPointer { models in
            // Each element one nesting level deeper, as the array transformer writes it.
            try sink.writeArray(count: models.count) { sink, index in
                try CollectionElements.write(at: .index(index)) {
                    try JSONAdapter.nested {
                        try withStoredElement(of: models, at: index) { model in
                            try JSONAdapter.encode(model, plan: plan, into: &sink)
                        }
                    }
                }
            }
        }
    }
}
