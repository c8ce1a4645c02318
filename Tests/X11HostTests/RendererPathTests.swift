import Testing
@testable import X11Host
import TestSupport

/// `GESTUREDECK_RENDERER` picks the window's drawing path (issue 21): the compositor unless `direct`.
@Suite struct RendererPathTests {
    @Test func directOnlyWhenAskedFor() {
        #expect(RendererPath.from(environment: [:]) == .compositor)
        #expect(RendererPath.from(environment: ["GESTUREDECK_RENDERER": ""]) == .compositor)
        #expect(RendererPath.from(environment: ["GESTUREDECK_RENDERER": "direct"]) == .direct)
        #expect(RendererPath.from(environment: ["GESTUREDECK_RENDERER": "Direct"]) == .direct)
        #expect(RendererPath.from(environment: ["GESTUREDECK_RENDERER": "compositor"]) == .compositor)
        // Anything else is named on stderr and the default kept.
        #expect(RendererPath.from(environment: ["GESTUREDECK_RENDERER": "gpu"]) == .compositor)
    }
}
