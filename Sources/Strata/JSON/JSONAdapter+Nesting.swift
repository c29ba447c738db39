extension JSONAdapter {
    /// The read or write in progress, as its nested models see it: how many models
    /// deep it is, the model depth limit its options set, and how it writes.
    ///
    /// One task-local value for both directions. A public reading or writing method
    /// sets the settings from its options (pushing a new value only when they
    /// differ from the current ones) and keeps the depth, so a call made inside a
    /// transformer nests under the call that runs it. The engines read it once per
    /// model: ``nested(_:)`` when a model goes one level deeper, and the encode
    /// engine for `omitsNulls` and `sortsKeys`. So the ``ValueTransformer/model(_:)``
    /// and ``ValueTransformer/models(_:)`` transformers, used by default or inside a
    /// custom transformer, follow the options of the call in progress.
    struct Context: Sendable {
        /// How many nested models the read or write is inside.
        var modelDepth = 0
        /// How many levels deep models may nest (``DecodingOptions/maximumModelDepth``,
        /// ``EncodingOptions/maximumModelDepth``).
        var maximumModelDepth = ModelNesting.defaultMaximumDepth
        /// Leave out `nil` instead of writing `null` (``EncodingOptions/omitsNulls``).
        var omitsNulls = false
        /// Write members in key order (``OutputFormatting/sortedKeys``): for both sinks
        /// within one `data(from:)` call, so hooks run in the order keys are written.
        var sortsKeys = false
        /// Whether the elements of the collections being read that fail are left out:
        /// set while a property with ``JSONRecovery/skipsInvalidElements`` is read, and
        /// cleared for the models nested in it (see ``ElementRecovery``).
        var skipsInvalidElements = false
        /// Where the recoveries of a read that reports them go, or `nil` (see ``RecoveryLog``).
        var recoveries: RecoveryLog?
    }

    /// The read or write in progress.
    @TaskLocal static var context = Context()

    /// Runs `body` with `options`' model depth limit; `body` gets how many levels of
    /// models below the one it reads may still be read (see
    /// ``readObject(_:keys:from:levelsLeft:)``).
    ///
    /// Throws when an option is out of range.
    @inline(__always)
    static func reading<R>(with options: DecodingOptions, _ body: (_ levelsLeft: Int) throws -> R) throws -> R {
        try options.check()
        let context = self.context
        let levelsLeft = options.maximumModelDepth - context.modelDepth
        if context.maximumModelDepth == options.maximumModelDepth { return try body(levelsLeft) }
        var reading = context
        reading.maximumModelDepth = options.maximumModelDepth
        return try $context.withValue(reading) { try body(levelsLeft) }
    }

    /// Runs `body` with `options` and `sortsKeys` as the settings of the write in
    /// progress.
    ///
    /// Throws when an option is out of range.
    @inline(__always)
    static func writing<R>(with options: EncodingOptions, sortsKeys: Bool, _ body: () throws -> R) throws -> R {
        try options.check()
        let context = self.context
        if context.maximumModelDepth == options.maximumModelDepth, context.omitsNulls == options.omitsNulls,
            context.sortsKeys == sortsKeys
        {
            return try body()
        }
        var writing = context
        writing.maximumModelDepth = options.maximumModelDepth
        writing.omitsNulls = options.omitsNulls
        writing.sortsKeys = sortsKeys
        return try $context.withValue(writing, operation: body)
    }

    /// Runs `body` one model deeper, or throws when that would pass the limit of
    /// the read or write in progress: deep input is refused with an error instead
    /// of exhausting the stack, and so is a class graph with a cycle.
    ///
    /// The one check of model depth, for both directions, every decode source and
    /// both encode sinks.
    static func nested<R>(_ body: () throws -> R) throws -> R {
        var context = self.context
        context.modelDepth += 1
        // A nested model's collections follow its own recoveries, not its parent's.
        context.skipsInvalidElements = false
        guard context.modelDepth <= context.maximumModelDepth else {
            throw StrataError(
                .nestingTooDeep,
                "Models nest more than \(context.maximumModelDepth) \(context.maximumModelDepth == 1 ? "level" : "levels") deep here. Flatten the payload, or raise "
                    + "maximumModelDepth in the options; when writing, check the model graph for a cycle.")
        }
        return try $context.withValue(context, operation: body)
    }
}
