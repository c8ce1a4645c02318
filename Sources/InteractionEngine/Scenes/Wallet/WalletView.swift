/// Draws wallet cards: the face (gradient, bank, brand, masked number, holder,
/// chip, expiry) and, when a card is taller than a face, the details sheet
/// below it (holder, expiry, recent transactions).
///
/// Everything a stacked card needs to be told apart sits in its top 100 px,
/// the strip that shows between the cards above and below it.
enum WalletCardPainter {
    /// Inner padding of the face.
    static let padding: Double = 20
    /// Height of one transaction row on the details sheet.
    static let rowHeight: Double = 50
    /// px from the face's top to the bottom of its lower half (the expiry, 168 + 18): a face at
    /// least this tall holds the chip, the contactless mark and the expiry. A face is shorter than
    /// a card only while a press shrinks it (to 194 px, `WalletMetrics.holdFeedbackScale`); the
    /// bottom card's lower half shows, and it used to lose them once 0.5 px shorter than a card.
    static let lowerHalfBottom: Double = 186

    static let restingShadow = (blur: 8.0, offset: Point(x: 0, y: 1), color: Color.black.withAlpha(0.2))
    static let liftedShadow = (blur: 20.0, offset: Point(x: 0, y: 10), color: Color.black.withAlpha(0.3))
    static var sheetColor: Color { Theme.surface }
    static var incomeColor: Color { Palette.current.positive }

