/// A horizontal strip of pictures that zooms the ones near its centre and
/// always comes to rest with one item exactly centred (SPEC C2-C6).
///
/// A reusable component: a scene gives it items, options and a frame, feeds it
/// drags, wheel input and commands, and has it drawn into a display list
/// (`render(into:at:)`, in CarouselView.swift: this file is geometry and motion only). It owns a horizontal `ScrollAxis` whose snap hook picks the item
/// nearest a fling's projected resting point, so a release, a wheel notch or
/// a pause in smooth wheel input ends in one smooth motion onto an item, never
/// a landing followed by a correction. The strip draws items only; the host
/// draws whatever background it likes behind `frame`.
public struct CarouselStrip: Sendable {
    /// Proportions of an item's content, in px for a 64 px item (they scale with `itemWidth`).
    public enum Metrics {
        /// Gap between the picture and its name (seed: 10, here slightly tighter).
        public static let titleGap = 8.0
        /// Height of the name's line box.
        public static let titleHeight = 18.0
        /// Size of the name's font.
        public static let titleFontSize = 11.5
        /// Corner radius of the picture (about 22 %, an app-icon shape).
        public static let cornerRadius = 14.0
        /// Blur and drop of the picture's shadow.
        public static let shadowBlur = 6.0
        public static let shadowDrop = 2.0
        /// How far the selection ring stands off the picture, and its width.
        public static let ringGap = 4.0
        public static let ringWidth = 2.5
        /// The item width these numbers are given for.
        public static let referenceWidth = 64.0
        /// A release settles on the nearest item on this critically damped spring
        /// (ω = 15/s), carrying the release velocity: a 3000 px/s flick travels about
        /// 200 px (2-3 items) and rests within 0.5 px in 0.3-0.5 s, where UIKit's
        /// 0.998/ms decay took about 3 s (issue 22, item 9).
        public static let settleSpring = SpringDescription.withDampingRatio(stiffness: 225, ratio: 1)
        /// Measured: a 2000 px/s fling from a centred item is within 0.5 px of its
        /// resting item after this many seconds (checked in a test).
        public static let settleTime = 0.46
    }

    public private(set) var items: [CarouselItem]
    /// Where the strip sits in its host's coordinates.
    public private(set) var frame: Rect
    public private(set) var layout: CarouselLayout
    /// The scroll model; read it for offsets, drive it through the strip.
    public private(set) var scroll: ScrollAxis
    /// The item drawn with a selection ring, if any.
    public var selectedIndex: Int?
    /// When true, every motion jumps to its end.
    public var reduceMotion: Bool {
        get { scroll.reduceMotion }
        set { scroll.reduceMotion = newValue }
    }

    /// The look and behaviour; `reconfigure(options:frame:at:)` changes it (a relayout needs a time).
    public var options: CarouselOptions { layout.options }

    public init(items: [CarouselItem], options: CarouselOptions = .standard, frame: Rect = .zero) {
        self.items = items
        self.frame = frame
        layout = CarouselLayout(options: options, itemCount: items.count, size: frame.size)
        scroll = ScrollAxis()
        configureAxis()
        scroll.scroll(to: layout.offset(centering: 0), at: 0, animated: false)
    }

    // MARK: Layout

    /// Moves or resizes the strip, keeping the item that was heading for the centre centred.
    public mutating func setFrame(_ newFrame: Rect, at time: Millis) {
        reconfigure(options: layout.options, frame: newFrame, at: time)
    }

    /// Sets options and frame together (one relayout).
    public mutating func reconfigure(options: CarouselOptions, frame newFrame: Rect, at time: Millis) {
        let keep = targetIndex(at: time) ?? 0
        frame = newFrame
        layout = CarouselLayout(options: options, itemCount: items.count, size: newFrame.size)
        configureAxis()
        scroll.scroll(to: layout.offset(centering: keep), at: time, animated: false)
    }

