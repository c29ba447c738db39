// swift-tools-version: 6.0
import PackageDescription

let strictSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Strata",
    products: [
        .library(name: "Strata", targets: ["Strata"]),
        .executable(name: "StrataExample", targets: ["StrataExample"]),
    ],
    targets: [
        .target(name: "Strata", swiftSettings: strictSettings),
        // The runnable example: maps a real JSON payload and archives a model.
        .executableTarget(
            name: "StrataExample",
            dependencies: ["Strata"],
            path: "Examples/StrataExample",
            resources: [.copy("Payloads")],
            swiftSettings: strictSettings
        ),
        // A second process for the UserDefaults round-trip test.
        .executableTarget(
            name: "DefaultsProbe",
            dependencies: ["Strata"],
            path: "Tests/DefaultsProbe",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataTests",
            dependencies: ["Strata", "DefaultsProbe"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
