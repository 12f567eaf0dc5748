/// One difference between two layout snapshots. Numbers are rounded to 2
/// decimals (`-0` as `0`); frames are window frames, as the user sees them.
public enum LayoutChange: Hashable, Codable, Sendable, CustomStringConvertible {
    case viewAdded(view: String, frame: Rect)
    case viewRemoved(view: String, frame: Rect)
    case frame(view: String, before: Rect, after: Rect)
    case safeAreaInsets(view: String, before: EdgeInsets, after: EdgeInsets)
    case contentSize(view: String, before: Size, after: Size)
    case contentInset(view: String, before: EdgeInsets, after: EdgeInsets)
    case adjustedContentInset(view: String, before: EdgeInsets, after: EdgeInsets)
    case contentOffset(view: String, before: Point, after: Point)
    case indicatorInsets(view: String, before: EdgeInsets, after: EdgeInsets)
    case constant(constraint: String, before: Double, after: Double)

    /// The JSON `kind`: `added`, `removed`, `frame`, `safeAreaInsets`,
    /// `contentSize`, `contentInset`, `adjustedContentInset`,
    /// `contentOffset`, `indicatorInsets`, `constant`.
    public var kind: String {
        switch self {
        case .viewAdded: "added"
        case .viewRemoved: "removed"
        case .frame: "frame"
        case .safeAreaInsets: "safeAreaInsets"
        case .contentSize: "contentSize"
        case .contentInset: "contentInset"
        case .adjustedContentInset: "adjustedContentInset"
        case .contentOffset: "contentOffset"
        case .indicatorInsets: "indicatorInsets"
        case .constant: "constant"
        }
    }

    /// The view or constraint that changed.
    public var target: String {
        switch self {
        case let .viewAdded(v, _), let .viewRemoved(v, _), let .frame(v, _, _), let .safeAreaInsets(v, _, _),
             let .contentSize(v, _, _), let .contentInset(v, _, _), let .adjustedContentInset(v, _, _),
             let .contentOffset(v, _, _), let .indicatorInsets(v, _, _):
            v
        case let .constant(c, _, _):
            c
        }
    }

    /// One line: `~ email (16 676; 361 34) → (16 352; 361 34)`,
    /// `+ note (16 100; 361 21)`, `- note`, `~ formBottom.constant 20 → 344`,
    /// `~ list.contentOffset (0 -59) → (0 120)`.
    public var description: String {
        func p(_ p: Point) -> String { "(\(formatPoints(p.x)) \(formatPoints(p.y)))" }
        func s(_ s: Size) -> String { "(\(formatPoints(s.width)) \(formatPoints(s.height)))" }
        switch self {
        case let .viewAdded(v, f): return "+ \(v) \(f)"
        case let .viewRemoved(v, _): return "- \(v)"
        case let .frame(v, a, b): return "~ \(v) \(a) → \(b)"
        case let .safeAreaInsets(v, a, b): return "~ \(v).safeAreaInsets \(a) → \(b)"
        case let .contentSize(v, a, b): return "~ \(v).contentSize \(s(a)) → \(s(b))"
        case let .contentInset(v, a, b): return "~ \(v).contentInset \(a) → \(b)"
        case let .adjustedContentInset(v, a, b): return "~ \(v).adjustedContentInset \(a) → \(b)"
        case let .contentOffset(v, a, b): return "~ \(v).contentOffset \(p(a)) → \(p(b))"
        case let .indicatorInsets(v, a, b): return "~ \(v).indicatorInsets \(a) → \(b)"
        case let .constant(c, a, b): return "~ \(c).constant \(formatPoints(a)) → \(formatPoints(b))"
        }
    }
}
