import KBModel
import Synchronization

/// The picture of a session's screen as SVG, at 1 pt = 1 px: what
/// `render svg FILE` writes and what the daemon's web pages show (the
/// same text, so a slide and the page agree).
///
/// Drawn in layers, back to front: the device (outline, status bar,
/// notch or Dynamic Island), the app's window (its outline when it is
/// smaller than the screen) with its safe area and insets, every view in
/// hierarchy order (a view that clips, such as a scroll view, clips what it
/// holds; alpha is opacity), the keyboard with its top line and y, the
/// input accessory views riding on it, the focused field's verdict, the
/// home indicator. Views are drawn flat, each in window coordinates (in a
/// group moved to the window's origin), so that moving one on the page
/// never moves another.
///
/// Every view's group carries `data-view="NAME"` and `data-frame="x y w h"`
/// (its window frame, as `frames` prints it), and holds a
/// `<rect class="frame">` with exactly that rectangle; the keyboard's
/// carries `data-view="keyboard"` (its frame below the screen when it is
/// down). Every text the user typed (names, texts) is escaped.
public struct ScreenDrawing {
    let screen: Screen
    let keyboard: Keyboard
    let snapshot: LayoutSnapshot

    public init(screen: Screen, keyboard: Keyboard, snapshot: LayoutSnapshot) {
        self.screen = screen
        self.keyboard = keyboard
        self.snapshot = snapshot
    }

    /// The whole SVG document, ending in a newline.
    public var svg: String {
        var out = SVGText()
        let size = snapshot.screenSize
        let (w, h) = (size.width, size.height)
        let device: SVGLine = "data-device=\"\(escaped: screen.device.id)\" data-orientation=\"\(screen.orientation.rawValue)\""
        out.line(0, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"kbplay-screen\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" \(device) font-family=\"Helvetica, Arial, sans-serif\" font-size=\"14\">")
        let views = DrawnViews(screen: screen, snapshot: snapshot)
        drawDevice(into: &out)
        inWindow(&out, "window") { out in
            drawSafeArea(into: &out)
            views.draw(into: &out, accessories: false)
        }
        drawKeyboard(into: &out)
        inWindow(&out, "accessories") { out in
            views.draw(into: &out, accessories: true)
            drawVerdict(into: &out)
        }
        drawHomeIndicator(into: &out)
        out.line(0, "</svg>")
        return out.text
    }

    /// A group in the window's coordinates: moved to the window's origin,
    /// and outlined when the window is smaller than the screen.
    private func inWindow(_ out: inout SVGText, _ kind: String, _ body: (inout SVGText) -> Void) {
        let w = screen.appWindowFrame
        let moved = w.minX != 0 || w.minY != 0
        let transform: SVGLine = moved ? " transform=\"translate(\(w.minX) \(w.minY))\"" : ""
        out.line(1, "<g class=\"\(kind)\" data-window=\"\(frame: w)\"\(transform)>")
        if kind == "window", w.size != snapshot.screenSize {
            out.line(2, "<rect class=\"window-frame\" x=\"0\" y=\"0\" width=\"\(w.width)\" height=\"\(w.height)\" fill=\"#ffffff\" stroke=\"#636366\" stroke-width=\"1.5\"/>")
        }
        body(&out)
        out.line(1, "</g>")
    }

    // MARK: The device

