/// An auto-resizing keyboard root view: on keyboardWillChangeFrame, the
/// root view's height becomes the keyboard's top minus the view's top, or
/// full when the keyboard is below the view or ends above its bottom
/// (split, undocked). It compares the keyboard's screen frame with the
/// view's own frame.
public enum ResizeRootStrategy: KeyboardStrategy {
    public static let kind = StrategyKind.resizeRoot
    public static let arguments: [StrategyArgument] = []
    public static let source = "an auto-resizing keyboard root view"
    public static let fixedInSwift: Set<Flaw.ID> = [.screenCoordinates]
    public static let registration = "registered when the root view enters the window, removed when it leaves"
    public static let outlivesDisappear = false
    public static let observed: [KeyboardNotification.Name] = [.willChangeFrame]

    public static func handle<Host: StrategyHost>(_ s: inout Strategy, _ h: inout Handler, host: inout Host) -> Bool {
        let p = formatPoints
        let n = h.notification
        let root = s.controller + ".view"
        guard let current = host.windowFrame(of: root) else { return false }
        let full = host.naturalRootFrame(of: s.controller)
        let keyboardTop = n.end.minY
        // The source compares the end frame (screen coordinates) with the
        // view's own frame in its superview: a window's root view sits at
        // the origin, a child's root view at its container's origin, so its
        // top is 0 either way and the keyboard's top becomes its height.
        func resized(top: Double) -> Rect {
            guard keyboardTop > top && keyboardTop < top + full.height && n.end.maxY >= top + full.height else { return full }
            return Rect(x: full.minX, y: full.minY, width: full.width, height: keyboardTop - top)
        }
        let target = resized(top: 0)
        let converted = resized(top: full.minY + host.appWindowFrame.minY)
        host.setRootFrame(target == full ? nil : target, of: s.controller)
        let why = target == full ? "(keyboard below the view or ending above its bottom: full size)"
                                 : "(keyboard top \(p(keyboardTop)) − root top 0)"
        h.report.effects.append(HandlerEffect(.frame(root), before: .frame(current), after: .frame(target), why: why))
        if target != converted {
            h.flaw(.screenCoordinates,
                   "\(root) is not full-screen (\(full)), but the keyboard's frame is in screen coordinates and is used as the view's own: its height becomes \(p(target.height)) instead of \(p(converted.height)), so its bottom is at \(p(target.maxY)), \(p(abs(target.maxY - converted.maxY))) pt \(target.maxY > converted.maxY ? "below" : "above") the keyboard's top. fix: convert the end frame from the screen's coordinate space, view.convert(endFrame, from: view.window?.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace)")
        }
        return true
    }

    /// `loadView` makes the root a KeyboardResizingView (the support code);
    /// a table view controller's view is its table, so there a comment.
    public static func writeSwift<Host: SwiftTemplateHost>(_ s: Strategy, summary: String, into host: inout Host) {
        if host.tableView(ofController: s.controller) != nil {
            host.appendSetup(["// kbplay: \(summary) — left out: a table view controller's view is its table"] + host.setupFlawComments(s),
                             to: s.controller)
        } else {
            host.useSupportCode(of: kind)
            host.setLoadView(["// kbplay: \(summary); its flaws are in KeyboardResizingView", "view = KeyboardResizingView()"], of: s.controller)
        }
    }
}
