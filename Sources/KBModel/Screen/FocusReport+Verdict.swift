extension FocusReport {
    /// The focus line: visible, or the first thing that hides the field
    /// (`✓ email is visible, 130 pt above the keyboard`, `✗ email is
    /// covered by the keyboard: …`).
    public func verdict(keyboardUp: Bool) -> String {
        let p = formatPoints
        let f = self
        if let first = f.obscuredBy.first {
            switch first.cause {
            case .keyboard:
                return "✗ \(f.field) is covered by the keyboard: its bottom is at \(p(f.fieldFrame.maxY)), the keyboard's top at \(p(f.keyboardTop)) (\(p(f.covered)) pt hidden)"
            case .dismissed:
                let c = first.view ?? "its controller"
                return "✗ \(f.field) is not in the window: \(c) was dismissed (present \(c) as sheet to show it again)"
            case .hidden:
                let view = first.view ?? f.field
                let what = first.byAlpha ? "\(view).alpha is 0" : "\(view).hidden is on"
                return "✗ \(f.field) is hidden: \(what)"
            case .offscreen:
                return "✗ \(f.field) is off screen: \(p(first.points)) pt \(Self.beyond(first.edge))"
            case .clipped:
                return "✗ \(f.field) is clipped by \(first.view ?? "its superview") (\(p(first.points)) pt past its \(first.edge?.rawValue ?? "bottom") edge)"
            case .statusBar:
                return "✗ \(f.field) is under the status bar (\(p(first.points)) pt into the top safe-area inset)"
            case .homeIndicator:
                return "✗ \(f.field) is under the home indicator (\(p(first.points)) pt into the bottom safe-area inset)"
            }
        }
        if let a = f.accessory { return "✓ \(f.field) is visible, on the input accessory view \(a)" }
        if !keyboardUp { return "✓ \(f.field) is visible (no keyboard on screen)" }
        return "✓ \(f.field) is visible, \(p(f.clearance)) pt above the keyboard"
    }

    private static func beyond(_ edge: Obstruction.Edge?) -> String {
        switch edge ?? .bottom {
        case .top: "above the top"
        case .bottom: "below the bottom"
        case .left: "left of the left edge"
        case .right: "right of the right edge"
        }
    }
}
