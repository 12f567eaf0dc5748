/// IQKeyboardManager-style auto-scroll: one global manager moves the root
/// view up so that the focused field ends `distance` (10) above the
/// keyboard, and back on keyboardWillHide.
public enum AutoScrollStrategy: KeyboardStrategy {
    public static let kind = StrategyKind.autoScroll
    public static let arguments: [StrategyArgument] = [
        .option("distance", "N", .number, "the distance", .distance),
    ]
    public static let source = "IQKeyboardManager"
    public static let fixedInSwift: Set<Flaw.ID> = []
    public static let registration = "one global manager, always listening"
    public static let outlivesDisappear = true
    public static let observed: [KeyboardNotification.Name] = [.willShow, .willHide, .didChangeFrame]

    public static func handle<Host: StrategyHost>(_ s: inout Strategy, _ h: inout Handler, host: inout Host) -> Bool {
        let p = formatPoints
        let n = h.notification
        let root = s.controller + ".view"
        guard let current = host.windowFrame(of: root) else { return false }
        if n.name == .willHide {
            if host.rootFrameOverride(of: s.controller) != nil {
                host.setRootFrame(nil, of: s.controller)
                h.report.effects.append(HandlerEffect(.frameRestored(root), why: "(keyboardWillHide)"))
            }
            h.undockedCheck()
        } else if let field = host.focus, n.end.minY < h.screenHeight {
            // The manager converts the keyboard's frame to the window and
            // measures from where the root view is laid out.
            let natural = host.naturalRootFrame(of: s.controller)
            let shift = current.minY - natural.minY
            guard let fieldFrame = host.windowFrame(of: field) else { return false }
            let naturalMaxY = fieldFrame.maxY - shift
            let keyboardTop = n.end.minY - host.appWindowFrame.minY
            let needed = min(0, keyboardTop - s.distance - naturalMaxY)
            let target = Rect(x: current.minX, y: natural.minY + needed, width: current.width, height: current.height)
            if abs(needed - shift) > 0.001 {
                host.setRootFrame(needed == 0 ? nil : target, of: s.controller)
                h.report.effects.append(HandlerEffect(.frameMinY(root), before: .points(current.minY), after: .points(natural.minY + needed),
                                                     why: "(\(field) bottom \(p(naturalMaxY)) + distance \(p(s.distance)) vs keyboard top \(p(keyboardTop)))"))
            }
        }
        return true
    }

    /// IQKeyboardManager's set-up, as code that builds with the package
    /// and without it (`#if canImport`): in an app it runs once, at launch.
    public static func writeSwift<Host: SwiftTemplateHost>(_ s: Strategy, summary: String, into host: inout Host) {
        host.importIfAvailable("IQKeyboardManagerSwift")
        let lines = [
            "// kbplay: \(summary), from the IQKeyboardManagerSwift package. In an app it is set up once, at launch",
            "// (application(_:didFinishLaunchingWithOptions:)); here, so that the file stands alone.",
            "#if canImport(IQKeyboardManagerSwift)",
            "IQKeyboardManager.shared.isEnabled = true",
            "IQKeyboardManager.shared.keyboardDistance = \(host.literal(s.distance))",
            "#endif",
        ] + host.setupFlawComments(s)
        host.appendSetup(lines, to: s.controller)
    }
}
