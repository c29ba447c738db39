/// Values and containers: a value tree read with explicit stacks (see
/// ``parseValueTree()``), object keys and their colons, whitespace, and the
/// literals `true`, `false` and `null`.
extension JSONScanner {
    /// ``parseValueTree()`` with every number of more than 15 significant digits
    /// given to the builder as its nearest `Double` alone: for a value whose numbers
    /// only ever become `Double`s, which the digits past a `Double`'s precision
    /// cannot change.
    mutating func parseValueTreeWithBinaryNumbers() throws(JSONParsingError) -> Builder.Value {
        let keeps = builder.keepsPreciseDigits
        builder.setKeepsPreciseDigits(false)
        defer { builder.setKeepsPreciseDigits(keeps) }
        return try parseValueTree()
    }

    mutating func parseValueTree() throws(JSONParsingError) -> Builder.Value {
        // A scalar on its own (most values a model reads): no container stacks to set up.
        if index < count, input[index] != Byte.openBrace, input[index] != Byte.openBracket,
            let scalar = try parseScalar(startingWith: input[index])
        {
            return scalar
        }
        return try parseContainerTree()
    }

    /// The scalar at `index`, which starts with `byte`, or `nil` when no value starts
    /// with that byte (a container does too: the caller handles both).
    @inline(__always)
    private mutating func parseScalar(startingWith byte: UInt8) throws(JSONParsingError) -> Builder.Value? {
        switch byte {
        case Byte.quote:
            return builder.string(try parseString())
        case Byte.t:
            try expectLiteral(Byte.trueLiteral)
            return builder.bool(true)
        case Byte.f:
            try expectLiteral(Byte.falseLiteral)
            return builder.bool(false)
        case Byte.n:
            try expectLiteral(Byte.nullLiteral)
            return builder.null()
        case Byte.minus, Byte.zero...Byte.nine:
            return try parseNumber()
        default:
            return nil
        }
    }

    /// ``parseValueTree()`` for a value that may be a container: an explicit stack,
    /// so that deep input cannot exhaust the call stack.
    private mutating func parseContainerTree() throws(JSONParsingError) -> Builder.Value {
        // The reused stacks, moved out for the parse (left empty in `self`) and moved
        // back emptied, with their capacity, however it ends.
        var stacks = TreeStacks()
        swap(&stacks, &treeStacks)
        defer {
            // Empty after a whole value (emptying an empty stack still costs a call).
            if !stacks.containers.isEmpty { stacks.containers.removeAll(keepingCapacity: true) }
            if !stacks.values.isEmpty { stacks.values.removeAll(keepingCapacity: true) }
            if !stacks.keys.isEmpty { stacks.keys.removeAll(keepingCapacity: true) }
            swap(&stacks, &treeStacks)
        }
        return try parseContainerTree(with: &stacks.containers, &stacks.values, &stacks.keys)
    }

    /// ``parseContainerTree()`` on the given stacks, which are empty.
    private mutating func parseContainerTree(
        with containers: inout [OpenContainer], _ values: inout [Builder.Value], _ keys: inout [String]
    ) throws(JSONParsingError) -> Builder.Value {
        while true {
            // Parse one value starting at `index` (whitespace already skipped).
            guard index < count else {
                throw makeError(.unexpectedEndOfInput(expected: "a value"), at: index)
            }
            var value: Builder.Value
            let byte = input[index]
            switch byte {
            case Byte.openBrace, Byte.openBracket:
                let isObject = byte == Byte.openBrace
                if containers.count + outerDepth >= maximumDepth {
                    throw makeError(.maximumDepthExceeded(maximumDepth), at: index)
                }
                index += 1
                skipWhitespace()
                if index < count, input[index] == (isObject ? Byte.closeBrace : Byte.closeBracket) {
                    index += 1
                    value = isObject ? builder.object(keys: [], values: []) : builder.array([])
                } else {
                    if containers.capacity == 0 {
                        // Enough for typical documents without regrowing; a few hundred bytes at most.
                        containers.reserveCapacity(16)
                        values.reserveCapacity(32)
                        keys.reserveCapacity(32)
                    }
                    containers.append(OpenContainer(isObject: isObject, valueStart: values.count, keyStart: keys.count))
                    if isObject {
                        keys.append(try parseKey(afterComma: false))
                    }
                    skipWhitespace()
                    continue
                }
            default:
                if let scalar = try parseScalar(startingWith: byte) {
                    value = scalar
                    break
                }
                // Inside an array a value is only required here after ',' (an empty array was handled above).
                let isTrailingComma = byte == Byte.closeBracket && containers.last?.isObject == false
                throw makeError(
                    .unexpectedCharacter(byte, expected: isTrailingComma ? Self.trailingCommaHint : "a value"),
                    at: index
                )
            }

            // Attach the finished value to its parent, closing as many containers as the input closes.
            while true {
                guard let top = containers.last else { return value }
                values.append(value)
                skipWhitespace()
                guard index < count else {
                    throw makeError(
                        .unexpectedEndOfInput(
                            expected: top.isObject ? "',' or '}' after an object member" : "',' or ']' after an array element"), at: index)
                }
                let separator = input[index]
                if top.isObject {
                    if separator == Byte.comma {
                        index += 1
                        skipWhitespace()
                        keys.append(try parseKey(afterComma: true))
                        skipWhitespace()
                        break
                    } else if separator == Byte.closeBrace {
                        index += 1
                        value = builder.object(keys: keys[top.keyStart...], values: values[top.valueStart...])
                        keys.removeSubrange(top.keyStart...)
                        values.removeSubrange(top.valueStart...)
                        containers.removeLast()
                    } else {
                        throw makeError(.unexpectedCharacter(separator, expected: "',' or '}' after an object member"), at: index)
                    }
                } else {
                    if separator == Byte.comma {
                        index += 1
                        skipWhitespace()
                        break
                    } else if separator == Byte.closeBracket {
                        index += 1
                        value = builder.array(values[top.valueStart...])
                        values.removeSubrange(top.valueStart...)
                        containers.removeLast()
                    } else {
                        throw makeError(.unexpectedCharacter(separator, expected: "',' or ']' after an array element"), at: index)
                    }
                }
            }
        }
    }

