/// UIKeyboardLayoutGuide: nothing to attach and no observers; constraints
/// to `V.keyboard.*` follow the keyboard.
public enum LayoutGuideStrategy: KeyboardStrategy {
    public static let kind = StrategyKind.layoutGuide
    public static let arguments: [StrategyArgument] = []
    public static let source = "UIKeyboardLayoutGuide"
    public static let fixedInSwift: Set<Flaw.ID> = []
    public static let registration = "no observers: the guide follows the keyboard"
    public static let outlivesDisappear = false
    public static let observed: [KeyboardNotification.Name] = []

    public static func handle<Host: StrategyHost>(_ s: inout Strategy, _ h: inout Handler, host: inout Host) -> Bool {
        false
    }

    /// A comment on the constraints to the keyboard layout guide, or on their absence.
    public static func writeSwift<Host: SwiftTemplateHost>(_ s: Strategy, summary: String, into host: inout Host) {
        let uses = host.usesKeyboardGuide(inClassOf: s.controller)
        let lines = ["// kbplay: \(summary)" + (uses
            ? ": the constraints to keyboardLayoutGuide above follow the keyboard, drags included"
            : ": none of this class's constraints uses view.keyboardLayoutGuide yet; pin the bottom to its topAnchor")]
            + host.setupFlawComments(s)
        host.appendSetup(lines, to: s.controller)
    }
}
