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
}
