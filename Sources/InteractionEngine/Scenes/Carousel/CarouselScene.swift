/// The carousel scene: a large view of the centred picture above a
/// `CarouselStrip` of all pictures (SPEC C1-C6).
///
/// Input: a drag on the strip scrolls it with inertia and settles on the item
/// nearest the fling's projected end; the wheel (either direction) moves one
/// item per notch; a click selects an item and brings it to the centre; a
/// click on the large picture selects the centred item. Keys: Left/Right move
/// one item, Page Up/Down a strip's width, Home/End to the ends, Enter or
/// Space selects the centred item. The selection is saved and restored centred.
public final class CarouselScene: EventRecordingScene {
    public static let name = "carousel"
    public var name: String { Self.name }
    public let title = "Carousel"

    public internal(set) var strip: CarouselStrip
    /// The options at 1x layout; the strip gets them scaled with the window
    /// (`setBaseOptions(_:at:)` changes them).
    public internal(set) var baseOptions: CarouselOptions
    /// The options the scene was built with: what a tuning that leaves a key out goes back to.
    let builtOptions: CarouselOptions
    /// The selected item's id, as saved. An id the items do not know is kept
    /// (a folder may come back), but nothing is drawn as selected.
    public internal(set) var selectedID: String?
    public internal(set) var stateRevision = 0
    public var reduceMotion = false {
        didSet { strip.reduceMotion = reduceMotion }
    }
    /// The boundaries of this scene's presses.
    public internal(set) var gestureSettings = GestureSettings.standard
    /// The current geometry of the scene.
    public internal(set) var geometry: CarouselSceneGeometry

    public var items: [CarouselItem] { strip.items }

    var size: Size
    /// What the scene did since its last `update` or `tick` returned.
    var emitted: [SceneEvent] = []
    /// Whether a press holds the strip, or the strip centres a selection.
    var interaction: Interaction = .free
    /// The last click that selected an item: where, when, and which item. Not part of
    /// `interaction`: a double click is two presses, and this is what the second needs of the first.
    var lastClick: (point: Point, time: Millis, index: Int)?

    /// How presses and the strip's motion relate, one case at a time: a press that caught
    /// the strip is never also letting a selection centre.
    enum Interaction: Equatable {
        /// No press holds the strip: it rests, or moves on its own (a fling, the wheel, a
        /// key), and a press on it catches it.
        case free
        /// The strip glides to centre the item a click or Enter selected: a press lands on
        /// it without stopping it (so a second click cannot stop it between two items).
        case centringSelection
        /// The press that is down stopped the moving strip and holds it: its tap only
        /// settles it there, it never selects.
        case caughtMotion
    }

    /// Two clicks closer than this (ms) and `doubleClickDistance` (px) are one double
    /// click: the second selects what the first did, wherever the strip has moved it
    /// (GTK's defaults, gtk-double-click-time and gtk-double-click-distance; issue 22, item 4).
    public static let doubleClickInterval: Millis = 400
    public static let doubleClickDistance: Double = 5

    /// Builds the scene with `items`, restoring `state`'s selection centred.
    public init(items: [CarouselItem], state: DeckState.CarouselState? = nil,
                options: CarouselOptions = .standard, size: Size = Size(width: 480, height: 756)) {
        self.size = size
        baseOptions = options
        builtOptions = options
        geometry = CarouselSceneGeometry(size: size, options: options)
        strip = CarouselStrip(items: items, options: geometry.stripOptions, frame: geometry.strip)
        selectedID = state?.selected
        if let saved = state?.selected, let index = items.firstIndex(where: { $0.id == saved }) {
            strip.selectedIndex = index
            strip.scroll(toItem: index, animated: false, at: 0)
        }
    }

    /// Index of the selected item among `items`, when it is one of them.
    public var selectedIndex: Int? { strip.selectedIndex }

    // MARK: DeckScene

    public func resize(to size: Size, at time: Millis) {
        self.size = size
        layOut(at: time)
    }

    /// New 1x options from `time` on: lays out again, keeping the same item centred.
    public func setBaseOptions(_ options: CarouselOptions, at time: Millis) {
        baseOptions = options
        layOut(at: time)
    }

    func layOut(at time: Millis) {
        geometry = CarouselSceneGeometry(size: size, options: baseOptions)
        strip.reconfigure(options: geometry.stripOptions, frame: geometry.strip, at: time)
    }

    func receive(_ input: SceneInput) {
        switch input {
        case .gesture(let gesture):
            handle(gesture)
        case .key(let key, _, let time):
            handle(key, at: time)
        case .wheel(let delta, _, _, let time, let duringPress):
            guard !duringPress else { return }
            if interaction == .centringSelection { interaction = .free }
            switch delta {
            case .steps(let dx, let dy):
                // The vertical wheel scrolls the strip sideways too (SPEC I2).
                strip.wheel(steps: Int.clampedSum(dx, dy), at: time)
            case .pixels(let dx, let dy):
                strip.wheel(pixels: dx + dy, at: time)
            }
        case .resize(let newSize, let time):
            resize(to: newSize, at: time)
        }
    }

    func advance(to time: Millis) {
        strip.tick(at: time)
    }

    public func needsFrame(at time: Millis) -> Bool {
        strip.isAnimating(at: time)  // a press by itself draws nothing
    }

    public func save(into state: inout DeckState) {
        state.carousel = DeckState.CarouselState(selected: selectedID)
    }

    // MARK: Selection

    /// Selects item `index` and brings it to the centre (C5): emits `select`,
    /// and saves when the selection changed.
    public func select(_ index: Int, at time: Millis) {
        guard items.indices.contains(index) else { return }
        let id = items[index].id
        if id != selectedID {
            selectedID = id
            stateRevision += 1
        }
        strip.selectedIndex = index
        strip.scroll(toItem: index, animated: true, at: time)
        interaction = strip.isAnimating(at: time) ? .centringSelection : .free
        emitted.append(.select(id: id))
    }
}
