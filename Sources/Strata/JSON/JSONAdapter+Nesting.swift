extension JSONAdapter {
    /// How many nested models the decode or encode in progress is inside.
    @TaskLocal static var nestingDepth = 0

    /// Runs `body` one nesting level deeper, or throws when that would pass
    /// ``ModelNesting/maximumDepth``: deep input is refused with an error instead
    /// of exhausting the stack, and so is a class graph with a cycle.
    static func nested<R>(_ body: () throws -> R) throws -> R {
        let depth = nestingDepth + 1
        guard depth <= ModelNesting.maximumDepth else {
            throw StrataError(
                .nestingTooDeep,
                "Models nest more than \(ModelNesting.maximumDepth) levels deep here. Flatten the payload; "
                    + "when writing, check the model graph for a cycle.")
        }
        return try $nestingDepth.withValue(depth, operation: body)
    }
}
