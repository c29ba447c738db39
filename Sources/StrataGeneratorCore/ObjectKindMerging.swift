/// Merges the observations of objects of one kind found at different places of
/// the samples, before any type is inferred, so that they become one model.
///
/// The rule:
///
/// - Two objects are of one kind when they have the same set of keys (every key
///   seen at their place, in any sample). The first place, in payload order and
///   depth first, names the model; every place refers to it.
/// - When two places merge, the objects at the same key of both merge too (their
///   nested objects are then one model even if their keys differ): what the samples
///   show at both places is one observation, so a key `null` or absent at one
///   place is optional in the merged model.
/// - Except for the elements of an array at a key when they are objects too
///   different to be one model (a tagged enum at one place and a model at the
///   other, or models sharing at most half of their keys): the merged kind is
///   generic over them, and each place keeps its own (see ``isParameter(_:_:_:)``).
/// - A merge is not made when it would make a model contain itself (a reply
///   inside a status of the same keys), or give a key a conflict it did not have
///   (a number at one place and a string at the other); the places stay apart.
///
/// ```swift
/// // {"user": {"id": 1, "utc_offset": null}, "retweeted_status": {"user": {"id": 2, "utc_offset": 7200}}}
/// // → one `User` with `utcOffset: Int?`, for `user` and `retweeted_status.user`
/// let roots = ObjectKindMerging.merged([observations], dictionaries: DictionaryRule(options: options))
/// ```
struct ObjectKindMerging {
    /// One step from an object to a value it holds: a key, an array's elements,
    /// the values of a dictionary, or the objects of one case of a tagged enum
    /// (named by its first tag).
    private enum Step: Hashable {
        case key(String)
        case element
        case value
        case tag(String)
    }

    /// What the places of a kind show at one value, merged: enough to tell
    /// whether they can be one property.
    private struct ValueProfile {
        /// The kinds of non-null value seen: one bit each.
        var kinds: UInt8 = 0
        /// Whether one of the places saw a single kind of value there.
        var hasSingleKind = false
        /// Whether dictionaries were seen there, models, and tagged enums.
        var keyedByIDs = false
        var keyedByNames = false
        var tagged = false

        init(_ value: ValueObservation) {
            if value.booleans > 0 { kinds |= 1 }
            if !value.integers.isEmpty || !value.fractions.isEmpty { kinds |= 2 }
            if !value.strings.isEmpty { kinds |= 4 }
            if let object = value.object {
                kinds |= 8
                if object.readsAsDictionary {
                    keyedByIDs = true
                } else if object.variants != nil {
                    tagged = true
                } else {
                    keyedByNames = true
                }
            }
            if value.arrays > 0 { kinds |= 16 }
            hasSingleKind = kinds.nonzeroBitCount == 1
        }

        mutating func formUnion(_ other: ValueProfile) {
            kinds |= other.kinds
            hasSingleKind = hasSingleKind || other.hasSingleKind
            keyedByIDs = keyedByIDs || other.keyedByIDs
            keyedByNames = keyedByNames || other.keyedByNames
            tagged = tagged || other.tagged
        }

        /// Whether one property cannot hold it all: kinds that disagree where a
        /// place saw only one, or two of dictionaries, models and tagged enums.
        var isConflicting: Bool {
            (kinds.nonzeroBitCount > 1 && hasSingleKind) || [keyedByIDs, keyedByNames, tagged].filter { $0 }.count > 1
        }
    }

    /// An object place of the samples that can be a model.
    private struct Node {
        let object: ObjectObservation
        /// The node after the last of the places it holds (they are numbered depth first).
        var subtreeEnd = 0
    }

    /// A change made while trying a merge, to undo if the merge is refused.
    private enum Change {
        case parent(node: Int, old: Int)
        case slots(kind: Int, old: [[Step]: Int])
        case profiles(kind: Int, old: [[Step]: ValueProfile])
        case parameters(kind: Int, old: Set<String>)
    }

