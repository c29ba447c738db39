// swift-tools-version: 6.0
import PackageDescription

// Strata's benchmark: a separate package, so that the library itself keeps no
// dependency and its build is not slowed by the benchmark.
//
//     swift run -c release --package-path Benchmarks StrataBenchmarks
//     swift run --package-path Benchmarks StrataBenchmarks --quick     # smoke run, checks results
let package = Package(
    name: "StrataBenchmarks",
    dependencies: [.package(name: "Strata", path: "..")],
    targets: [
        .executableTarget(
            name: "StrataBenchmarks",
            dependencies: [.product(name: "Strata", package: "Strata")],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
