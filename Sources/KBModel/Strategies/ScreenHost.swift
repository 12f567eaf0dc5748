/// A ``Screen`` as strategies see it: frames after layout, constants,
/// insets and root frames they may change.
public struct ScreenHost: StrategyHost {
    public var screen: Screen

    public init(_ screen: Screen) {
        self.screen = screen
    }

    public var screenSize: Size { screen.screenSize }
    public var appWindowFrame: Rect { screen.appWindowFrame }
    public var focus: String? { screen.focus }

    public func isAppeared(_ controller: String) -> Bool {
        (try? screen.controller(named: controller))?.isAppeared ?? false
    }

    public func constant(of constraint: String) -> Double? {
        (try? screen.constraint(named: constraint))?.constant
    }

    public func usesSafeArea(_ constraint: String) -> Bool {
        guard let c = try? screen.constraint(named: constraint) else { return false }
        return c.first.guide == .safeArea || c.second?.guide == .safeArea
    }

    public mutating func setConstant(_ value: Double, of constraint: String) {
        _ = try? screen.setConstant(value, of: constraint, byHandler: true)
    }

    public mutating func windowFrame(of view: String) -> Rect? {
        screen.windowFrame(of: view)
    }

    public mutating func safeAreaInsets(of view: String) -> EdgeInsets {
        screen.safeAreaInsets(of: view) ?? .zero
    }

    public func rootFrameOverride(of controller: String) -> Rect? {
        (try? screen.controller(named: controller))?.rootFrameOverride
    }

    public mutating func naturalRootFrame(of controller: String) -> Rect {
        guard let c = try? screen.controller(named: controller) else { return .zero }
        if c.parent == nil { return screen.presentedFrame(c) ?? Rect(origin: .zero, size: screen.windowSize) }
        return screen.windowFrame(of: c.rootView) ?? .zero
    }

    public mutating func setRootFrame(_ frame: Rect?, of controller: String) {
        _ = try? screen.setRootViewFrame(of: controller, to: frame)
    }

    public mutating func contentInset(of scrollView: String) -> EdgeInsets? {
        (try? screen.view(named: scrollView))?.scroll?.contentInset
    }

    public mutating func setContentInset(_ insets: EdgeInsets, of scrollView: String) {
        _ = try? screen.setContentInset(insets, of: scrollView, byHandler: true)
        _ = try? screen.setIndicatorInsets(insets, of: scrollView)
    }

    /// The caret's height: one line of the system font.
    public static let caretHeight = 21.0

    public mutating func scrollRowToVisible(holding view: String, in table: String) -> Int? {
        guard let cell = screen.enclosingCell(of: view), cell.table == table,
              let config = (try? screen.view(named: table))?.table, let width = screen.windowFrame(of: table)?.width else { return nil }
        let rect = Rect(x: 0, y: config.rowTop(cell.row), width: width, height: config.rowHeight)
        _ = try? screen.scrollRectToVisible(rect, in: table)
        return cell.row
    }

    public mutating func scrollFocusToVisible(in scrollView: String) {
        guard let field = screen.focus else { return }
        // A text view is its own scroll view: scrollRangeToVisible(selectedRange)
        // scrolls its caret, at the end of the text (the content's last line).
        if (try? screen.view(named: field))?.kind == .textView,
           let content = screen.layout().view(field)?.scroll?.contentSize {
            let caret = Rect(x: 0, y: max(0, content.height - ScreenHost.caretHeight), width: 2,
                             height: min(ScreenHost.caretHeight, max(content.height, ScreenHost.caretHeight)))
            _ = try? screen.scrollRectToVisible(caret, in: field)
            return
        }
        _ = try? screen.scrollToVisible(field)
    }
}