    private var nodes: [Node] = []
    private var nodeIndex: [ObjectIdentifier: Int] = [:]
    /// Union-find: each node's parent in its kind; a root stands for its kind.
    private var parent: [Int] = []
    /// For each kind's root, the places held at each step path, one node for each
    /// (the places at one path of one kind are of one kind).
    private var slots: [[[Step]: Int]] = []
    /// For each kind's root, what its places show at each step path.
    private var profiles: [[[Step]: ValueProfile]] = []
    /// For each kind's root, the keys whose array elements are a type parameter:
    /// objects of different shapes at different places (see ``isParameter(_:_:_:)``).
    private var parameters: [Set<String>] = []
    /// The changes of the merge being tried, or `nil` outside a try.
    private var changes: [Change]?
    /// The merged observation of each kind, by root, once built.
    private var built: [Int: ObjectObservation] = [:]
    /// The places of each kind, by root, once merging is done.
    private var members: [Int: [Int]] = [:]
    /// Which objects are dictionaries rather than models.
    private let dictionaries: DictionaryRule
    /// The node that holds every top level: it holds every other place.
    private var topLevelNode: Int?
    /// The nodes whose kind is never generic: the top levels and the cases of
    /// tagged enums, which are declared as the models they are.
    private var nonGenericNodes: Set<Int> = []

    private init(dictionaries: DictionaryRule) {
        self.dictionaries = dictionaries
    }

    /// The top-level observations with the objects of each kind merged, the
    /// objects that `dictionaries` says are dictionaries marked as such.
    ///
    /// Each of `roots` is a top level (a model, or a tagged enum when
    /// ``TaggedObjectRule`` splits it); the objects of all of them merge, so that
    /// a type two top levels share is one.
    static func merged(_ roots: [ObjectObservation], dictionaries: DictionaryRule) -> [ObjectObservation] {
        var merging = ObjectKindMerging(dictionaries: dictionaries)
        // One object holds the top levels, each at a key of its own.
        let top = ObjectObservation()
        top.count = 1
        for (index, root) in roots.enumerated() {
            let value = ValueObservation()
            value.occurrences = 1
            value.object = root
            top.keys.append(String(index))
            top.fields[String(index)] = value
        }
        merging.topLevelNode = merging.addNode(top)
        merging.mergeSameKeySets()
        for node in merging.nodes.indices { merging.members[merging.find(node), default: []].append(node) }
        return top.keys.compactMap { key in
            guard let value = top.fields[key] else { return nil }
            let merged = ValueObservation()
            merging.fill(merged, from: [value])
            return merged.object
        }
    }

    // MARK: Places

    /// Adds `object` and the places it holds, depth first, and returns its node.
    private mutating func addNode(_ object: ObjectObservation) -> Int {
        let node = nodes.count
        nodes.append(Node(object: object))
        nodeIndex[ObjectIdentifier(object)] = node
        parent.append(node)
        slots.append([:])
        profiles.append([:])
        parameters.append([])
        var children: [[Step]: Int] = [:]
        var profile: [[Step]: ValueProfile] = [:]
        for key in object.keys {
            guard let value = object.fields[key] else { continue }
            // The first node holds the top levels.
            collect(value, steps: [.key(key)], isRoot: node == 0, children: &children, profile: &profile)
        }
        slots[node] = children
        profiles[node] = profile
        nodes[node].subtreeEnd = nodes.count
        return node
    }

    /// Records what `value`, at `steps` of the node being added, holds; `isRoot`
    /// for a top level, which is never a dictionary.
    private mutating func collect(
        _ value: ValueObservation, steps: [Step], isRoot: Bool = false, children: inout [[Step]: Int],
        profile: inout [[Step]: ValueProfile]
    ) {
        if let object = value.object {
            object.readsAsDictionary =
                !isRoot
                && dictionaries.readsAsDictionary(object, key: Self.key(of: steps), isElement: steps.last == .element)
            if !object.readsAsDictionary { object.variants = TaggedObjectRule.variants(of: object) }
        }
        profile[steps] = ValueProfile(value)
        if let object = value.object {
            if object.readsAsDictionary {
                collect(object.allValues, steps: steps + [.value], children: &children, profile: &profile)
            } else if let variants = object.variants {
                for variant in variants.variants {
                    let child = addNode(variant.objects)
                    children[steps + [.tag(variant.tags[0])]] = child
                    nonGenericNodes.insert(child)
                }
            } else {
                let child = addNode(object)
                children[steps] = child
                if isRoot { nonGenericNodes.insert(child) }
            }
        }
        if let elements = value.elements {
            collect(elements, steps: steps + [.element], children: &children, profile: &profile)
        }
    }

    /// The key of the value at `steps`: the last key, through arrays' elements;
    /// `nil` for the values of a dictionary.
    private static func key(of steps: [Step]) -> String? {
        for step in steps.reversed() {
            switch step {
            case .key(let name): return name
            case .element, .tag: continue
            case .value: return nil
            }
        }
        return nil
    }