    private mutating func configureAxis() {
        scroll.viewportLength = layout.size.width
        scroll.contentLength = layout.contentLength
        scroll.leadingInset = layout.leadingInset
        scroll.trailingInset = layout.trailingInset
        scroll.wheelStep = layout.pitch
        scroll.snap = ScrollAxis.snapToMultiples(of: layout.pitch, origin: layout.offset(centering: 0))
        scroll.settleSpring = settleSpring
    }

    /// The spring a settle rides to the chosen item (tunable `carousel.settleSpring`).
    public var settleSpring: SpringDescription = Metrics.settleSpring {
        didSet { scroll.settleSpring = settleSpring }
    }

    /// Sets the engine's scrolling values of `tuning` (deceleration, rubber band, bounce).
    public mutating func applyEngine(_ tuning: Tuning) {
        EngineTunables.apply(tuning, to: &scroll)
        scroll.settleSpring = settleSpring
    }

    // MARK: Reading

    /// The scroll offset at `time`.
    public func offset(at time: Millis) -> Double { scroll.offset(at: time) }

    /// The strip position in items at `time` (2.5: halfway between the third and fourth item).
    public func position(at time: Millis) -> Double { layout.position(atOffset: offset(at: time)) }

    /// The item nearest the centre right now.
    public func centredIndex(at time: Millis) -> Int? { layout.index(nearestOffset: offset(at: time)) }

    /// The item the current motion will come to rest on (the centred one at rest).
    public func targetIndex(at time: Millis) -> Int? {
        layout.index(nearestOffset: scroll.projectedRestingOffset(at: time))
    }

    /// True while the strip moves on its own or a wheel snap is due.
    public func isAnimating(at time: Millis) -> Bool { scroll.isAnimating(at: time) }

    /// True between `beginDrag` and `endDrag`.
    public var isDragging: Bool { scroll.isDragging }

    /// The visible items at `time`, in drawing order, in strip coordinates.
    public func visibleItems(at time: Millis) -> [LaidOutItem] {
        layout.items(atOffset: offset(at: time)) { items.indices.contains($0) ? items[$0].id : nil }
    }

    /// The item under `point` (host coordinates) at `time`: the topmost zoomed
    /// cell containing it, within the strip's frame.
    public func itemIndex(at point: Point, time: Millis) -> Int? {
        guard frame.contains(point) else { return nil }
        let local = Point(x: point.x - frame.minX, y: point.y - frame.minY)
        return visibleItems(at: time).reversed().first { $0.frame.contains(local) }?.index
    }

    // MARK: Input

    /// Starts following the pointer, catching any motion where it is.
    public mutating func beginDrag(at time: Millis) {
        scroll.beginDrag(at: time)
    }

    /// Follows the pointer: `translation` is its x displacement since the drag began.
    public mutating func drag(translation: Double, at time: Millis) {
        scroll.drag(translation: translation, at: time)
    }

    /// Releases the drag with the pointer's x velocity (px/s): the fling's
    /// resting point is projected and the item nearest it is reached in one motion.
    public mutating func endDrag(velocity: Double, at time: Millis) {
        scroll.endDrag(velocity: velocity, at: time)
    }

    /// Moves by whole wheel notches, one item each (positive: towards the end).
    public mutating func wheel(steps: Int, at time: Millis) {
        scroll.wheel(steps: steps, at: time)
    }

    /// Moves by smooth wheel pixels at once; settles on an item once they pause.
    public mutating func wheel(pixels: Double, at time: Millis) {
        scroll.wheel(pixels: pixels, at: time)
    }

    /// Brings item `index` (clamped) to the centre.
    public mutating func scroll(toItem index: Int, animated: Bool, at time: Millis) {
        guard !items.isEmpty else { return }
        let clamped = min(max(index, 0), items.count - 1)
        scroll.scroll(to: layout.offset(centering: clamped), at: time, animated: animated)
    }

    /// Advances the motion to `time`.
    public mutating func tick(at time: Millis) {
        scroll.tick(at: time)
    }
}
