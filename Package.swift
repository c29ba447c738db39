// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Strata",
    // The deployment floor. Nothing newer is used without `if #available` and a
    // fallback (scripts/availability-audit lists what is).
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "Strata", targets: ["Strata"]),
        .executable(name: "StrataExample", targets: ["StrataExample"]),
        .executable(name: "StrataStreamExample", targets: ["StrataStreamExample"]),
        .executable(name: "strata-generate", targets: ["StrataGenerate"]),
    ],
    targets: [
        .target(name: "Strata", dependencies: ["StrataAtomics", "StrataByteScan"], swiftSettings: strictSettings),
        // Word-sized atomics from C11 <stdatomic.h>, for the caches' lock-free reads,
        // and the thread-local settings of the call in progress.
        .target(name: "StrataAtomics"),
        // Scans of a string's bytes sixteen at a time, for the JSON writer.
        .target(name: "StrataByteScan"),
        // The runnable example: maps a real JSON payload and archives a model.
        .executableTarget(
            name: "StrataExample",
            dependencies: ["Strata"],
            path: "Examples/StrataExample",
            resources: [.copy("Payloads")],
            swiftSettings: strictSettings
        ),
        // The streaming example: a generated server-sent events feed decoded event by event.
        .executableTarget(
            name: "StrataStreamExample",
            dependencies: ["Strata"],
            path: "Examples/StrataStreamExample",
            swiftSettings: strictSettings
        ),
        // strata-generate: Strata models from sample JSON payloads. The engine is a
        // library, so its tests call it; the executable only reads the command line.
        .target(name: "StrataGeneratorCore", dependencies: ["Strata"], swiftSettings: strictSettings),
        .executableTarget(name: "StrataGenerate", dependencies: ["StrataGeneratorCore"], swiftSettings: strictSettings),
        // Models shared by the tests and the DefaultsProbe process, and where the
        // tests find third-party data (SharedData).
        .target(
            name: "StrataTestSupport",
            dependencies: ["Strata"],
            path: "Tests/StrataTestSupport",
            swiftSettings: strictSettings
        ),
        // A second process for the UserDefaults round-trip test.
        .executableTarget(
            name: "DefaultsProbe",
            dependencies: ["Strata", "StrataTestSupport"],
            path: "Tests/DefaultsProbe",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataTests",
            dependencies: ["Strata", "StrataTestSupport", "DefaultsProbe"],
            swiftSettings: strictSettings
        ),
        // The generator's tests. Golden/ holds the generated models, compiled as
        // part of this target, so the build checks that they compile against Strata.
        .testTarget(
            name: "StrataGenerateTests",
            dependencies: ["Strata", "StrataGeneratorCore", "StrataTestSupport"],
            resources: [.copy("Payloads")],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