    /// The screen's outline (rounded on phones with a notch or an island),
    /// the status bar's clock, and the notch or Dynamic Island.
    private func drawDevice(into out: inout SVGText) {
        let size = snapshot.screenSize
        let safe = screen.device.safeAreaInsets(screen.orientation)
        let rounded = max(safe.top, safe.left, safe.right) > 24 || safe.bottom > 0
        let corner: SVGLine = rounded ? " rx=\"40\"" : ""
        out.line(1, "<rect class=\"device\" x=\"0\" y=\"0\" width=\"\(size.width)\" height=\"\(size.height)\"\(corner) fill=\"#ffffff\" stroke=\"#1c1c1e\" stroke-width=\"2\"/>")
        // The status bar runs along the top in both orientations; in
        // landscape a phone's cut-out sits in the left inset.
        let statusHeight = screen.orientation == .portrait ? safe.top : min(safe.top, 24)
        if statusHeight > 0 || screen.orientation == .landscape {
            let y = max(14, min(statusHeight, 44) / 2 + 5)
            out.line(1, "<g class=\"status-bar\"><text x=\"\(max(24, safe.left + 8))\" y=\"\(y)\" font-size=\"13\" font-weight=\"600\" fill=\"#1c1c1e\">9:41</text></g>")
        }
        if screen.orientation == .portrait, safe.top >= 44 {
            // 59 pt and more: the Dynamic Island; 44–50 pt: the notch.
            if safe.top >= 54 {
                out.line(1, "<rect class=\"island\" x=\"\(size.width / 2 - 63)\" y=\"11\" width=\"126\" height=\"37\" rx=\"18.5\" fill=\"#1c1c1e\"/>")
            } else {
                out.line(1, "<rect class=\"notch\" x=\"\(size.width / 2 - 81)\" y=\"0\" width=\"162\" height=\"30\" rx=\"12\" fill=\"#1c1c1e\"/>")
            }
        } else if screen.orientation == .landscape, safe.left >= 44 {
            out.line(1, "<rect class=\"notch\" x=\"0\" y=\"\(size.height / 2 - 81)\" width=\"30\" height=\"162\" rx=\"12\" fill=\"#1c1c1e\"/>")
        }
    }

    /// The safe area as a dashed rectangle, each inset that is not zero
    /// named with its size.
    private func drawSafeArea(into out: inout SVGText) {
        let size = screen.windowSize
        let safe = screen.windowSafeAreaInsets
        let area = Rect(x: safe.left, y: safe.top, width: size.width - safe.left - safe.right,
                        height: size.height - safe.top - safe.bottom)
        out.line(1, "<g class=\"safe-area\" data-insets=\"\(safe.top) \(safe.left) \(safe.bottom) \(safe.right)\">")
        out.line(2, "<rect x=\"\(area.minX)\" y=\"\(area.minY)\" width=\"\(area.width)\" height=\"\(area.height)\" fill=\"none\" stroke=\"#64a8ff\" stroke-dasharray=\"4 3\"/>")
        let style: SVGLine = "font-size=\"10\" fill=\"#3478c6\""
        if safe.top > 0 {
            out.line(2, "<text x=\"\(area.maxX - 4)\" y=\"\(area.minY + 12)\" text-anchor=\"end\" \(style)>safe area top \(safe.top)</text>")
        }
        if safe.bottom > 0 {
            out.line(2, "<text x=\"\(area.maxX - 4)\" y=\"\(area.maxY + 12)\" text-anchor=\"end\" \(style)>safe area bottom \(safe.bottom)</text>")
        }
        if safe.left > 0 {
            out.line(2, "<text x=\"\(area.minX + 4)\" y=\"\(area.maxY - 4)\" \(style)>left \(safe.left)</text>")
        }
        if safe.right > 0 {
            out.line(2, "<text x=\"\(area.maxX - 4)\" y=\"\(area.maxY - 4)\" text-anchor=\"end\" \(style)>right \(safe.right)</text>")
        }
        out.line(1, "</g>")
    }

    // MARK: The keyboard

    /// The keyboard's frame: where the layout has it, or below the screen.
    var keyboardFrame: Rect {
        snapshot.keyboardFrame ?? keyboard.hiddenFrame(on: screen.device, screen.orientation)
    }