    private func isAncestor(_ node: Int, of other: Int) -> Bool {
        node < other && other < nodes[node].subtreeEnd
    }

    // MARK: Kinds

    private mutating func find(_ node: Int) -> Int {
        var root = node
        while parent[root] != root { root = parent[root] }
        var current = node
        while parent[current] != root {
            let next = parent[current]
            setParent(current, root)
            current = next
        }
        return root
    }

    private mutating func setParent(_ node: Int, _ newParent: Int) {
        changes?.append(.parent(node: node, old: parent[node]))
        parent[node] = newParent
    }

    /// Merges the places with the same key set, each with the first place of
    /// that key set it can merge with.
    private mutating func mergeSameKeySets() {
        var groups: [Set<String>: [Int]] = [:]
        var order: [Set<String>] = []
        // The top level holds every other place: it can merge with none.
        for node in nodes.indices where node != topLevelNode {
            let keys = Set(nodes[node].object.keys)
            if groups[keys] == nil { order.append(keys) }
            groups[keys, default: []].append(node)
        }
        for keys in order {
            guard let group = groups[keys], group.count > 1 else { continue }
            for (position, member) in group.enumerated().dropFirst() {
                var tried: Set<Int> = []
                for earlier in group[..<position] {
                    let kind = find(earlier)
                    if kind == find(member) { break }
                    guard !isAncestor(earlier, of: member), tried.insert(kind).inserted else { continue }
                    if tryMerging(earlier, member) { break }
                }
            }
        }
    }

    /// Merges the kinds of `first` and `second`, and the kinds they hold at the
    /// same steps; undoes it all and returns `false` when that gives a key a
    /// conflict or makes a kind hold itself.
    private mutating func tryMerging(_ first: Int, _ second: Int) -> Bool {
        changes = []
        var pending = [(first, second)]
        var touched: [Int] = []
        var accepted = true
        merging: while let (one, other) = pending.popLast() {
            let oneRoot = find(one)
            let otherRoot = find(other)
            guard oneRoot != otherRoot else { continue }
            let root = min(oneRoot, otherRoot)
            let absorbed = max(oneRoot, otherRoot)
            setParent(absorbed, root)
            changes?.append(.slots(kind: root, old: slots[root]))
            changes?.append(.slots(kind: absorbed, old: slots[absorbed]))
            changes?.append(.profiles(kind: root, old: profiles[root]))
            changes?.append(.profiles(kind: absorbed, old: profiles[absorbed]))
            changes?.append(.parameters(kind: root, old: parameters[root]))
            var keys = parameters[root].union(parameters[absorbed])
            for key in Set(profiles[absorbed].keys.compactMap { Self.elementKey(of: $0) }) where !keys.contains(key) {
                if isParameter(key, root, absorbed) { keys.insert(key) }
            }
            // A top level or a tagged enum's case is declared as the model it is: never
            // generic, so it does not merge with what would make it so.
            if !keys.isEmpty, isNonGeneric(root) || isNonGeneric(absorbed) {
                accepted = false
                break merging
            }
            parameters[root] = keys
            for (steps, child) in slots[absorbed] {
                if let existing = slots[root][steps] {
                    // The elements of a type parameter stay the kinds they are at each place.
                    if let key = Self.elementKey(of: steps), keys.contains(key) { continue }
                    pending.append((existing, child))
                } else {
                    slots[root][steps] = child
                }
            }
            for (steps, profile) in profiles[absorbed] {
                if let key = Self.elementKey(of: steps), keys.contains(key) {
                    if profiles[root][steps] == nil { profiles[root][steps] = profile }
                    continue
                }
                var merged = profiles[root][steps] ?? profile
                merged.formUnion(profile)
                if merged.isConflicting {
                    accepted = false
                    break merging
                }
                profiles[root][steps] = merged
            }
            slots[absorbed] = [:]
            profiles[absorbed] = [:]
            touched.append(root)
        }
        if accepted, holdsItself(from: touched) { accepted = false }
        if !accepted, let changes {
            for change in changes.reversed() {
                switch change {
                case .parent(let node, let old): parent[node] = old
                case .slots(let kind, let old): slots[kind] = old
                case .profiles(let kind, let old): profiles[kind] = old
                case .parameters(let kind, let old): parameters[kind] = old
                }
            }
        }
        changes = nil
        return accepted
    }

