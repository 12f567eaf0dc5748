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
        var text = PointText(capacity: 64)
        write(into: &text)
        return text.string
    }

    /// Appends ``what`` to `text` (in place: a report prints one for each
    /// handler call, and a line of pieces built apart would cost several
    /// strings each).
    public func write(into text: inout PointText) {
        // The property written, then the values.
        let property: StaticString
        switch target {
        case let .frameRestored(v):
            text.append(v)
            text.appendLiteral(" moved back")
            return
        case let .scrolledToVisible(f):
            text.appendLiteral("scrolled ")
            text.append(f)
            text.appendLiteral(" to visible")
            return
        case let .rowScrolledToVisible(_, row):
            text.appendLiteral("scrolled row ")
            text.append(String(row))
            text.appendLiteral(" to visible")
            return
        case .constant: property = ".constant "
        case .contentInset: property = ".contentInset "
        case .contentInsetBottom: property = ".contentInset.bottom "
        case .frame: property = ".frame "
        case .frameMinY: property = ".frame.minY "
        }
        text.append(target.name)
        text.appendLiteral(property)
        Self.write(before, into: &text)
        text.appendLiteral(" → ")
        Self.write(after, into: &text)
    }

    /// A value as ``Value/description`` prints it, `?` for none.
    private static func write(_ value: Value?, into text: inout PointText) {
        switch value {
        case let .points(x)?: text.append(x)
        case let .insets(e)?: text.append(e)
        case let .frame(r)?: text.append(r)
        case nil: text.append(UInt8(ascii: "?"))
        }
    }
}
