import CairoRenderer
import Testing
@testable import X11Host

/// `GESTUREDECK_LAYER_WORKER` (issue 21 item 6): the machine decides (a worker with a core for it,
/// else the slack between frames) unless `on`, `off` or `slack` is asked for.
@Suite struct LayerWorkerOptionTests {
    @Test func autoFollowsTheMachineTheOthersForceTheirPlace() {
        for (value, expected) in [(nil, LayerWorkerOption.auto), ("", .auto), ("auto", .auto), ("ON", .on), ("off", .off),
                                  ("Slack", .slack)] {
            let environment = value.map { ["GESTUREDECK_LAYER_WORKER": $0] } ?? [:]
            let (choice, warning) = LayerWorkerOption.parse(environment: environment)
            #expect(choice == expected && warning == nil, "\(String(describing: value))")
        }
        for worthwhile in [false, true] {
            #expect(LayerWorkerOption.auto.rasterising(isWorthwhile: worthwhile) == (worthwhile ? .worker : .slack))
            #expect(LayerWorkerOption.on.rasterising(isWorthwhile: worthwhile) == .worker)
            #expect(LayerWorkerOption.off.rasterising(isWorthwhile: worthwhile) == .inFrame)
            #expect(LayerWorkerOption.slack.rasterising(isWorthwhile: worthwhile) == .slack)
        }
        #expect(CairoRenderer.standardLayerRasterising == LayerWorkerOption.auto.rasterising(isWorthwhile: CairoRenderer.workerIsWorthwhile))
    }

    @Test func anInvalidValueIsNamedInTheWarning() {
        let (choice, warning) = LayerWorkerOption.parse(environment: ["GESTUREDECK_LAYER_WORKER": "yes"])
        #expect(choice == .auto)
        #expect(warning == "gesturedeck: GESTUREDECK_LAYER_WORKER=yes is not 'auto', 'on', 'off' or 'slack'; "
            + "using a worker where the machine has a core for it, else the slack between frames")
    }
}
