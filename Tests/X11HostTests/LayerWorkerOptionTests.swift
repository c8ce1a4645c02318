import Testing
@testable import X11Host

/// `GESTUREDECK_LAYER_WORKER` (issue 21 item 6): the machine decides unless `on` or `off` is asked for.
@Suite struct LayerWorkerOptionTests {
    @Test func autoFollowsTheMachineOnAndOffForceIt() {
        for (value, expected) in [(nil, LayerWorkerOption.auto), ("", .auto), ("auto", .auto), ("ON", .on), ("off", .off)] {
            let environment = value.map { ["GESTUREDECK_LAYER_WORKER": $0] } ?? [:]
            let (choice, warning) = LayerWorkerOption.parse(environment: environment)
            #expect(choice == expected && warning == nil, "\(String(describing: value))")
        }
        for worthwhile in [false, true] {
            #expect(LayerWorkerOption.auto.uses(isWorthwhile: worthwhile) == worthwhile)
            #expect(LayerWorkerOption.on.uses(isWorthwhile: worthwhile))
            #expect(!LayerWorkerOption.off.uses(isWorthwhile: worthwhile))
        }
    }

    @Test func anInvalidValueIsNamedInTheWarning() {
        let (choice, warning) = LayerWorkerOption.parse(environment: ["GESTUREDECK_LAYER_WORKER": "yes"])
        #expect(choice == .auto)
        #expect(warning == "gesturedeck: GESTUREDECK_LAYER_WORKER=yes is not 'auto', 'on' or 'off'; "
            + "using a worker where the machine has a core for it")
    }
}
