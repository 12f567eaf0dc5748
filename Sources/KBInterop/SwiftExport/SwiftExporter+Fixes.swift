import KBModel

/// `export swift fixed`: the strategies' code with each flaw the session
/// showed fixed as its `fix:` line says, to diff against `export swift`.
extension SwiftExporter {
    /// The flaws whose fix the code can make, as each kind's
    /// `fixedInSwift` lists them (the others stay as they are, with their
    /// `⚑` comment): an end frame converted from the screen's coordinate
    /// space and overlapped with the view (screen coordinates, a hardware
    /// keyboard, hide, an undocked keyboard), the safe area subtracted,
    /// keyboardWillChangeFrame observed, observers removed when the
    /// controller goes, the curve shifted.
    static func isFixedInCode(_ f: Flaw) -> Bool {
        guard f.strategy.type.fixedInSwift.contains(f.id) else { return false }
        return f.id != .missedFrameChange || observesFrameChangeFix(f)
    }

    /// Whether a missed frame change's fix is to observe
    /// keyboardWillChangeFrame (not only to pin to the keyboard's guide,
    /// as for a change no notification announces).
    static func observesFrameChangeFix(_ f: Flaw) -> Bool {
        f.message.splitFix().1?.hasPrefix("observe keyboardWillChangeFrame") == true
    }

    /// The flaws of `s` this export fixes (none unless it is `fixed`).
    public func fixes(_ s: Strategy) -> Set<Flaw.ID> {
        guard fixed else { return [] }
        return Set(flaws.filter { $0.strategy == s.kind && $0.controller == s.controller && Self.isFixedInCode($0) }.map(\.id))
    }

    /// The flaws of any `kind` strategy this export fixes in the type the
    /// file shares (KeyboardResizingView, KeyboardLayoutConstraint, …).
    func fixes(of kind: StrategyKind) -> Set<Flaw.ID> {
        guard fixed else { return [] }
        return Set(flaws.filter { $0.strategy == kind && Self.isFixedInCode($0) }.map(\.id))
    }

    /// The keyboard's height as a fixed strategy uses it: its end frame's
    /// overlap with `view` (converted from the screen's coordinate
    /// space), less the safe area when the constraint is measured from it;
    /// `endFrame.height` when no flaw asks for it.
    static func keyboardHeight(_ fixes: Set<Flaw.ID>, view: String = "view", endFrame: String = "endFrame") -> String {
        let overlapFlaws: Set<Flaw.ID> = [.screenCoordinates, .hardwareKeyboardHeight, .hideKeepsHeight, .undockedHideOnly]
        let overlap = fixes.isDisjoint(with: overlapFlaws) && !fixes.contains(.safeAreaDoubleCount)
            ? "\(endFrame).height" : "\(view).keyboardOverlap(\(endFrame))"
        return fixes.contains(.safeAreaDoubleCount) ? "max(0, \(overlap) - \(view).safeAreaInsets.bottom)" : overlap
    }

    /// Whether the fixed code observes keyboardWillChangeFrame too.
    static func observesFrameChange(_ fixes: Set<Flaw.ID>) -> Bool {
        fixes.contains(.missedFrameChange) || fixes.contains(.undockedHideOnly)
    }
}
