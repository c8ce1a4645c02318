/// The edge resistance applied when content is dragged past its bounds.
///
/// `b = (1 - 1 / (x * c / d + 1)) * d`: the first pixels follow the finger
/// almost 1:1 (slope `c`), and the result never reaches `d` however far the
/// pointer goes (the UIScrollView rubber band).
public enum RubberBand {
    /// The default coefficient, as in UIKit.
    public static let defaultCoefficient = 0.55

    /// The visible overscroll for a raw overscroll `x`, with limit `dimension`.
    ///
    /// Odd in `x` (`offset(-x) == -offset(x)`); 0 when `dimension <= 0`.
    public static func offset(_ x: Double, dimension d: Double,
                              coefficient c: Double = defaultCoefficient) -> Double {
        guard d > 0, d.isFinite, c > 0, x.isFinite else {
            if x.isInfinite, d > 0, d.isFinite { return x > 0 ? d : -d }
            return 0
        }
        if x < 0 { return -offset(-x, dimension: d, coefficient: c) }
        return (1 - 1 / (x * c / d + 1)) * d
    }

    /// The raw overscroll that `offset` maps onto `banded`: its inverse.
    ///
    /// `banded` is clamped just inside `(-dimension, dimension)` so the result
    /// stays finite; 0 when `dimension <= 0`.
    public static func inverse(_ banded: Double, dimension d: Double,
                               coefficient c: Double = defaultCoefficient) -> Double {
        guard d > 0, d.isFinite, c > 0, banded.isFinite else { return 0 }
        if banded < 0 { return -inverse(-banded, dimension: d, coefficient: c) }
        let b = min(banded, d * 0.999)
        return b * d / (c * (d - b))
    }
}