    /// The keyboard (its predictive or category bar and rows of keys), with
    /// a line along its top and that top's y.
    private func drawKeyboard(into out: inout SVGText) {
        let k = keyboardFrame
        let onScreen = snapshot.keyboardFrame != nil
        out.line(1, "<g data-view=\"keyboard\" data-frame=\"\(frame: k)\" data-visible=\"\(onScreen)\" class=\"keyboard\">")
        out.line(2, "<rect class=\"frame\" x=\"\(k.minX)\" y=\"\(k.minY)\" width=\"\(k.width)\" height=\"\(k.height)\" fill=\"#d1d3d9\" fill-opacity=\"0.92\" stroke=\"#8e8e93\"/>")
        // Its own height (or a custom input view's), without an accessory.
        let height = keyboard.keyboardHeight(on: screen.device, screen.orientation)
        let inputView = keyboard.inputs?.inputView != nil
        let bar = inputView ? 0 : keyboard.hardware ? min(k.height, 55) : (keyboard.predictive || keyboard.type == .emoji) && keyboard.type != .number ? 44.0 : 0
        // An input accessory view rides on top of the keys (drawn over it,
        // with the views): the keys start below it.
        let keyboardTop = k.height > height + 0.5 ? k.maxY - height : k.minY
        var top = keyboardTop
        if bar > 0 {
            out.line(2, "<rect class=\"bar\" x=\"\(k.minX)\" y=\"\(top)\" width=\"\(k.width)\" height=\"\(bar)\" fill=\"#c4c6cc\"/>")
            top += bar
        }
        if inputView {
            out.line(2, "<text class=\"input-view\" x=\"\(k.midX)\" y=\"\(k.minY + 24)\" text-anchor=\"middle\" font-size=\"12\" fill=\"#3a3a3c\">custom input view</text>")
        } else if !keyboard.hardware {
            // Four rows of keys in what is left above the home-indicator
            // area (on phones with one).
            let bottomInset = screen.device.safeAreaInsets(screen.orientation).bottom > 0 ? 34.0 : 4
            let rows = 4.0
            let rowHeight = max(0, (min(k.maxY, keyboardTop + height) - top - bottomInset) / rows)
            if rowHeight >= 12 {
                out.line(2, "<g class=\"keys\" transform=\"translate(\(k.minX) \(top))\">\(Self.keys(width: k.width, rowHeight: rowHeight))</g>")
            }
        }
        // The line along its top and its y, while it is on screen.
        if onScreen {
            out.line(2, "<line class=\"top\" x1=\"0\" y1=\"\(k.minY)\" x2=\"\(snapshot.screenSize.width)\" y2=\"\(k.minY)\" stroke=\"#ff9f0a\" stroke-width=\"1.5\" stroke-dasharray=\"6 3\"/>")
            out.line(2, "<text class=\"top-label\" x=\"6\" y=\"\(k.minY - 5)\" font-size=\"11\" fill=\"#c46a00\">keyboard top y = \(k.minY)</text>")
        }
        out.line(1, "</g>")
    }

    /// The keys' rectangles for a keyboard `width` wide with rows
    /// `rowHeight` tall, from its top left: the same for every drawing of
    /// a keyboard of that size, so kept once made (a page draws one at
    /// every change).
    private static func keys(width: Double, rowHeight: Double) -> String {
        let size = Size(width: width, height: rowHeight)
        if let keys = keyRows.withLock({ $0[size] }) { return keys }
        var keys = ""
        let keyWidth = (width - 6) / 10
        for row in 0..<4 {
            let y = Double(row) * rowHeight + 6
            let count = row == 3 ? 1 : 10 - row
            let w = row == 3 ? keyWidth * 5 : keyWidth - 6
            let start = row == 3 ? (width - w) / 2 : 6 + Double(row) * keyWidth / 2
            for c in 0..<count {
                let key: SVGLine = "<rect x=\"\(start + Double(c) * keyWidth)\" y=\"\(y)\" width=\"\(w)\" height=\"\(rowHeight - 12)\" rx=\"5\" fill=\"#ffffff\"/>"
                keys += key.text
            }
        }
        keyRows.withLock { cache in
            if cache.count >= 64 { cache.removeAll() }
            cache[size] = keys
        }
        return keys
    }

