/// Arrays of numbers read straight into their typed storage: `[Double]`,
/// `[[Int]]`, `[[[Double]]]`, with no `Any` per element.
///
/// The scanner source reads an array this way for a property of such a type
/// with its default transformer (see ``MemberRead/typedArrayElement``). The reading
/// gives a value only for an array whose every element is a number the element
/// type takes as it is (an integer for `Int`, any number for `Double`, one
/// within range for `Float`), or an array of them, nested no deeper than the
/// scanner allows. Anything else (a `null`, a string, a fraction for `Int`, a
/// syntax error) leaves the scanner where it was, and the value is parsed as a
/// JSON value and converted by the transformer, which gives the same result or
/// reports the error with its path.
extension JSONScanner where Builder == NativeJSONBuilder {
    /// The array at `index` as an `[Element]` (boxed as it is), read straight into
    /// its storage; `nil`, with `index` unchanged, when the array is not one the
    /// type takes as it is.
    ///
    /// The result is `Any`, boxed by the element type's own
    /// ``TypedJSONArrayElement/scannedArray(from:open:)``: called with an opened
    /// `any TypedJSONArrayElement.Type`, a result of type `[Element]` would be
    /// converted to `[any TypedJSONArrayElement]`, boxing every element, and boxing
    /// it here would look up the metadata of `[Element]` on every call.
    mutating func typedArray<Element: TypedJSONArrayElement>(of _: Element.Type) -> Any? {
        let start = index
        guard let value = Element.scannedArray(from: &self, open: outerDepth) else {
            index = start
            return nil
        }
        return value
    }

    /// The array at `index` as an `[Element]`, read straight into its storage, for
    /// a caller that knows `Element`; `nil`, with `index` unchanged, when the array
    /// is not one the type takes as it is (see ``typedArray(of:)``).
    @inline(__always)
    mutating func typedArrayValue<Element: TypedJSONArrayElement>(of _: Element.Type) -> [Element]? {
        let start = index
        guard let array = Element.scanArray(from: &self, open: outerDepth) else {
            index = start
            return nil
        }
        return array
    }

    /// The elements of the array at `index`, each read by `element` (given the
    /// scanner and the number of containers open around the element); `nil` when
    /// one is not a value `element` takes, or when opening the array would pass
    /// the depth limit (`open` containers are open around it).
    @inline(__always)
    mutating func scanArray<Element>(open: Int, _ element: (inout Self, Int) -> Element?) -> [Element]? {
        guard index < count, input[index] == Byte.openBracket, open < maximumDepth else { return nil }
        index += 1
        skipWhitespace()
        if index < count, input[index] == Byte.closeBracket {
            index += 1
            return []
        }
        // The first two elements are held before an array is made: an array of one
        // or two (a coordinate pair, a range) is allocated once at its size, without
        // the growth path of a first append.
        guard let first = element(&self, open + 1), let more = afterElement() else { return nil }
        guard more else { return [first] }
        guard let second = element(&self, open + 1), let more = afterElement() else { return nil }
        guard more else { return [first, second] }
        var elements: [Element] = []
        elements.reserveCapacity(8)
        elements.append(first)
        elements.append(second)
        while let value = element(&self, open + 1) {
            elements.append(value)
            guard let more = afterElement() else { return nil }
            guard more else { return elements }
        }
        return nil
    }

    /// Steps past what follows an element of an array: `true` past a comma (and
    /// the whitespace after it), `false` past the closing bracket, `nil` at
    /// anything else.
    @inline(__always)
    private mutating func afterElement() -> Bool? {
        skipWhitespace()
        guard index < count else { return nil }
        if input[index] == Byte.closeBracket {
            index += 1
            return false
        }
        guard input[index] == Byte.comma else { return nil }
        index += 1
        skipWhitespace()
        return true
    }

    /// The number at `index` as the ``ExactNumber`` the default transformer of a
    /// floating-point type converts (which refuses what that type cannot hold);
    /// `nil` when there is none, or for an integer beyond `UInt64` or a number beyond
    /// `Double`'s range, whose value only its text gives.
    @inline(__always)
    mutating func scanFloatingPointElement() -> ExactNumber? {
        switch scanNumberElement() {
        case .integer(let value): return .signed(Int64(value))
        case .unsigned(let value): return .unsigned(value)
        case .double(let value), .preciseDouble(let value): return .floating(value)
        case .bigInteger, .outOfRange, nil: return nil
        }
    }

    /// The number at `index`; `nil` when there is none.
    @inline(__always)
    mutating func scanNumberElement() -> ScannedNumber? {
        guard index < count, input[index] == Byte.minus || input[index] &- Byte.zero < 10 else { return nil }
        return try? scanNumber()
    }
}
