/// KeyboardObserving → a KeyboardControllable view: on keyboardWillShow,
/// constant = −(inset + height, or the fallback when the notification has
/// no size); on keyboardWillHide, −inset.
public enum ControllableStrategy: KeyboardStrategy {
    public static let kind = StrategyKind.controllable
    public static let arguments: [StrategyArgument] = [
        .positional("CONSTRAINT", .constraint, "the constraint to drive", .constraint),
        .option("inset", "N", .number, "the inset", .inset),
        .option("fallback", "H", .number, "the fallback height", .fallback),
    ]
    public static let source = "KeyboardObserving → KeyboardControllable"
    public static let fixedInSwift: Set<Flaw.ID> = [.screenCoordinates, .hardwareKeyboardHeight, .hideKeepsHeight, .undockedHideOnly, .safeAreaDoubleCount, .missedFrameChange]
    public static let registration = "registered at viewWillAppear, removed at viewWillDisappear"
    public static let outlivesDisappear = false
    public static let observed: [KeyboardNotification.Name] = [.willShow, .willHide]

    public static func handle<Host: StrategyHost>(_ s: inout Strategy, _ h: inout Handler, host: inout Host) -> Bool {
        guard let name = s.constraint else { return false }
        let p = formatPoints
        let n = h.notification
        if h.showing {
            let height = n.end.height > 0 ? n.end.height : s.fallback
            let why = n.end.height > 0 ? "(−(inset \(p(s.inset)) + endFrame.height \(p(height))))"
                                       : "(−(inset \(p(s.inset)) + fallback \(p(s.fallback))): no size in the notification)"
            h.set(name, -(s.inset + height), why, host: &host)
            h.safeAreaCheck(name, extra: s.inset, host: &host)
            h.screenCoordinatesCheck("controllable", host: &host)
            h.hardwareCheck("controllable")
        } else {
            h.set(name, -s.inset, "(−inset \(p(s.inset)))", host: &host)
            h.undockedCheck()
        }
        return true
    }

    /// The KeyboardObserving and KeyboardControllable protocols (the support
    /// code), observing from viewWillAppear to viewWillDisappear, and the
    /// two methods setting the constant.
    public static func writeSwift<Host: SwiftTemplateHost>(_ s: Strategy, summary: String, into host: inout Host) {
        host.useSupportCode(of: kind)
        let show = host.flawComments(s, at: .show), hide = host.flawComments(s, at: .hide), register = host.flawComments(s, at: .register)
        let inset = host.literal(s.inset)
        let height = host.fixes(s).contains(.safeAreaDoubleCount) ? "max(0, height - view.safeAreaInsets.bottom)" : "height"
        let c = s.controller
        let onShow = host.setConstant(s.constraint, s.inset == 0 ? "-" + height : "-(\(inset) + \(height))", from: c)
        let onHide = host.setConstant(s.constraint, s.inset == 0 ? "0" : "-\(inset)", from: c)
        host.addConformances(["KeyboardObserving", "KeyboardControllable"], to: c)
        host.addProperty("var keyboardTokens: [NSObjectProtocol] = []", to: c)
        host.appendLifecycle("viewWillAppear", ["// kbplay: \(summary)"] + register
            + ["startObservingKeyboard(for: self, fallbackHeight: \(host.literal(s.fallback)))"], to: c)
        host.appendLifecycle("viewWillDisappear", ["stopObservingKeyboard()"], to: c)
        host.addMember(["func keyboardWillShow(height: CGFloat) {"] + (show + [onShow]).map { "    " + $0 } + ["}"], to: c)
        host.addMember(["func keyboardWillHide() {"] + (hide + [onHide]).map { "    " + $0 } + ["}"], to: c)
    }
}
