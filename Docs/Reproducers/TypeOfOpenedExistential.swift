// Swift optimizer bug (Swift 6.3.1, Linux x86_64): in an optimized build, the
// dynamic type of a non-final class instance held as its base type, converted to
// an existential metatype and opened, is the static base type.
//
//     swiftc -O TypeOfOpenedExistential.swift -o /tmp/repro && /tmp/repro
//
// With -O it prints
//
//     opened type(of:):            Base
//     opened type(of:) via helper: Sub
//     existential member:          Sub
//     BUG: opening type(of:) gave the static type
//
// and exits 1. With -Onone (`swiftc -Onone …`) all three lines say `Sub` and it exits 0.
//
// `type(of: value)` is right (the existential member call sees `Sub`); what goes
// wrong is opening the `any Named.Type` made from it: the generic function is
// called with `Base`. Returning `type(of:)` from a function the optimizer cannot
// inline keeps the subclass. Strata's JSON encoder opens `type(of: model)` this
// way to write a subclass held as its base class with its own keys (a class
// cluster), so it takes the type through such a helper; opened inline, a
// subclass's own properties would not be written in release builds.
import Foundation

protocol Named {
    static var name: String { get }
}

class Base: Named {
    class var name: String { "Base" }
}

class Sub: Base {
    override class var name: String { "Sub" }
}

/// The name of the type the generic parameter is bound to when an existential is opened.
func name<T: Named>(of _: T.Type) -> String { T.name }

func openedTypeOf(_ value: Base) -> String {
    let dynamicType: any Named.Type = type(of: value)
    return name(of: dynamicType)
}

@inline(never)
func dynamicType(of value: Base) -> any Named.Type { type(of: value) }

func openedTypeOfViaHelper(_ value: Base) -> String {
    name(of: dynamicType(of: value))
}

func existentialMember(_ value: Base) -> String {
    let dynamicType: any Named.Type = type(of: value)
    return dynamicType.name
}

let value: Base = Sub()
let opened = openedTypeOf(value)
print("opened type(of:):           ", opened)
print("opened type(of:) via helper:", openedTypeOfViaHelper(value))
print("existential member:         ", existentialMember(value))
if opened != "Sub" {
    print("BUG: opening type(of:) gave the static type")
    exit(1)
}
