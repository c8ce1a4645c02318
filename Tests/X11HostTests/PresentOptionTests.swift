import Testing
@testable import X11Host

/// `GESTUREDECK_PRESENT` (issue 21 item 8): Present unless `off`; anything else is named and Present kept.
@Suite struct PresentOptionTests {
    @Test func presentUnlessOff() {
        for (value, expected) in [(nil, PresentOption.on), ("", .on), ("on", .on), ("ON", .on), ("off", .off), ("Off", .off)] {
            let environment = value.map { ["GESTUREDECK_PRESENT": $0] } ?? [:]
            let (option, warning) = PresentOption.parse(environment: environment)
            #expect(option == expected && warning == nil, "\(String(describing: value))")
        }
    }

    @Test func anInvalidValueIsNamedInTheWarning() {
        for value in ["maybe", "0", "false"] {
            let (option, warning) = PresentOption.parse(environment: ["GESTUREDECK_PRESENT": value])
            #expect(option == .on)
            #expect(warning == "gesturedeck: GESTUREDECK_PRESENT=\(value) is not 'on' or 'off'; using Present")
        }
    }
}
