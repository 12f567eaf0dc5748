/// A KeyboardObserver with a delegate: on keyboardWillShow and
/// keyboardWillHide, constant = endFrame.height + padding. Its flaws: the
/// hide end frame keeps the height, the home-indicator area counted twice
/// against a safe-area constraint, a hardware keyboard's full height, an
/// undocked keyboard taken for hidden.
public enum ObserverStrategy: KeyboardStrategy {
    public static let kind = StrategyKind.observer
    public static let arguments: [StrategyArgument] = [
        .positional("CONSTRAINT", .constraint, "the constraint to drive", .constraint),
        .option("padding", "N", .number, "the padding", .padding),
    ]
    public static let source = "KeyboardObserver + delegate"
    public static let fixedInSwift: Set<Flaw.ID> = [.screenCoordinates, .hardwareKeyboardHeight, .hideKeepsHeight, .undockedHideOnly, .safeAreaDoubleCount, .observerAfterDisappear, .missedFrameChange]
    public static let registration = "registered at viewDidLoad, never removed"
    public static let outlivesDisappear = true
    public static let observed: [KeyboardNotification.Name] = [.willShow, .willHide]

    public static func handle<Host: StrategyHost>(_ s: inout Strategy, _ h: inout Handler, host: inout Host) -> Bool {
        guard let name = s.constraint else { return false }
        let p = formatPoints
        let n = h.notification
        h.set(name, n.end.height + s.padding, "(endFrame.height \(p(n.end.height)) + padding \(p(s.padding)))", host: &host)
        if n.name == .willHide && n.end.minY >= h.screenHeight {
            h.flaw(.hideKeepsHeight, Flaw.hideKeepsHeightMessage(name, height: n.end.height, value: n.end.height + s.padding,
                                                                 screenHeight: h.screenHeight))
        }
        h.safeAreaCheck(name, extra: s.padding, host: &host)
        h.screenCoordinatesCheck("observer", host: &host)
        h.hardwareCheck("observer")
        h.undockedCheck()
        return true
    }

    /// A KeyboardObserver (the support code) made at set-up, or in
    /// viewWillAppear and stopped in viewWillDisappear when fixed, and the
    /// two delegate methods setting the constant.
    public static func writeSwift<Host: SwiftTemplateHost>(_ s: Strategy, summary: String, into host: inout Host) {
        host.useSupportCode(of: kind)
        let fx = host.fixes(s)
        let height = host.keyboardHeight(fixing: fx)
        let value = s.padding == 0 ? height
            : s.padding > 0 ? "\(height) + \(host.literal(s.padding))" : "\(height) - \(host.literal(-s.padding))"
        let show = host.flawComments(s, at: .show), hide = host.flawComments(s, at: .hide), register = host.flawComments(s, at: .register)
        let set = host.setConstant(s.constraint, value, from: s.controller)
        let fixedSummary = "\(kind.rawValue) (\(source)): registered in viewWillAppear, removed in viewWillDisappear"
        let c = s.controller
        host.addConformances(["KeyboardObserverDelegate"], to: c)
        host.addProperty("private var keyboardObserver: KeyboardObserver?", to: c)
        if fx.contains(.observerAfterDisappear) {
            host.appendLifecycle("viewWillAppear", ["// kbplay: " + fixedSummary] + register + ["keyboardObserver = KeyboardObserver(delegate: self)"], to: c)
            host.appendLifecycle("viewWillDisappear", ["keyboardObserver?.stop()", "keyboardObserver = nil"], to: c)
        } else {
            host.appendSetup(["// kbplay: \(summary)"] + register + ["keyboardObserver = KeyboardObserver(delegate: self)"], to: c)
        }
        host.addMember(["func keyboardObserver(_ observer: KeyboardObserver, keyboardWillShowWith endFrame: CGRect) {"]
            + (show + [set]).map { "    " + $0 } + ["}"], to: c)
        host.addMember(["func keyboardObserver(_ observer: KeyboardObserver, keyboardWillHideWith endFrame: CGRect) {"]
            + (hide + [set]).map { "    " + $0 } + ["}"], to: c)
    }
}
