/// Scroll-view content insets (Apple's sample code): on
/// keyboardWillChangeFrame, contentInset.bottom = the end frame converted
/// to the view, its height, − safeAreaInsets.bottom (indicator insets the
/// same), then the focused field scrolled to visible; on keyboardWillHide,
/// zero.
public enum ContentInsetStrategy: KeyboardStrategy {
    public static let kind = StrategyKind.contentInset
    public static let arguments: [StrategyArgument] = [
        .positional("SCROLLVIEW", .scrollView, "the scroll view", .scrollView),
    ]
    public static let source = "Apple's scroll-view inset sample"
    public static let fixedInSwift: Set<Flaw.ID> = [.screenCoordinates, .hardwareKeyboardHeight, .hideKeepsHeight, .undockedHideOnly, .safeAreaDoubleCount]
    public static let registration = "registered at viewWillAppear, removed at viewWillDisappear"
    public static let outlivesDisappear = false
    public static let observed: [KeyboardNotification.Name] = [.willChangeFrame, .willHide]

    public static func handle<Host: StrategyHost>(_ s: inout Strategy, _ h: inout Handler, host: inout Host) -> Bool {
        let p = formatPoints
        let n = h.notification
        guard let scroll = s.scrollView, let before = host.contentInset(of: scroll) else { return false }
        var insets = before
        let root = s.controller + ".view"
        if n.name == .willHide {
            insets = .zero
            host.setContentInset(insets, of: scroll)
            h.report.effects.append(HandlerEffect(.contentInset(scroll), before: .insets(before), after: .insets(insets),
                                                 why: "(keyboardWillHide: zero)"))
        } else {
            let rootFrame = host.windowFrame(of: root) ?? Rect(origin: Point(x: 0, y: 0), size: host.screenSize)
            // view.convert(endFrame, from: view.window): the height is unchanged.
            let safeBottom = host.safeAreaInsets(of: root).bottom
            insets.bottom = n.end.height - safeBottom
            host.setContentInset(insets, of: scroll)
            h.report.effects.append(HandlerEffect(.contentInset(scroll), before: .insets(before), after: .insets(insets),
                                                 why: "(end frame in \(root) \(n.end.offsetBy(dx: -rootFrame.minX, dy: -rootFrame.minY)), height \(p(n.end.height)) − safeAreaInsets.bottom \(p(safeBottom)))"))
            // The source converts the frame but uses only its height.
            if h.n.name != .willHide, h.onScreen > 0, let (inScreen, overlap) = h.viewShortOfTheScreensBottom(host: &host) {
                h.flaw(.screenCoordinates,
                       "\(root) is \(inScreen) in screen coordinates, so its bottom is \(p(h.screenHeight - inScreen.maxY)) pt above the screen's: the keyboard covers \(p(overlap)) pt of it, but the inset uses the converted end frame's height (\(p(n.end.height))). fix: use the intersection of the converted end frame with the view's bounds")
            }
            if h.context.keyboard.hardware && h.onScreen < n.end.height {
                h.flaw(.hardwareKeyboardHeight,
                       "a hardware keyboard is attached: only \(p(h.onScreen)) pt of the keyboard is on screen, but the inset uses the end frame's height (\(p(n.end.height))). fix: use the intersection of the converted end frame with the view's bounds")
            }
            if let field = host.focus {
                host.scrollFocusToVisible(in: scroll)
                h.report.effects.append(HandlerEffect(.scrolledToVisible(field), why: "(scrollRectToVisible)"))
            }
        }
        return true
    }

    /// Observers of frame changes and hide from viewWillAppear to
    /// viewWillDisappear, and the sample's `adjustForKeyboard`: the bottom
    /// inset from the converted end frame, and the first responder
    /// scrolled to visible.
    public static func writeSwift<Host: SwiftTemplateHost>(_ s: Strategy, summary: String, into host: inout Host) {
        let name = s.controller
        let show = host.flawComments(s, at: .show), hide = host.flawComments(s, at: .hide), register = host.flawComments(s, at: .register)
        guard let scrollName = s.scrollView, let scroll = host.viewReference(scrollName, from: name) else {
            host.appendSetup(["// kbplay: \(summary) — left out: its scroll view \(s.scrollView ?? "") is not made in this class"] + register + show + hide,
                             to: name)
            return
        }
        // The first responder scrolled to visible, as the sample does.
        var reveal: [String]
        if host.isTextView(scrollName) {
            reveal = ["\(scroll).scrollRangeToVisible(\(scroll).selectedRange)"]
        } else {
            let fields = host.textInputs(inside: scrollName).compactMap { host.viewReference($0, from: name).map { "self." + $0 } }
            reveal = fields.isEmpty ? ["// kbplay: no text input in \(scrollName) to scroll to visible"] : [
                "for field in [\(fields.joined(separator: ", "))] as [UIView] where field.isFirstResponder {",
                "    \(scroll).scrollRectToVisible(field.convert(field.bounds, to: \(scroll)), animated: true)",
                "}",
            ]
        }
        let fx = host.fixes(s)
        let adjust: [String] = fx.isEmpty ? [
            "    if note.name == UIResponder.keyboardWillHideNotification {",
        ] + hide.map { "        " + $0 } + [
            "        \(scroll).contentInset = .zero",
            "    } else {",
            "        let converted = view.convert(endFrame, from: view.window?.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace)",
        ] + show.map { "        " + $0 } + [
            "        \(scroll).contentInset.bottom = converted.height - view.safeAreaInsets.bottom",
            "    }",
        ] : (hide + show).map { "    " + $0 } + [
            "    \(scroll).contentInset.bottom = max(0, view.keyboardOverlap(endFrame) - view.safeAreaInsets.bottom)",
        ]
        func observer(_ notification: String) -> [String] {
            let lines = host.observerLines(notification, calling: "adjustForKeyboard").map { "    " + $0 }
            guard let last = lines.last else { return lines }
            return lines.dropLast() + [last + ","]
        }
        host.addProperty("private var keyboardInsetTokens: [NSObjectProtocol] = []", to: name)
        host.appendLifecycle("viewWillAppear", ["// kbplay: \(summary)"] + register
            + ["keyboardInsetTokens = ["]
            + observer("keyboardWillChangeFrameNotification")
            + observer("keyboardWillHideNotification")
            + ["]"], to: name)
        host.appendLifecycle("viewWillDisappear", [
            "keyboardInsetTokens.forEach { NotificationCenter.default.removeObserver($0) }",
            "keyboardInsetTokens = []",
        ], to: name)
        host.addMember([
            "/// The keyboard's end frame converted from the screen's coordinate space to the view: its height, less the bottom safe area, is \(scrollName)'s bottom inset.",
            "private func adjustForKeyboard(_ note: Notification) {",
            "    guard let endFrame = \(host.endFrameExpression) else { return }",
        ] + adjust + [
            "    \(scroll).verticalScrollIndicatorInsets = \(scroll).contentInset",
        ] + reveal.map { "    " + $0 } + ["}"], to: name)
    }
}
