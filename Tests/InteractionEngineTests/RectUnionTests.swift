import InteractionEngine
import Testing

/// `Rect.union`: the smallest rectangle holding both, whichever comes first.
@Suite struct RectUnionTests {
    @Test func theUnionHoldsBothAndNoMore() {
        let a = Rect(x: 10, y: 20, width: 30, height: 40), b = Rect(x: -5, y: 50, width: 10, height: 30)
        let u = a.union(b)
        #expect(u == Rect(x: -5, y: 20, width: 45, height: 60))
        #expect(b.union(a) == u)
        #expect(a.union(a) == a)
    }
}