    /// Draws `card` in `frame` (any height: 200 in the stack, taller when expanded).
    ///
    /// A card on its way to or from `sheetHeight` (the expanded frame's height) is a reveal: its
    /// details sheet is laid out at that height and clipped to the animated frame, so the sheet's
    /// content stays the same from frame to frame and a compositor can rasterise it once
    /// (issue 21 item 5). At its full height it is drawn as a sheet of its own frame.
    static func paint(_ card: WalletCard, in frame: Rect, lifted: Bool, sheetHeight: Double = 0,
                      into list: inout DisplayList) {
        guard frame.isFinite, frame.width > 1, frame.height > 1 else { return }
        let radius = WalletMetrics.cornerRadius
        let shadow = lifted ? liftedShadow : restingShadow
        list.append(.shadow(frame, cornerRadius: radius, blur: shadow.blur, offset: shadow.offset, color: shadow.color))
        let face = Rect(x: frame.minX, y: frame.minY, width: frame.width,
                        height: min(frame.height, WalletMetrics.cardHeight))
        if frame.height > face.height + 0.5 {
            let sheet = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: max(frame.height, sheetHeight))
            if sheet.height > frame.height + 0.5 {
                list.clipped(to: frame, cornerRadius: radius) { list in
                    list.append(.fillRect(sheet, .solid(sheetColor), cornerRadius: radius))
                    paintDetails(card, below: face, in: sheet, into: &list)
                }
            } else {
                list.append(.fillRect(frame, .solid(sheetColor), cornerRadius: radius))
                list.clipped(to: frame, cornerRadius: radius) { list in
                    paintDetails(card, below: face, in: frame, into: &list)
                }
            }
        }
        paintFace(card, in: face, into: &list)
    }

    // MARK: Face

    private static func paintFace(_ card: WalletCard, in face: Rect, into list: inout DisplayList) {
        let radius = WalletMetrics.cornerRadius
        let (from, to) = card.gradient
        list.append(.fillRect(face, .diagonalGradient(from: from, to: to), cornerRadius: radius))
        list.clipped(to: face, cornerRadius: radius) { list in
            // Two soft discs of light: the sheen of a printed card.
            list.append(.fillCircle(center: Point(x: face.maxX - 30, y: face.minY - 20), radius: 150,
                                    .solid(Color.white.withAlpha(0.06))))
            list.append(.fillCircle(center: Point(x: face.maxX + 40, y: face.maxY + 30), radius: 170,
                                    .solid(Color.white.withAlpha(0.045))))
        }
        list.append(.strokeRect(face.insetBy(dx: 0.5, dy: 0.5), Color.white.withAlpha(card.isLight ? 0.6 : 0.14),
                                lineWidth: 1, cornerRadius: radius - 0.5))

        let ink = card.isLight ? Color(rgb: 0x1C1C1E) : Color.white
        let soft = ink.withAlpha(0.72)
        let x = face.minX + padding, inner = face.width - 2 * padding
        let brandWidth = min(120, inner * 0.4)

        // The strip (top 100 px): bank and brand, product, number and holder.
        list.append(.text(card.bank, Rect(x: x, y: face.minY + 12, width: inner - brandWidth - 8, height: 26),
                          TextStyle(size: 18, weight: .bold, color: ink)))
        list.append(.text(card.brand.uppercased(), Rect(x: face.maxX - padding - brandWidth, y: face.minY + 12,
                                                        width: brandWidth, height: 26),
                          TextStyle(size: 15, weight: .bold, color: ink, alignment: .trailing)))
        list.append(.text(card.name, Rect(x: x, y: face.minY + 38, width: inner, height: 18),
                          TextStyle(size: 12, color: soft)))
        list.append(.text(card.number, Rect(x: x, y: face.minY + 62, width: inner * 0.5, height: 24),
                          TextStyle(size: 17, weight: .medium, color: ink, monospace: true)))
        list.append(.text(card.holder, Rect(x: x + inner * 0.5, y: face.minY + 62, width: inner * 0.5, height: 24),
                          TextStyle(size: 12, weight: .medium, color: soft, alignment: .trailing)))

        // The lower half: chip, contactless mark, expiry.
        guard face.height >= lowerHalfBottom else { return }
        let chip = Rect(x: x, y: face.minY + 112, width: 42, height: 31)
        list.append(.fillRect(chip, .diagonalGradient(from: Color(rgb: 0xF3D98B), to: Color(rgb: 0xB8923A)),
                              cornerRadius: 6))
        let seam = Color(rgb: 0x8A6A22).withAlpha(0.55)
        list.append(.line(from: Point(x: chip.minX, y: chip.midY), to: Point(x: chip.maxX, y: chip.midY), seam, width: 1))
        list.append(.line(from: Point(x: chip.midX, y: chip.minY + 6), to: Point(x: chip.midX, y: chip.maxY - 6),
                          seam, width: 1))
        list.append(.strokeRect(chip.insetBy(dx: 9, dy: 6), seam, lineWidth: 1, cornerRadius: 3))
        let waves = Point(x: chip.maxX + 12, y: chip.midY)
        list.clipped(to: Rect(x: waves.x, y: waves.y - 16, width: 20, height: 32)) { list in
            for r in [5.0, 9.5, 14] {
                list.append(.strokeCircle(center: waves, radius: r, soft, lineWidth: 1.8))
            }
        }
        list.append(.text("VALID THRU", Rect(x: x, y: face.minY + 156, width: 90, height: 12),
                          TextStyle(size: 8, weight: .medium, color: soft)))
        list.append(.text(card.expiry, Rect(x: x, y: face.minY + 168, width: 90, height: 18),
                          TextStyle(size: 14, weight: .medium, color: ink, monospace: true)))
    }

    // MARK: Details sheet

    /// The sheet's fonts, which no face uses (issue 21: the expand's first frame paid 8 ms to
    /// load them): the host loads them in idle moments. `WalletFontWarmupTests` checks
    /// that an expanded card draws no font outside these and the resting stack's.
    static let sheetFonts: [TextFont] = [
        TextFont(size: 10.5, weight: .medium), TextFont(size: 13.5, weight: .medium),
        TextFont(size: 13.5, weight: .medium, monospace: true), TextFont(size: 14, weight: .bold),
        TextFont(size: 13), TextFont(size: 14), TextFont(size: 11.5), TextFont(size: 14, weight: .medium),
    ]

    /// The sheet under an expanded face: number, holder and expiry, then the
    /// recent transactions, as far as the frame reaches.
    private static func paintDetails(_ card: WalletCard, below face: Rect, in frame: Rect,
                                     into list: inout DisplayList) {
        let x = frame.minX + padding, inner = frame.width - 2 * padding
        var y = face.maxY + 18
        let label = TextStyle(size: 10.5, weight: .medium, color: Theme.secondaryText)
        let value = TextStyle(size: 13.5, weight: .medium, color: Theme.text)
        let columns: [(String, String, Bool)] = [
            ("CARD NUMBER", card.number, true), ("CARD HOLDER", card.holder, false), ("EXPIRES", card.expiry, true),
        ]
        let column = inner / Double(columns.count)
        for (i, (title, text, mono)) in columns.enumerated() {
            let cx = x + Double(i) * column
            list.append(.text(title, Rect(x: cx, y: y, width: column - 6, height: 14), label))
            var style = value
            style.monospace = mono
            list.append(.text(text, Rect(x: cx, y: y + 16, width: column - 6, height: 20), style))
        }
        y += 50
        list.append(.line(from: Point(x: x, y: y), to: Point(x: x + inner, y: y), Theme.separator, width: 1))
        y += 12
        list.append(.text("最近交易  Recent transactions", Rect(x: x, y: y, width: inner, height: 22),
                          TextStyle(size: 14, weight: .bold, color: Theme.text)))
        y += 30
        let accent = card.gradient.from
        for transaction in card.transactions {
            guard y < frame.maxY else { break }
            paintTransaction(transaction, currency: card.currency ?? "¥", accent: accent,
                             in: Rect(x: x, y: y, width: inner, height: rowHeight), into: &list)
            y += rowHeight
        }
        if card.transactions.isEmpty {
            list.append(.text("No recent transactions", Rect(x: x, y: y, width: inner, height: 22),
                              TextStyle(size: 13, color: Theme.secondaryText)))
        }
    }

    private static func paintTransaction(_ t: WalletTransaction, currency: String, accent: Color, in row: Rect,
                                         into list: inout DisplayList) {
        let badge = Point(x: row.minX + 17, y: row.midY)
        list.append(.fillCircle(center: badge, radius: 17, .solid(accent.withAlpha(Palette.current.tintFillAlpha))))
        let initial = t.merchant.first.map { String($0).uppercased() } ?? "·"
        list.append(.text(initial, Rect(x: badge.x - 17, y: badge.y - 11, width: 34, height: 22),
                          TextStyle(size: 14, weight: .bold, color: Palette.current.ink(onTint: accent), alignment: .center)))
        let textX = row.minX + 46
        let amountWidth: Double = 120
        let income = t.amount > 0
        list.append(.text(t.merchant, Rect(x: textX, y: row.minY + 7, width: row.maxX - textX - amountWidth - 8, height: 20),
                          TextStyle(size: 14, color: Theme.text)))
        list.append(.text(t.date, Rect(x: textX, y: row.minY + 26, width: 160, height: 16),
                          TextStyle(size: 11.5, color: Theme.secondaryText)))
        list.append(.text(WalletMoney.format(t.amount, currency: currency),
                          Rect(x: row.maxX - amountWidth, y: row.minY + 7, width: amountWidth, height: 20),
                          TextStyle(size: 14, weight: .medium, color: income ? incomeColor : Theme.text,
                                    alignment: .trailing)))
        list.append(.line(from: Point(x: textX, y: row.maxY - 0.5), to: Point(x: row.maxX, y: row.maxY - 0.5),
                          Theme.separator.withAlpha(0.6), width: 1))
    }

    // MARK: Overlays

    /// The keyboard focus ring (I3) around a card.
    static func paintFocusRing(around frame: Rect, into list: inout DisplayList) {
        list.append(.strokeRect(frame.insetBy(dx: -3.5, dy: -3.5), Theme.focusRing, lineWidth: 3,
                                cornerRadius: WalletMetrics.cornerRadius + 3.5))
    }

    /// What an empty wallet shows.
    static func paintEmpty(in viewport: Rect, into list: inout DisplayList) {
        list.append(.text("No cards", viewport, TextStyle(size: 15, color: Theme.secondaryText, alignment: .center)))
    }
}

