// LeakSanitizer false positive: the boxes of an `indirect enum` held by a global.
//
//     swiftc -sanitize=address -g LSanIndirectEnum.swift -o /tmp/repro && /tmp/repro
//
// At exit LeakSanitizer reports "Direct leak of 128 byte(s) in 4
// object(s)" (the `pair` boxes) and the `leaf` boxes they hold as indirect
// leaks, and the process exits 1 (Swift 6.3.1, Linux x86_64).
//
// Nothing leaks: `shapes` is a global, alive until exit, and holds every box.
// But the value of an indirect enum is a pointer to its box with the case stored
// in the pointer's spare bits, so for every case but the first the
// word in memory is not an address: LeakSanitizer scans memory for addresses,
// finds none pointing at the boxes, and calls them leaked. Strata's
// `PropertyType` (Sources/Strata/Model/PropertyType.swift) is such an enum, and
// its values live for the whole process in the schema cache.
indirect enum Shape {
    case leaf(Int)
    case pair(Shape, Shape)
}

let shapes: [Shape] = (0..<4).map { .pair(.leaf($0), .leaf($0 + 1)) }
print(shapes.count)
