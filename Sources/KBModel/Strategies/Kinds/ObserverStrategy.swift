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
}
