/// The flaws' texts (the reason with its numbers, then the fix), shared by
/// the built-in strategies and the rules `import swift` makes from a
/// developer's handlers, so a flaw reads the same whoever shows it.
extension Flaw {
    /// `hide-keeps-height`: `name` set from the hide end frame's height.
    public static func hideKeepsHeightMessage(_ name: String, height: Double, value: Double, screenHeight: Double) -> String {
        let p = formatPoints
        return "on hide the end frame keeps the keyboard's height (\(p(height))), so \(name) stays at \(p(value)) and the view never comes back down. fix: use 0 on keyboardWillHide, or the overlap \(p(screenHeight)) − endFrame.minY"
    }

    /// `safe-area-double-count`: the keyboard's height as the constant of
    /// a constraint measured from the safe area, `extra` the points the
    /// constant adds to it.
    public static func safeAreaDoubleCountMessage(_ name: String, height: Double, bottom: Double, extra: Double, controller: String) -> String {
        let p = formatPoints
        return "endFrame.height (\(p(height))) includes the \(p(bottom)) pt home-indicator area, but \(name) is measured from the safe area, so the view stops \(p(extra + bottom)) pt above the keyboard instead of \(p(extra)). fix: subtract \(controller).view.safeAreaInsets.bottom, or pin to \(controller).view.keyboard.top"
    }

    /// `curve-not-shifted`: the raw curve used as the animation options;
    /// nil for curve 0, where the mistake does not show.
    public static func curveNotShiftedMessage(curve raw: Int) -> String? {
        // Curve 0 (ease in-out) is 0 either way: the mistake only shows
        // for a non-zero curve, whose bits land on other options.
        guard raw != 0 else { return nil }
        let names = [(1, ".layoutSubviews"), (2, ".allowUserInteraction"), (4, ".beginFromCurrentState"),
                     (8, ".repeat"), (16, ".autoreverse"), (32, ".overrideInheritedDuration"),
                     (64, ".overrideInheritedCurve"), (128, ".allowAnimatedContent")]
        let options = names.filter { raw & $0.0 != 0 }.map(\.1).joined(separator: "/")
        return "the animation options are UIView.AnimationOptions(rawValue: \(raw)), the curve itself, not \(raw) << 16 = \(raw << 16): that is \(options.isEmpty ? "no known option" : options), so the views ease in and out while the keyboard springs. fix: UIView.AnimationOptions(rawValue: UInt(curve) << 16)"
    }

    /// `observer-after-disappear`: `handler` ran for a controller not in
    /// the window; `registration` says where its observers are added and
    /// removed.
    public static func observerAfterDisappearMessage(_ controller: String, handler: String, event: KeyboardNotification.Name,
                                                     registration: String) -> String {
        "\(controller) is not in the window, yet its \(handler) handler ran on \(event.rawValue) (\(registration)). fix: remove the observer in viewWillDisappear (or use NotificationCenter's token API and drop it)"
    }

    /// `missed-frame-change`: `who` observes `observed` only, and none of
    /// the notifications `posted` for a change of the keyboard's overlap.
    public static func missedFrameChangeMessage(_ controller: String, who: String, observed: [KeyboardNotification.Name],
                                                posted: [KeyboardNotification], overlapBefore: Double, overlapAfter: Double) -> String {
        let seen = posted.isEmpty ? "iOS posted no notification" : "iOS posted only " + posted.map(\.name.rawValue).joined(separator: ", ")
        // With nothing posted (an interactive drag) no observer can help.
        let fix = posted.isEmpty || observed.contains(.willChangeFrame)
            ? "pin to \(controller).view.keyboard (it tracks every change, interactive dismissal included)"
            : "observe keyboardWillChangeFrame, or pin to \(controller).view.keyboard (it tracks every change)"
        return "the keyboard's overlap went from \(formatPoints(overlapBefore)) to \(formatPoints(overlapAfter)) pt, but \(seen) and \(who) listens to \(observed.map(\.rawValue).joined(separator: "/")) only, so nothing followed. fix: \(fix)"
    }
}