/// Money as the details sheet prints it: "−¥38.00", "+$1,500.00".
enum WalletMoney {
    static func format(_ amount: Double, currency: String) -> String {
        guard amount.isFinite else { return currency + "—" }
        let cents = Int((abs(amount) * 100).rounded())
        var whole = String(cents / 100)
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole = String(whole.dropLast(3))
        }
        let fraction = cents % 100
        let sign = amount < 0 ? "−" : amount > 0 ? "+" : ""
        return sign + currency + whole + grouped + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}

/// The wallet's drawing: the cards that show, bottom to top, and the keyboard focus ring.
extension WalletScene {
    public func render(at time: Millis) -> DisplayList {
        var list = DisplayList()
        guard !cards.isEmpty else {
            WalletCardPainter.paintEmpty(in: Rect(origin: .zero, size: layout.viewport), into: &list)
            return list
        }
        let drawn = drawnCards(at: time)
        for card in drawn {
            guard let slot = slotByID[card.id] else { continue }
            // A card at the stack's width that is taller than a face is expanding or collapsing:
            // its sheet is revealed at the expanded height. A lifted or pressed card is scaled (its
            // width too), so its sheet follows its frame.
            let revealing = !card.isLifted && abs(card.frame.width - layout.cardWidth) < WalletMetrics.revealWidthSnap
            WalletCardPainter.paint(cards[slot], in: revealing ? revealFrame(card.frame) : card.frame,
                                    lifted: card.isLifted,
                                    sheetHeight: revealing ? layout.expandedFrame.height : 0, into: &list)
        }
        if case .stack = mode, let ring = focusRingFrame(in: drawn) {
            WalletCardPainter.paintFocusRing(around: ring, into: &list)
        }
        return list
    }

    /// A revealing card's frame at the stack's exact width, about the same centre: the tap's hold
    /// feedback leaves the expanding card a few thousandths of a pixel narrower, which its spring
    /// takes back over 20 frames, and a face or sheet whose size changes at all is a new layer
    /// (drawn afresh, never copied) in each of them (issue 21 item 5). A face taller than a card
    /// only: a card in the stack keeps its frame.
    func revealFrame(_ frame: Rect) -> Rect {
        guard frame.height > WalletMetrics.cardHeight + 0.5, frame.width != layout.cardWidth else { return frame }
        let width = layout.cardWidth
        return Rect(x: frame.midX - width / 2, y: frame.minY, width: width, height: frame.height)
    }

    /// The part of the focused card that shows (down to the top of the card
    /// drawn over it), for the focus ring; nil when it is not drawn.
    private func focusRingFrame(in drawn: [LaidOutItem]) -> Rect? {
        guard let index = drawn.firstIndex(where: { $0.id == focusedID && !$0.isLifted }) else { return nil }
        let frame = drawn[index].frame
        var bottom = frame.maxY
        for above in drawn[(index + 1)...] where above.frame.minY > frame.minY && above.frame.minX < frame.maxX
            && above.frame.maxX > frame.minX {
            bottom = min(bottom, above.frame.minY)
        }
        return Rect(x: frame.minX, y: frame.minY, width: frame.width, height: max(bottom - frame.minY, 24))
    }
}

extension WalletScene: FontDeclaringScene {
    public var fontsToWarm: [TextFont] { WalletCardPainter.sheetFonts }
}
