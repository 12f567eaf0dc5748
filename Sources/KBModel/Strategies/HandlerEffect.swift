/// One thing a keyboard handler did: what it changed (its target), the
/// value before and after, and why. Printed as `what   why` at the edge
/// (`formBottom.constant 20 → 344   (keyboard height 336 + 8)`); read by
/// its fields everywhere else.
public struct HandlerEffect: Hashable, Sendable {
    /// What a handler changed.
    public enum Target: Hashable, Sendable {
        /// `NAME.constant`.
        case constant(String)
        /// `SCROLLVIEW.contentInset`.
        case contentInset(String)
        /// `SCROLLVIEW.contentInset.bottom`.
        case contentInsetBottom(String)
        /// `VIEW.frame`.
        case frame(String)
        /// `VIEW.frame.minY`, the frame's origin moved up or down.
        case frameMinY(String)
        /// `VIEW moved back`: a frame set by the handler given up.
        case frameRestored(String)
        /// `scrolled FIELD to visible`.
        case scrolledToVisible(String)
        /// `scrolled row N to visible` in a table.
        case rowScrolledToVisible(table: String, row: Int)

        /// The constraint, view or scroll view changed.
        public var name: String {
            switch self {
            case let .constant(n), let .contentInset(n), let .contentInsetBottom(n), let .frame(n), let .frameMinY(n),
                 let .frameRestored(n), let .scrolledToVisible(n):
                n
            case let .rowScrolledToVisible(table, _): table
            }
        }

        /// The property written before the values (`formBottom.constant`);
        /// nil for a target printed without values.
        var property: String? {
            switch self {
            case let .constant(n): "\(n).constant"
            case let .contentInset(n): "\(n).contentInset"
            case let .contentInsetBottom(n): "\(n).contentInset.bottom"
            case let .frame(n): "\(n).frame"
            case let .frameMinY(n): "\(n).frame.minY"
            case .frameRestored, .scrolledToVisible, .rowScrolledToVisible: nil
            }
        }
    }

    /// A value before or after.
    public enum Value: Hashable, Sendable, CustomStringConvertible {
        case points(Double)
        case insets(EdgeInsets)
        case frame(Rect)

        public var description: String {
            switch self {
            case let .points(x): formatPoints(x)
            case let .insets(e): e.description
            case let .frame(r): r.description
            }
        }
    }

    public var target: Target
    /// Nil for a target without values (a scroll, a frame given up).
    public var before: Value?
    public var after: Value?
    /// `(keyboard height 336 + 8)`, as printed after the change.
    public var why: String

    public init(_ target: Target, before: Value? = nil, after: Value? = nil, why: String) {
        self.target = target
        self.before = before
        self.after = after
        self.why = why
    }

    /// The change as printed: `formBottom.constant 20 → 344`.
    public var what: String {
        switch target {
        case let .frameRestored(v): return "\(v) moved back"
        case let .scrolledToVisible(f): return "scrolled \(f) to visible"
        case let .rowScrolledToVisible(_, row): return "scrolled row \(row) to visible"
        default:
            let before = self.before.map(\.description) ?? "?", after = self.after.map(\.description) ?? "?"
            return "\(target.property ?? target.name) \(before) → \(after)"
        }
    }
}
