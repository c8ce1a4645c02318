/// The carousel's declared tunables (SPEC C2-C4, C6): its `CarouselOptions` and the settle spring.
public enum CarouselTunables {
    public static let itemSize = "carousel.itemSize"
    public static let spacing = "carousel.spacing"
    /// The centre item's scale, 1 + the seed's ScaleFactor.
    public static let zoom = "carousel.zoom"
    public static let activeDistance = "carousel.activeDistance"
    public static let sideAlpha = "carousel.sideAlpha"
    public static let settle = "carousel.settleSpring"

    public static let table: TunableTable = {
        let d = CarouselOptions.standard
        var list = [
            Tunable(key: itemSize, label: "Item size", group: "Carousel", spec: "C2", unit: .px,
                    default: d.itemWidth, Provenance(.seed, "sizeForItemAtIndexPath 64"), range: 16...200, step: 2),
            Tunable(key: spacing, label: "Spacing", group: "Carousel", spec: "C2", unit: .px,
                    default: d.spacing, Provenance(.gesturedeck, "pitch = active distance"), range: 0...100, step: 1),
            Tunable(key: zoom, label: "Centre zoom", group: "Carousel", spec: "C3", unit: .ratio,
                    default: 1 + d.zoomFactor, Provenance(.seed, "ScaleFactor 0.2"), range: 1...3, step: 0.05),
            Tunable(key: activeDistance, label: "Active distance", group: "Carousel", spec: "C3", unit: .px,
                    default: d.activeDistance, Provenance(.seed, "ActiveDistance 80"), range: 1...400, step: 5),
            Tunable(key: sideAlpha, label: "Side alpha", group: "Carousel", spec: "C3", unit: .ratio,
                    default: d.inactiveAlpha, Provenance(.seed, "attributes.alpha = 0.5"), range: 0...1, step: 0.05),
        ]
        list += Tunable.spring(settle, label: "Settle", spec: "C4", default: CarouselStrip.Metrics.settleSpring,
                               Provenance(.gesturedeck, "critically damped 225"))
        return TunableTable(list)
    }()

    /// `base` with the values `tuning` sets (a key it leaves out keeps `base`'s value, so the
    /// options a scene was built with stay; titles shown or not are not tunable).
    public static func options(_ tuning: Tuning, base: CarouselOptions) -> CarouselOptions {
        var o = base
        func set(_ key: String, _ apply: (Double) -> Void) {
            if tuning[key] != nil, let t = table[key] { apply(tuning.value(t)) }
        }
        set(itemSize) { o.itemWidth = $0 }
        set(spacing) { o.spacing = $0 }
        set(zoom) { o.zoomFactor = $0 - 1 }
        set(activeDistance) { o.activeDistance = $0 }
        set(sideAlpha) { o.inactiveAlpha = $0 }
        return o
    }
}

extension CarouselScene: TunableScene {
    public static var tunables: TunableTable { CarouselTunables.table }

    /// Takes the carousel's and the engine's values from `tuning`: a new layout keeps the
    /// same item centred (a settle in flight restarts from where the strip is).
    public func apply(_ tuning: Tuning, at time: Millis) {
        gestureSettings = EngineTunables.gestureSettings(tuning)
        strip.settleSpring = tuning.spring(CarouselTunables.settle, in: CarouselTunables.table,
                                           default: CarouselStrip.Metrics.settleSpring)
        strip.applyEngine(tuning)
        let options = CarouselTunables.options(tuning, base: builtOptions)
        if options != baseOptions { setBaseOptions(options, at: time) }
    }
}
