/// The most-copied answer to "move the view up with the keyboard": on
/// keyboardWillShow, `if view.frame.origin.y == 0 { view.frame.origin.y
/// -= endFrame.height }`; on keyboardWillHide, `view.frame.origin.y = 0`;
/// registered in viewDidLoad and never removed. The whole root view moves
/// up by the keyboard's full height, wherever the field is: a field near
/// the top leaves the screen, and the navigation bar's space goes with
/// the view. Its flaws: the `== 0` guard skips a second show with another
/// height (the view stays moved by the first), a hardware keyboard's full
/// height, an undocked keyboard taken for hidden, a view short of the
/// screen's bottom measured with the screen's frame, and the observers left
/// running off screen.
public enum FrameOriginStrategy: KeyboardStrategy {
    public static let kind = StrategyKind.frameOrigin
    public static let arguments: [StrategyArgument] = []
    public static let source = "the view.frame.origin.y answer"
    public static let fixedInSwift: Set<Flaw.ID> = []
    public static let registration = "registered at viewDidLoad, never removed"
    public static let outlivesDisappear = true
    public static let observed: [KeyboardNotification.Name] = [.willShow, .willHide]

    public static func handle<Host: StrategyHost>(_ s: inout Strategy, _ h: inout Handler, host: inout Host) -> Bool {
        let p = formatPoints
        let n = h.notification
        let root = s.controller + ".view"
        let natural = host.naturalRootFrame(of: s.controller)
        let current = host.rootFrameOverride(of: s.controller) ?? natural
        // view.frame.origin.y, from where the view sits when nothing moved it.
        let originY = current.minY - natural.minY
        if n.name == .willShow {
            guard originY == 0 else {
                // The guard: already moved, so a new height is not followed.
                if abs(-originY - n.end.height) > 0.5 {
                    h.flaw(.missedFrameChange,
                           "keyboardWillShow came again with endFrame.height \(p(n.end.height)), but view.frame.origin.y is already \(p(originY)): the `if view.frame.origin.y == 0` guard skips it, so \(root) stays moved by \(p(-originY)) instead of \(p(n.end.height)). fix: set view.frame.origin.y = -endFrame.height on every show (no guard), or pin the content to \(root).keyboard.top")
                }
                return true
            }
            // Judged where the view sits before it moves.
            h.hardwareCheck("frame-origin")
            h.screenCoordinatesCheck("frame-origin", host: &host)
            let target = Rect(x: natural.minX, y: natural.minY - n.end.height, width: natural.width, height: natural.height)
            host.setRootFrame(target, of: s.controller)
            h.report.effects.append(HandlerEffect(.frame(root), before: .frame(current), after: .frame(target),
                                                  why: "(origin.y 0 − endFrame.height \(p(n.end.height)): the whole view, wherever the field is)"))
        } else if n.name == .willHide {
            if originY != 0 {
                host.setRootFrame(nil, of: s.controller)
                h.report.effects.append(HandlerEffect(.frame(root), before: .frame(current), after: .frame(natural), why: "(origin.y back to 0)"))
            }
            h.undockedCheck()
        }
        return true
    }

    /// The answer's code: the two observers at set-up (blocks here, whose
    /// tokens are dropped: never removed, as the answer's selectors are
    /// not), and the two handlers moving `view.frame.origin.y`.
    public static func writeSwift<Host: SwiftTemplateHost>(_ s: Strategy, summary: String, into host: inout Host) {
        let c = s.controller
        let show = host.flawComments(s, at: .show), hide = host.flawComments(s, at: .hide), register = host.flawComments(s, at: .register)
        host.appendSetup(["// kbplay: \(summary)"] + register
            + host.observerLines("keyboardWillShowNotification", calling: "keyboardWillShow")
            + host.observerLines("keyboardWillHideNotification", calling: "keyboardWillHide"), to: c)
        host.addMember(["private func keyboardWillShow(_ note: Notification) {"] + (show + [
            "guard let endFrame = \(host.endFrameExpression) else { return }",
            "if view.frame.origin.y == 0 {",
            "    view.frame.origin.y -= endFrame.height",
            "}",
        ]).map { "    " + $0 } + ["}"], to: c)
        host.addMember(["private func keyboardWillHide(_ note: Notification) {"] + (hide + [
            "if view.frame.origin.y != 0 {",
            "    view.frame.origin.y = 0",
            "}",
        ]).map { "    " + $0 } + ["}"], to: c)
    }
}
