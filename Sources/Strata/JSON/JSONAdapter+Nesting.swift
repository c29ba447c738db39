internal import StrataAtomics

extension JSONAdapter {
    /// The settings of the read or write in progress, as its nested models see them:
    /// how many models deep it is, the model depth limit its options set, and how
    /// it writes.
    ///
    /// One value for both directions, held per thread (a C11 thread-local, see
    /// `StrataCallSettings.h`): Strata's reads and writes are synchronous, so the
    /// thread that sets the settings runs everything under them, and a nested model
    /// changes its depth with two stores instead of a task-local push. A public
    /// reading or writing method sets the settings from its options and keeps the
    /// depth, so a call made inside a transformer nests under the call that runs it;
    /// each restores what it changed when it returns or throws. The engines read
    /// them once per model: ``nested(_:)`` when a model goes one level deeper, and
    /// the encode engine for `omitsNulls` and `sortsKeys`. So the
    /// ``ValueTransformer/model(_:)`` and ``ValueTransformer/models(_:)``
    /// transformers, used by default or inside a custom transformer, follow the
    /// options of the call in progress.
    struct CallSettings: Equatable {
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

        /// The settings of the call in progress on this thread: the defaults when
        /// no call is.
        @inline(__always)
        static var current: CallSettings {
            get {
                let stored = strata_call_settings()
                guard stored.is_set else { return CallSettings() }
                return CallSettings(
                    modelDepth: stored.model_depth, maximumModelDepth: stored.maximum_model_depth,
                    omitsNulls: stored.omits_nulls, sortsKeys: stored.sorts_keys)
            }
            set {
                strata_set_call_settings(
                    StrataCallSettings(
                        model_depth: newValue.modelDepth, maximum_model_depth: newValue.maximumModelDepth,
                        omits_nulls: newValue.omitsNulls, sorts_keys: newValue.sortsKeys, is_set: true))
            }
        }

        /// Runs `body` with `settings` as the current ones, then puts back these.
        @inline(__always)
        func replaced<R>(by settings: CallSettings, _ body: () throws -> R) rethrows -> R {
            if settings == self { return try body() }
            CallSettings.current = settings
            defer { CallSettings.current = self }
            return try body()
        }
    }

    /// What the collections being read do with their invalid elements, and where
    /// recoveries go: held only while a read that reports recoveries, or a property
    /// that skips invalid elements, is in progress (see ``RecoveryLog/mayBeActive``).
    struct RecoveryContext: Sendable {
        /// Whether the elements of the collections being read that fail are left out:
        /// set while a property with ``JSONRecovery/skipsInvalidElements`` is read, and
        /// cleared for the models nested in it (see ``ElementRecovery``).
        var skipsInvalidElements = false
        /// Where the recoveries of a read that reports them go, or `nil` (see ``RecoveryLog``).
        var recoveries: RecoveryLog?
    }

    /// The recoveries of the read in progress.
    @TaskLocal static var recoveryContext = RecoveryContext()

    /// Runs `body` with `options`' model depth limit; `body` gets how many levels of
    /// models below the one it reads may still be read (see
    /// ``readObject(_:keys:from:levelsLeft:streams:)``).
    ///
    /// Throws when an option is out of range.
    @inline(__always)
    static func reading<R>(with options: DecodingOptions, _ body: (_ levelsLeft: Int) throws -> R) throws -> R {
        try options.check()
        let settings = CallSettings.current
        var reading = settings
        reading.maximumModelDepth = options.maximumModelDepth
        return try settings.replaced(by: reading) { try body(options.maximumModelDepth - settings.modelDepth) }
    }

    /// Runs `body` with `options` and `sortsKeys` as the settings of the write in
    /// progress.
    ///
    /// Throws when an option is out of range.
    @inline(__always)
    static func writing<R>(with options: EncodingOptions, sortsKeys: Bool, _ body: () throws -> R) throws -> R {
        try options.check()
        let settings = CallSettings.current
        var writing = settings
        writing.maximumModelDepth = options.maximumModelDepth
        writing.omitsNulls = options.omitsNulls
        writing.sortsKeys = sortsKeys
        return try settings.replaced(by: writing, body)
    }

    /// Runs `body` one model deeper, or throws when that would pass the limit of
    /// the read or write in progress: deep input is refused with an error instead
    /// of exhausting the stack, and so is a class graph with a cycle.
    ///
    /// The one check of model depth, for both directions, every decode source and
    /// both encode sinks.
    static func nested<R>(_ body: () throws -> R) throws -> R {
        let settings = CallSettings.current
        let depth = settings.modelDepth + 1
        guard depth <= settings.maximumModelDepth else {
            throw StrataError(
                .nestingTooDeep,
                "Models nest more than \(settings.maximumModelDepth) \(settings.maximumModelDepth == 1 ? "level" : "levels") deep here. Flatten the payload, or raise "
                    + "maximumModelDepth in the options; when writing, check the model graph for a cycle.")
        }
        CallSettings.current.modelDepth = depth
        defer { strata_set_model_depth(settings.modelDepth) }
        // A nested model's collections follow its own recoveries, not its parent's.
        if RecoveryLog.mayBeActive, recoveryContext.skipsInvalidElements {
            var context = recoveryContext
            context.skipsInvalidElements = false
            return try $recoveryContext.withValue(context, operation: body)
        }
        return try body()
    }
}
