/// Keeps `value` alive and opaque to the optimiser, so the work producing it
/// cannot be removed.
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// Times closures in batches: warm up, size a batch to `Settings.batchDuration`,
/// then take `Settings.samples` batches and keep the time per call of each.
struct Timer {
    let settings: Settings
    private let clock = ContinuousClock()

    init(_ settings: Settings) {
        self.settings = settings
    }

    /// Seconds per call of `operation`, one per sample.
    func measure(_ operation: () throws -> Void) rethrows -> [Double] {
        let batch = try batchSize(operation)
        var samples: [Double] = []
        for _ in 0..<settings.samples {
            samples.append(try time(operation, calls: batch))
        }
        return samples
    }

    /// Seconds per call of `first` and of `second`, sampled alternately.
    func compare(
        _ first: @escaping () throws -> Void, _ second: @escaping () throws -> Void
    ) throws -> (first: [Double], second: [Double]) {
        let samples = try interleave([first, second])
        return (samples[0], samples[1])
    }

    /// Seconds per call of each operation, one per sample. The operations take
    /// turns within each round, each round starting with the next one, so that a
    /// slow moment of a shared machine hits them alike.
    func interleave(_ operations: [() throws -> Void]) throws -> [[Double]] {
        var batches: [Int] = []
        for operation in operations { batches.append(try batchSize(operation)) }
        var samples = Array(repeating: [Double](), count: operations.count)
        for round in 0..<settings.samples {
            for turn in operations.indices {
                let index = (round + turn) % operations.count
                samples[index].append(try time(operations[index], calls: batches[index]))
            }
        }
        return samples
    }

    /// Runs `operation` for the warm-up time and returns how many calls fill a batch.
    private func batchSize(_ operation: () throws -> Void) rethrows -> Int {
        var calls = 0
        let start = clock.now
        repeat {
            try operation()
            calls += 1
        } while clock.now - start < settings.warmUp
        let perCall = seconds(clock.now - start) / Double(calls)
        return max(1, Int(seconds(settings.batchDuration) / perCall))
    }

    private func time(_ operation: () throws -> Void, calls: Int) rethrows -> Double {
        let start = clock.now
        for _ in 0..<calls { try operation() }
        return seconds(clock.now - start) / Double(calls)
    }

    private func seconds(_ duration: Duration) -> Double {
        let (whole, fraction) = duration.components
        return Double(whole) + Double(fraction) * 1e-18
    }
}
