/// A child controller that asks its parent to expand: the child sets its
/// field constraint to endFrame.height (0 on hide), the parent's
/// constraint to −VIEW.height; it uses the keyboard's screen frame as the
/// child's own coordinates.
public enum ChildDelegateStrategy: KeyboardStrategy {
    public static let kind = StrategyKind.childDelegate
    public static let arguments: [StrategyArgument] = [
        .positional("FIELD_CONSTRAINT", .constraint, "the child's field constraint", .constraint),
        .option("parent", "PARENT_CONSTRAINT", .constraint, "the parent's constraint", .parentConstraint, required: true),
        .option("expand", "VIEW", .view, "the view whose height the parent uses", .expandView, required: true),
    ]
    public static let source = "a child controller asking its parent to expand"
    public static let fixedInSwift: Set<Flaw.ID> = [.screenCoordinates, .hardwareKeyboardHeight, .hideKeepsHeight, .undockedHideOnly, .safeAreaDoubleCount, .observerAfterDisappear, .missedFrameChange]
    public static let registration = "registered at viewWillAppear, removed at viewDidDisappear"
    public static let outlivesDisappear = false
    public static let observed: [KeyboardNotification.Name] = [.willShow, .willHide]

    public static func handle<Host: StrategyHost>(_ s: inout Strategy, _ h: inout Handler, host: inout Host) -> Bool {
        guard let name = s.constraint else { return false }
        let p = formatPoints
        let n = h.notification
        let showing = h.showing
        let childFrame = host.windowFrame(of: s.controller + ".view").map {
            $0.offsetBy(dx: host.appWindowFrame.minX, dy: host.appWindowFrame.minY)
        }
        h.set(name, showing ? n.end.height : 0, showing ? "(endFrame.height \(p(n.end.height)))" : "(hidden: 0)", host: &host)
        if let parentName = s.parentConstraint, let expand = s.expandView {
            let height = host.windowFrame(of: expand)?.height ?? 0
            h.set(parentName, showing ? -height : 0, showing ? "(−\(expand).height \(p(height)))" : "(hidden: 0)", host: &host)
        }
        if showing, let frame = childFrame, frame.maxY < h.screenHeight - 0.5, h.onScreen > 0 {
            let gap = h.screenHeight - frame.maxY
            h.flaw(.screenCoordinates,
                   "\(s.controller).view ends at \(p(frame.maxY)), \(p(gap)) pt above the screen's bottom, but endFrame (screen coordinates) is used as if it were in \(s.controller)'s own coordinates, so \(name) overshoots by \(p(gap)) pt. fix: convert the end frame from the screen's coordinate space, view.convert(endFrame, from: view.window?.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace) and use its overlap with view.bounds")
        }
        h.safeAreaCheck(name, extra: 0, host: &host)
        h.hardwareCheck("child-delegate")
        h.undockedCheck()
        return true
    }

    /// The child observes show and hide from viewWillAppear, sets its
    /// constraint and asks its `expansionDelegate` (the support protocol);
    /// the parent is that delegate and sets its own constraint.
    public static func writeSwift<Host: SwiftTemplateHost>(_ s: Strategy, summary: String, into host: inout Host) {
        host.useSupportCode(of: kind)
        let show = host.flawComments(s, at: .show), hide = host.flawComments(s, at: .hide), register = host.flawComments(s, at: .register)
        let child = s.controller
        let fx = host.fixes(s)
        func observer(_ notification: String, _ call: String) -> [String] {
            let lines = host.observerLines(notification, calling: call).map { "    " + $0 }
            guard let last = lines.last else { return lines }
            return lines.dropLast() + [last + ","]
        }
        host.addProperty("weak var expansionDelegate: KeyboardExpansionDelegate?", to: child)
        host.addProperty("private var keyboardChildTokens: [NSObjectProtocol] = []", to: child)
        host.appendLifecycle("viewWillAppear", ["// kbplay: \(summary)"] + register
            + ["keyboardChildTokens = ["]
            + observer("keyboardWillShowNotification", "keyboardWillShow")
            + (host.observesFrameChange(fixing: fx) ? ["    // kbplay: fixed: keyboardWillChangeFrame observed too"]
                + observer("keyboardWillChangeFrameNotification", "keyboardWillShow") : [])
            + observer("keyboardWillHideNotification", "keyboardWillHide")
            + ["]"], to: child)
        host.appendLifecycle(fx.contains(.observerAfterDisappear) ? "viewWillDisappear" : "viewDidDisappear", [
            "keyboardChildTokens.forEach { NotificationCenter.default.removeObserver($0) }",
            "keyboardChildTokens = []",
        ], to: child)
        let onShow = host.setConstant(s.constraint, host.keyboardHeight(fixing: fx), from: child)
        let onHide = host.setConstant(s.constraint, "0", from: child)
        host.addMember([
            "private func keyboardWillShow(_ note: Notification) {",
            "    guard let endFrame = \(host.endFrameExpression) else { return }",
        ] + (show + [onShow, "expansionDelegate?.childWantsToExpand(self, true)"]).map { "    " + $0 } + ["}"], to: child)
        host.addMember(["private func keyboardWillHide(_ note: Notification) {"]
            + (hide + [onHide, "expansionDelegate?.childWantsToExpand(self, false)"]).map { "    " + $0 } + ["}"], to: child)
        guard let (parent, prop) = host.parent(of: child) else {
            host.appendSetup(["// kbplay: \(child) has no parent controller: nothing is its expansionDelegate"], to: child)
            return
        }
        let height = s.expandView.flatMap { host.viewReference($0, from: parent) }.map { "-\($0).frame.height" }
        let set = host.setConstant(s.parentConstraint, height.map { "expand ? \($0) : 0" } ?? "0", from: parent)
        host.addConformances(["KeyboardExpansionDelegate"], to: parent)
        host.appendSetup(["\(prop).expansionDelegate = self"], to: parent)
        host.addMember([
            "/// \(child) asks for room while the keyboard is up: \(s.parentConstraint ?? "") makes \(s.expandView ?? "") go up by its height.",
            "func childWantsToExpand(_ child: UIViewController, _ expand: Bool) {",
            "    " + set,
            "}",
        ], to: parent)
    }
}