    /// The key of `steps` when they lead to the elements of an array at a key,
    /// or to a case of those elements: where a type parameter can be.
    private static func elementKey(of steps: [Step]) -> String? {
        guard steps.count >= 2, case .key(let key) = steps[0], steps[1] == .element else { return nil }
        if steps.count == 2 { return key }
        if steps.count == 3, case .tag = steps[2] { return key }
        return nil
    }

    /// Whether the kind of `root` holds a top level or a tagged enum's case.
    private mutating func isNonGeneric(_ root: Int) -> Bool {
        nonGenericNodes.contains { find($0) == root }
    }

    /// Whether the array elements at `key` of two kinds being merged are too
    /// different to be one model, so that the merged kind is generic over them:
    /// objects at both, and either a tagged enum at one and a model at the
    /// other, or models that share at most half of their keys.
    ///
    /// A list envelope (`{"object": "list", "data": […], "has_more": false}`)
    /// holding cards at one place and subscriptions at another is `List<Card>` and
    /// `List<Subscription>`, not one list of a model with the fields of both.
    private mutating func isParameter(_ key: String, _ root: Int, _ absorbed: Int) -> Bool {
        let steps: [Step] = [.key(key), .element]
        guard let one = profiles[root][steps], let other = profiles[absorbed][steps], one.kinds == 8, other.kinds == 8,
            !one.keyedByIDs, !other.keyedByIDs
        else { return false }
        if one.tagged != other.tagged { return true }
        guard !one.tagged, let first = slots[root][steps], let second = slots[absorbed][steps] else { return false }
        let firstKeys = Set(nodes[first].object.keys)
        let secondKeys = Set(nodes[second].object.keys)
        return firstKeys.intersection(secondKeys).count * 2 <= firstKeys.union(secondKeys).count
    }

    /// Whether a kind reached from `kinds` holds itself, at any depth.
    ///
    /// The kinds held itself nowhere before the merge, so a new cycle goes through
    /// one of them.
    private mutating func holdsItself(from kinds: [Int]) -> Bool {
        // 1: on the current path, 2: done.
        var state: [Int: UInt8] = [:]
        var stack: [(kind: Int, children: [Int])] = []
        for start in kinds {
            let startKind = find(start)
            guard state[startKind] == nil else { continue }
            state[startKind] = 1
            stack.append((startKind, Array(slots[startKind].values)))
            while let top = stack.last {
                guard let child = top.children.last else {
                    state[top.kind] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].children.removeLast()
                let kind = find(child)
                switch state[kind] {
                case 1: return true
                case 2: continue
                default:
                    state[kind] = 1
                    stack.append((kind, Array(slots[kind].values)))
                }
            }
        }
        return false
    }

    // MARK: Merged observations

    /// The observation of every place of the kind of `root` together.
    private mutating func mergedObject(ofKind root: Int) -> ObjectObservation {
        if let merged = built[root] { return merged }
        let merged = ObjectObservation()
        // Recorded before it is filled; no kind holds itself, so it is not met again while filling.
        built[root] = merged
        fill(merged, from: (members[root] ?? [root]).map { nodes[$0].object }, countingOnly: parameters[root])
        merged.parameterKeys = merged.keys.filter(parameters[root].contains)
        return merged
    }

    /// The objects of the generic kind `root` at the places `places`: the kind,
    /// and what the places hold at each of its parameter keys.
    private mutating func specialized(ofKind root: Int, at places: [Int]) -> ObjectObservation {
        let base = mergedObject(ofKind: root)
        let use = ObjectObservation()
        use.count = base.count
        var arguments: [String: ValueObservation] = [:]
        for key in base.parameterKeys {
            let argument = ValueObservation()
            fill(argument, from: places.compactMap { nodes[$0].object.fields[key]?.elements })
            arguments[key] = argument
        }
        use.specialization = GenericUse(base: base, arguments: arguments)
        return use
    }

