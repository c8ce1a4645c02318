/// Pictures opened while the deck runs (a folder or files dropped on the window):
/// the carousel's pictures are swapped and the carousel is shown.
extension Deck {
    /// Shows `items` in the carousel from `time` on and switches to it; false (nothing
    /// changed) when `items` is empty or the deck has no carousel.
    ///
    /// The carousel keeps its saved selection: when the selected id is among `items` it
    /// stays selected and centred, otherwise nothing is drawn selected and the strip starts
    /// at the first picture. Nothing is saved by the swap itself; a later click or Enter
    /// selects one of the new pictures and saves its id, as with `--pictures`.
    /// Emits `pictures` (`count`, `first`: the first item's id).
    @discardableResult
    public func showPictures(_ items: [CarouselItem], at time: Millis) -> Bool {
        guard !items.isEmpty, let carousel = scenes.lazy.compactMap({ $0 as? CarouselScene }).first else { return false }
        cancelPress(at: time)
        withAnimationClock { carousel.replaceItems(items, tuning: tuning, at: time) }
        switchTo(CarouselScene.name, at: time)
        emit(DeckEvent("pictures", ["count": .int(items.count), "first": .string(items[0].id)]))
        return true
    }
}

extension CarouselScene {
    /// A new strip of `items` in the current layout, with the tuning in force and the
    /// saved selection kept when it is one of them.
    func replaceItems(_ items: [CarouselItem], tuning: Tuning, at time: Millis) {
        var replacement = CarouselStrip(items: items, options: geometry.stripOptions, frame: geometry.strip)
        replacement.reduceMotion = reduceMotion
        let kept = selectedID.flatMap { id in items.firstIndex { $0.id == id } }
        replacement.selectedIndex = kept
        replacement.scroll(toItem: kept ?? 0, animated: false, at: time)
        strip = replacement
        apply(tuning, at: time)
    }
}
