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
}
