import Testing
@testable import InteractionEngine

/// Items for tests: ids `p0`, `p1`... with made-up picture paths.
func carouselTestItems(_ count: Int) -> [CarouselItem] {
    (0..<count).map { CarouselItem(id: "p\($0)", title: "Picture \($0)", imagePath: "/pictures/p\($0).png") }
}

@Suite struct CarouselLayoutTests {
    /// The seed's strip in a 480 px wide window, 150 px tall.
    static let layout = CarouselLayout(options: .standard, itemCount: 16, size: Size(width: 480, height: 150))

    /// The layout pass of `layout` at `offset`, items named by their index.
    static func items(_ layout: CarouselLayout, atOffset offset: Double) -> [LaidOutItem] {
        layout.items(atOffset: offset) { "\($0)" }
    }

    /// C3: zoom = 1 + 0.2·(1 - |d|/80) strictly inside 80 px, opaque there;
    /// at exactly 80 px and beyond, zoom 1 and alpha 0.5 (the seed's `ABS(d) < 80`).
    @Test(arguments: [
        (0.0, 1.2, 1.0, true),
        (40.0, 1.1, 1.0, true),
        (-40.0, 1.1, 1.0, true),
        (79.0, 1.0025, 1.0, true),
        (80.0, 1.0, 0.5, false),
        (-80.0, 1.0, 0.5, false),
        (120.0, 1.0, 0.5, false),
        (-500.0, 1.0, 0.5, false),
    ])
    func zoomAndAlphaTable(distance: Double, zoom: Double, alpha: Double, active: Bool) {
        let l = Self.layout
        #expect(abs(l.zoom(distance: distance) - zoom) < 1e-12)
        #expect(l.alpha(distance: distance) == alpha)
        #expect(l.isActive(distance: distance) == active)
    }

    /// C2: items are 64 wide and the strip's full height; the insets let the
    /// first and the last item reach the centre.
    @Test func insetsCentreBothEnds() {
        let l = Self.layout
        #expect(l.leadingInset == (480 - 64) / 2 && l.trailingInset == l.leadingInset)
        #expect(l.contentLength == 16 * 64 + 15 * 16)
        var axis = ScrollAxis(viewportLength: 480, contentLength: l.contentLength,
                              leadingInset: l.leadingInset, trailingInset: l.trailingInset)
        axis.scroll(to: -1e9, at: 0, animated: false)
        #expect(axis.offset(at: 0) == l.offset(centering: 0))
        axis.scroll(to: 1e9, at: 0, animated: false)
        #expect(axis.offset(at: 0) == l.offset(centering: 15))
        for index in [0, 7, 15] {
            let a = l.item(index, atOffset: l.offset(centering: index), id: "\(index)")
            #expect(a.distanceFromCentre == 0 && a.scale == 1.2 && a.opacity == 1)
            let cell = l.cell(of: index, atOffset: l.offset(centering: index))
            #expect(cell.width == 64 && cell.height == 150 && cell.minY == 0)
            #expect(a.frame == cell.scaled(by: 1.2), "drawn zoomed about the cell's centre")
        }
    }

    /// The centred item and its neighbours at rest: the neighbours sit exactly
    /// on the 80 px boundary (pitch 80), so only the centred item is lit.
    @Test func restingStripLightsOneItem() {
        let l = Self.layout
        let attributes = Self.items(l, atOffset: l.offset(centering: 5))
        let active = attributes.filter { l.isActive(distance: $0.distanceFromCentre!) }
        #expect(active.map(\.index) == [5])
        #expect(attributes.last?.index == 5, "the centred item is drawn last, on top")
        let neighbours = attributes.filter { abs($0.index - 5) == 1 }
        #expect(neighbours.count == 2 && neighbours.allSatisfy { $0.opacity == 0.5 && $0.scale == 1 })
    }

    /// Between two items both are lit; the nearer one is larger and on top.
    @Test func midScrollDrawOrder() {
        let l = Self.layout
        let attributes = Self.items(l, atOffset: l.offset(centering: 5) + 30)
        let active = attributes.filter { l.isActive(distance: $0.distanceFromCentre!) }
        #expect(Set(active.map(\.index)) == [5, 6])
        #expect(attributes.suffix(2).map(\.index) == [6, 5], "inactive first, then by zoom: 5 is nearer")
        let six = attributes.first { $0.index == 6 }
        #expect(abs((six?.scale ?? 0) - (1 + 0.2 * (1 - 50.0 / 80))) < 1e-12)
    }

    /// Only visible items are laid out: 10,000 items cost what 16 do.
    @Test func onlyVisibleItemsAreLaidOut() {
        let big = CarouselLayout(options: .standard, itemCount: 10_000, size: Size(width: 480, height: 150))
        for index in [0, 5000, 9999] {
            let attributes = Self.items(big, atOffset: big.offset(centering: index))
            #expect(attributes.count <= 480 / 80 + 3)
            #expect(attributes.contains { $0.index == index })
            for a in attributes {
                let drawn = a.frame
                #expect(drawn.maxX > 0 && drawn.minX < 480, "item \(a.index) is off screen")
            }
        }
        #expect(Self.items(big, atOffset: .infinity).isEmpty)
        #expect(Self.items(CarouselLayout(itemCount: 0, size: Size(width: 480, height: 150)), atOffset: 0).isEmpty)
    }

    /// C6: every option changes the layout.
    @Test func optionsChangeTheLayout() {
        var options = CarouselOptions(itemWidth: 100, spacing: 20, zoomFactor: 0.5, activeDistance: 40,
                                      showsTitles: false, inactiveAlpha: 0.3)
        let l = CarouselLayout(options: options, itemCount: 4, size: Size(width: 600, height: 200))
        #expect(l.pitch == 120 && l.contentLength == 4 * 100 + 3 * 20 && l.leadingInset == 250)
        #expect(l.zoom(distance: 0) == 1.5 && abs(l.zoom(distance: 20) - 1.25) < 1e-12)
        #expect(!l.isActive(distance: 40) && l.alpha(distance: 40) == 0.3)
        #expect(l.cell(of: 2, atOffset: l.offset(centering: 1)).minX == 250 + 120)

        // Nonsense options are made drawable rather than trusted.
        options = CarouselOptions(itemWidth: -5, spacing: .nan, zoomFactor: -7, activeDistance: -1, inactiveAlpha: 3)
        let safe = options.sanitized
        #expect(safe.itemWidth == 1 && safe.spacing == 16 && safe.zoomFactor == -0.9)
        #expect(safe.activeDistance == 0 && safe.inactiveAlpha == 1)
    }

    @Test func scaledOptionsScaleLengthsOnly() {
        let s = CarouselOptions.standard.scaled(by: 2)
        #expect(s.itemWidth == 128 && s.spacing == 32 && s.activeDistance == 160)
        #expect(s.zoomFactor == 0.2 && s.inactiveAlpha == 0.5 && s.showsTitles)
    }
}
