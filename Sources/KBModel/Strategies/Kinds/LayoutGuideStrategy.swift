/// UIKeyboardLayoutGuide: nothing to attach and no observers; constraints
/// to `V.keyboard.*` follow the keyboard.
public enum LayoutGuideStrategy: KeyboardStrategy {
    public static let kind = StrategyKind.layoutGuide
    public static let arguments: [StrategyArgument] = []
    public static let registration = "no observers: the guide follows the keyboard"
    public static let outlivesDisappear = false
    public static let observed: [KeyboardNotification.Name] = []

    public static func handle<Host: StrategyHost>(_ s: inout Strategy, _ h: inout Handler, host: inout Host) -> Bool {
        false
    }
}
