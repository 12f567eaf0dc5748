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
        let raw = n.curve
        // Curve 0 (ease in-out) is 0 either way: the mistake only shows
        // for a non-zero curve, whose bits land on other options.
        if raw != 0 {
            let names = [(1, ".layoutSubviews"), (2, ".allowUserInteraction"), (4, ".beginFromCurrentState"),
                         (8, ".repeat"), (16, ".autoreverse"), (32, ".overrideInheritedDuration"),
                         (64, ".overrideInheritedCurve"), (128, ".allowAnimatedContent")]
            let options = names.filter { raw & $0.0 != 0 }.map(\.1).joined(separator: "/")
            h.flaw(.curveNotShifted,
                   "the animation options are UIView.AnimationOptions(rawValue: \(raw)), the curve itself, not \(raw) << 16 = \(raw << 16): that is \(options.isEmpty ? "no known option" : options), so the views ease in and out while the keyboard springs. fix: UIView.AnimationOptions(rawValue: UInt(curve) << 16)")
        }
        return true
    }
}
