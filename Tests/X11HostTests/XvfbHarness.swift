import Testing
import TestSupport

// The harness itself (Xvfb, AppProcess, scratch folders) lives in Tests/TestSupport.

/// Every test that drives the real window, one at a time: they share two cores
/// and press-and-hold timing must not starve. Scene files add tests with
/// `extension XvfbTests { @Test func ... }`.
@Suite(.serialized) struct XvfbTests {}