    /// Fills `merged` with what `objects` show.
    ///
    /// Only the part inference reads is merged in full: the values of
    /// dictionaries, the fields of the others (and of the fields of
    /// dictionaries, the counts).
    ///
    /// At the keys of `countingOnly`, a generic kind's parameter keys, the
    /// values and their array elements are counted, no more: each place's
    /// elements are read where the kind is used (see ``specialized(ofKind:at:)``).
    private mutating func fill(
        _ merged: ObjectObservation, from objects: [ObjectObservation], countingOnly: Set<String> = []
    ) {
        if let tagKey = objects.first?.variants?.tagKey, objects.allSatisfy({ $0.variants?.tagKey == tagKey }) {
            merged.count = objects.reduce(0) { $0 + $1.count }
            merged.variants = mergedVariants(objects.compactMap(\.variants), tagKey: tagKey)
            return
        }
        let caseTagKey = objects.first?.caseTagKey
        merged.caseTagKey = objects.allSatisfy { $0.caseTagKey == caseTagKey } ? caseTagKey : nil
        let keyedByIDs = objects.allSatisfy(\.readsAsDictionary)
        merged.readsAsDictionary = keyedByIDs
        var seen: Set<String> = []
        for object in objects {
            merged.count += object.count
            for key in object.keys where seen.insert(key).inserted { merged.keys.append(key) }
        }
        for key in merged.keys {
            let value = ValueObservation()
            let values = objects.compactMap { $0.fields[key] }
            if keyedByIDs {
                Self.count(value, from: values)
            } else if countingOnly.contains(key) {
                Self.count(value, from: values)
                value.arrays = values.reduce(0) { $0 + $1.arrays }
                let elements = ValueObservation()
                Self.count(elements, from: values.compactMap(\.elements))
                value.elements = elements
            } else {
                fill(value, from: values)
            }
            merged.fields[key] = value
        }
        if keyedByIDs {
            // Set rather than made from the fields, so that the places it holds are their kinds'.
            let allValues = ValueObservation()
            fill(allValues, from: objects.map(\.allValues))
            merged.allValues = allValues
        }
    }

    /// The cases of tagged places merged: cases that share a tag are one (so
    /// that each tag has one case), each the merged observation of its kind.
    private mutating func mergedVariants(_ places: [TaggedVariants], tagKey: String) -> TaggedVariants {
        var groups: [(tags: [String], objects: [ObjectObservation])] = []
        for variant in places.flatMap(\.variants) {
            var group = (tags: [String](), objects: [ObjectObservation]())
            // The groups this one shares a tag with join it, in the first one's place.
            let sharing = groups.indices.filter { !Set(groups[$0].tags).isDisjoint(with: variant.tags) }
            for index in sharing {
                group.tags += groups[index].tags
                group.objects += groups[index].objects
            }
            for tag in variant.tags where !group.tags.contains(tag) { group.tags.append(tag) }
            group.objects.append(variant.objects)
            if let first = sharing.first {
                groups[first] = group
                for index in sharing.dropFirst().reversed() { groups.remove(at: index) }
            } else {
                groups.append(group)
            }
        }
        var variants: [TaggedVariants.Variant] = []
        for group in groups {
            let nodesOfObjects = group.objects.compactMap { nodeIndex[ObjectIdentifier($0)] }
            let kinds = Set(nodesOfObjects.map { find($0) })
            let objects: ObjectObservation
            if nodesOfObjects.count == group.objects.count, kinds.count == 1, let kind = kinds.first {
                objects = mergedObject(ofKind: kind)
            } else {
                objects = ObjectObservation()
                fill(objects, from: group.objects)
            }
            variants.append(TaggedVariants.Variant(tags: group.tags, objects: objects))
        }
        return TaggedVariants(tagKey: tagKey, variants: variants)
    }

    /// Counts the values and nulls of `values` in `merged`, and nothing else.
    private static func count(_ merged: ValueObservation, from values: [ValueObservation]) {
        for value in values {
            merged.occurrences += value.occurrences
            merged.nulls += value.nulls
        }
    }

    private mutating func fill(_ merged: ValueObservation, from values: [ValueObservation]) {
        for value in values {
            merged.occurrences += value.occurrences
            merged.nulls += value.nulls
            merged.booleans += value.booleans
            merged.integers += value.integers
            merged.fractions += value.fractions
            merged.strings += value.strings
            merged.arrays += value.arrays
        }
        let objects = values.compactMap(\.object)
        if !objects.isEmpty {
            let nodesOfObjects = objects.compactMap { nodeIndex[ObjectIdentifier($0)] }
            let kinds = Set(nodesOfObjects.map { find($0) })
            if nodesOfObjects.count == objects.count, kinds.count == 1, let kind = kinds.first {
                merged.object =
                    parameters[kind].isEmpty ? mergedObject(ofKind: kind) : specialized(ofKind: kind, at: nodesOfObjects)
            } else {
                // Dictionaries, whose values are the places: merged here.
                let object = ObjectObservation()
                fill(object, from: objects)
                merged.object = object
            }
        }
        let elements = values.compactMap(\.elements)
        if !elements.isEmpty {
            let combinedElements = ValueObservation()
            fill(combinedElements, from: elements)
            merged.elements = combinedElements
        }
    }
}
