/// Tuning constants shared by the tap, hold and pan recognizers.
public struct GestureSettings: Sendable, Hashable {
    /// How long (ms) a press must stay put before a hold begins (UIKit's
    /// `UILongPressGestureRecognizer.minimumPressDuration`, 0.5 s).
    public var holdDuration: Millis
    /// How far (px) the pointer may wander from the press point and still be a
    /// hold or a tap (UIKit's `allowableMovement`, 10 pt).
    public var holdAllowableMovement: Double
    /// How far (px) the pointer must travel from the press point before a pan
    /// begins.
    ///
    /// 10 px sits inside the 8-16 px range of UIKit and libadwaita (16). It
    /// equals `holdAllowableMovement` on purpose: the move that kills the hold
    /// is the move that starts the pan, so no press falls into a gap where it is
    /// neither (a 12 px move before 0.5 s scrolls).
    public var panSlop: Double
    /// The longest press (ms, exclusive) that still counts as a tap.
    public var tapMaxDuration: Millis

    public init(holdDuration: Millis = 500, holdAllowableMovement: Double = 10,
                panSlop: Double = 10, tapMaxDuration: Millis = 500) {
        self.holdDuration = holdDuration
        self.holdAllowableMovement = holdAllowableMovement
        self.panSlop = panSlop
        self.tapMaxDuration = tapMaxDuration
    }

    /// The defaults: 500 ms hold, 10 px allowable movement, 10 px slop, 500 ms tap.
    public static let standard = GestureSettings()
}
