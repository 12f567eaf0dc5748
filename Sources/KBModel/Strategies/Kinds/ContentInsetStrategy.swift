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
}
