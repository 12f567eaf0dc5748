/// A KeyboardLayoutConstraint subclass: the constant at attach is its
/// offset; on keyboardWillShow, constant = offset + endFrame.height; on
/// keyboardWillHide, offset + down-offset. Its animation passes the curve
/// as animation options without `<< 16`.
public enum LayoutConstraintStrategy: KeyboardStrategy {
    public static let kind = StrategyKind.layoutConstraint
    public static let arguments: [StrategyArgument] = [
        .positional("CONSTRAINT", .constraint, "the constraint to drive", .constraint),
        .option("down-offset", "N", .number, "the offset on hide", .downOffset),
    ]
    public static let source = "a KeyboardLayoutConstraint subclass"
    public static let fixedInSwift: Set<Flaw.ID> = [.curveNotShifted, .screenCoordinates, .hardwareKeyboardHeight, .hideKeepsHeight, .undockedHideOnly, .safeAreaDoubleCount]
    public static let registration = "registered when the constraint is created, removed only at deinit"
    public static let outlivesDisappear = true
    public static let observed: [KeyboardNotification.Name] = [.willShow, .willHide]

    public static let fieldsSetWhenAttached: [Strategy.Field] = [.offset]

    /// The constraint's constant when the subclass is made is its offset.
    public static func attached(_ s: inout Strategy, constantOf constraint: (String) -> Double?) {
        if let name = s.constraint, let constant = constraint(name) { s.offset = constant }
    }

    public static func handle<Host: StrategyHost>(_ s: inout Strategy, _ h: inout Handler, host: inout Host) -> Bool {
        guard let name = s.constraint else { return false }
        let p = formatPoints
        let n = h.notification
        if h.showing {
            h.set(name, s.offset + n.end.height, "(offset \(p(s.offset)) + endFrame.height \(p(n.end.height)))", host: &host)
            h.safeAreaCheck(name, extra: s.offset, host: &host)
            h.screenCoordinatesCheck("KeyboardLayoutConstraint", host: &host)
            h.hardwareCheck("KeyboardLayoutConstraint")
        } else {
            h.set(name, s.offset + s.downOffset, "(offset \(p(s.offset)) + down-offset \(p(s.downOffset)))", host: &host)
            h.undockedCheck()
        }
        if let message = Flaw.curveNotShiftedMessage(curve: n.curve) {
            h.flaw(.curveNotShifted, message)
        }
        return true
    }

    /// The constraint made a KeyboardLayoutConstraint (the support code) that
    /// starts observing in the set-up; a comment when the class cannot reach it.
    public static func writeSwift<Host: SwiftTemplateHost>(_ s: Strategy, summary: String, into host: inout Host) {
        host.useSupportCode(of: kind)
        guard let k = s.constraint, let ref = host.constraintReference(k, from: s.controller) else {
            host.appendSetup(["// kbplay: \(summary) — left out: its constraint \(s.constraint ?? "") is not made in this class or a child's"],
                             to: s.controller)
            return
        }
        var lines = ["// kbplay: \(summary); its flaws are in KeyboardLayoutConstraint"]
        if s.downOffset != 0 { lines.append("\(ref).downOffset = \(host.literal(s.downOffset))") }
        lines.append("\(ref).startObservingKeyboard()")
        host.appendSetup(lines, to: s.controller)
    }
}
