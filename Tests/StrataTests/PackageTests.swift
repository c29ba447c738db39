import Testing
@testable import Strata

@Test func packageBuilds() { #expect(Bool(true)) }