    private static let keyRows = Mutex<[Size: String]>([:])

    /// Over the keyboard: the part of a covered field it hides, in red, with
    /// the points hidden; or how far above the keyboard a visible one is.
    private func drawVerdict(into out: inout SVGText) {
        guard let focus = screen.focusReport(in: snapshot), snapshot.view(focus.field) != nil else { return }
        let f = focus.fieldFrame
        let field = focus.field
        let bottom = screen.windowSize.height
        if focus.obscuredBy.first?.cause == .keyboard {
            let top = max(f.minY, min(f.maxY, focus.keyboardTop))
            out.line(2, "<g class=\"verdict covered\" data-covered=\"\(focus.covered)\">")
            out.line(3, "<rect x=\"\(f.minX)\" y=\"\(top)\" width=\"\(f.width)\" height=\"\(max(0, f.maxY - top))\" fill=\"#ff3b30\" fill-opacity=\"0.25\" stroke=\"#ff3b30\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>")
            let y = min(bottom - 8, max(f.maxY, top) + 16)
            out.line(3, "<text x=\"\(f.minX + 4)\" y=\"\(y)\" font-size=\"12\" font-weight=\"600\" fill=\"#d70015\">✗ \(escaped: field) covered: \(focus.covered) pt hidden</text>")
        } else if let first = focus.obscuredBy.first {
            // Hidden, off screen, clipped, under the status bar or the home
            // indicator: the first reason kbplay gives, in red.
            let reason: SVGLine = first.cause == .hidden ? "hidden" : "\(Self.phrase(first.cause)) (\(first.points) pt)"
            out.line(2, "<g class=\"verdict obscured\" data-obscured-by=\"\(first.cause.rawValue)\">")
            out.line(3, "<rect x=\"\(f.minX)\" y=\"\(f.minY)\" width=\"\(f.width)\" height=\"\(f.height)\" fill=\"none\" stroke=\"#ff3b30\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>")
            let y = min(bottom - 8, max(14, f.maxY + 16))
            out.line(3, "<text x=\"\(max(4, f.minX + 4))\" y=\"\(y)\" font-size=\"12\" font-weight=\"600\" fill=\"#d70015\">✗ \(escaped: field) \(reason)</text>")
        } else {
            out.line(2, "<g class=\"verdict visible\" data-clearance=\"\(focus.clearance)\">")
            let y = max(12, f.minY - 5)
            let what: SVGLine = focus.accessory.map { "on the accessory \(escaped: $0)" }
                ?? (snapshot.keyboardFrame == nil ? "visible" : "visible, \(focus.clearance) pt above the keyboard")
            out.line(3, "<text x=\"\(f.maxX)\" y=\"\(y)\" text-anchor=\"end\" font-size=\"11\" fill=\"#1a7f37\">✓ \(escaped: field) \(what)</text>")
        }
        out.line(2, "</g>")
    }

    private static func phrase(_ cause: Obstruction.Cause) -> String {
        switch cause {
        case .dismissed: "not in the window"
        case .hidden: "hidden"
        case .offscreen: "off screen"
        case .clipped: "clipped"
        case .keyboard: "covered"
        case .statusBar: "under the status bar"
        case .homeIndicator: "under the home indicator"
        }
    }

    /// The home indicator, over everything, as iOS draws it.
    private func drawHomeIndicator(into out: inout SVGText) {
        guard screen.device.safeAreaInsets(screen.orientation).bottom > 0 else { return }
        let size = snapshot.screenSize
        let width = screen.orientation == .portrait ? 134.0 : 200
        out.line(1, "<rect class=\"home-indicator\" x=\"\(size.width / 2 - width / 2)\" y=\"\(size.height - 13)\" width=\"\(width)\" height=\"5\" rx=\"2.5\" fill=\"#1c1c1e\"/>")
    }

}