    static var trailingCommaNote: String { " (JSON does not allow a trailing comma)" }
    private static var trailingCommaHint: String { "a value after ','" + trailingCommaNote }

    /// Parses `"key"`, whitespace and `:`; leaves `index` after the colon and following whitespace is not skipped.
    @inline(__always)
    private mutating func parseKey(afterComma: Bool) throws(JSONParsingError) -> String {
        try expectKeyStart(afterComma: afterComma)
        let key = try parseString()
        try expectColon()
        return key
    }

    /// Checks that a key's opening quote is at `index`.
    @inline(__always)
    mutating func expectKeyStart(afterComma: Bool) throws(JSONParsingError) {
        guard index < count else {
            throw makeError(.unexpectedEndOfInput(expected: Self.expectedKeyStart(afterComma: afterComma)), at: index)
        }
        guard input[index] == Byte.quote else {
            let isTrailingComma = afterComma && input[index] == Byte.closeBrace
            throw makeError(
                .unexpectedCharacter(
                    input[index],
                    expected: Self.expectedKeyStart(afterComma: afterComma) + (isTrailingComma ? Self.trailingCommaNote : "")),
                at: index
            )
        }
    }

    /// What ``expectKeyStart(afterComma:)`` expected, for its errors: made only when
    /// one is thrown, so that reading a key makes no `String`.
    private static func expectedKeyStart(afterComma: Bool) -> String {
        afterComma ? "'\"' to begin an object key after ','" : "'\"' to begin an object key or '}' to end the object"
    }

    /// Skips whitespace after a key and consumes its `:`.
    @inline(__always)
    mutating func expectColon() throws(JSONParsingError) {
        skipWhitespace()
        guard index < count else {
            throw makeError(.unexpectedEndOfInput(expected: "':' after an object key"), at: index)
        }
        guard input[index] == Byte.colon else {
            throw makeError(.unexpectedCharacter(input[index], expected: "':' after an object key"), at: index)
        }
        index += 1
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < count {
            let byte = input[index]
            // Every whitespace byte is at most a space: anything above ends the run at once.
            guard byte <= Byte.space else { return }
            switch byte {
            case Byte.space, Byte.newline, Byte.carriageReturn, Byte.tab:
                index += 1
                // Spaces (indentation) a word at a time, up to the first other byte.
                index = firstMarkedByte(from: index) { $0 ^ 0x2020_2020_2020_2020 }
            default:
                return
            }
        }
    }

    /// The literal `true` or `false` at `index`, read; `nil`, having read nothing,
    /// when the value there is not one of them.
    mutating func parseBool() throws(JSONParsingError) -> Bool? {
        guard index < count else { return nil }
        switch input[index] {
        case Byte.t:
            try expectLiteral(Byte.trueLiteral)
            return true
        case Byte.f:
            try expectLiteral(Byte.falseLiteral)
            return false
        default:
            return nil
        }
    }

    /// Whether the value at `index` is `null`, read; `false`, having read nothing,
    /// for any other value.
    mutating func parseNull() throws(JSONParsingError) -> Bool {
        guard index < count, input[index] == Byte.n else { return false }
        try expectLiteral(Byte.nullLiteral)
        return true
    }

    /// Consumes `literal` (`true`, `false` or `null`); its name in an error is its own
    /// text, so no `String` is made unless one is thrown.
    @inline(__always)
    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParsingError) {
        let bytes = ByteView(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        let length = bytes.count
        // The common case, the whole literal there: its first four bytes compared as one
        // word, then the `e` of `false` (a literal is `true`, `false` or `null`).
        if index + length <= count, input.word32(at: index) == bytes.word32(at: 0),
            length == 4 || input[index + 4] == bytes[4]
        {
            index += length
            return
        }
        for offset in 0..<length {
            let position = index + offset
            guard position < count else {
                throw makeError(.unexpectedEndOfInput(expected: "the literal \(literal)"), at: position)
            }
            guard input[position] == bytes[offset] else {
                throw makeError(.unexpectedCharacter(input[position], expected: "the literal \(literal)"), at: position)
            }
        }
        index += length
    }
}
