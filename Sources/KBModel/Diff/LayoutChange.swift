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
        var text = PointText(capacity: 96)
        write(into: &text)
        return text.string
    }

    /// Appends ``description`` to `text`.
    public func write(into text: inout PointText) {
        func pair(_ a: Double, _ b: Double) {
            text.append(UInt8(ascii: "("))
            text.append(a)
            text.append(UInt8(ascii: " "))
            text.append(b)
            text.append(UInt8(ascii: ")"))
        }
        func head(_ name: String, _ property: StaticString) {
            text.appendLiteral("~ ")
            text.append(name)
            text.appendLiteral(property)
        }
        switch self {
        case let .viewAdded(v, f):
            text.appendLiteral("+ ")
            text.append(v)
            text.append(UInt8(ascii: " "))
            text.append(f)
        case let .viewRemoved(v, _):
            text.appendLiteral("- ")
            text.append(v)
        case let .frame(v, a, b):
            head(v, " ")
            text.append(a)
            text.appendLiteral(" → ")
            text.append(b)
        case let .safeAreaInsets(v, a, b), let .contentInset(v, a, b), let .adjustedContentInset(v, a, b),
             let .indicatorInsets(v, a, b):
            head(v, ".")
            text.append(kind)
            text.append(UInt8(ascii: " "))
            text.append(a)
            text.appendLiteral(" → ")
            text.append(b)
        case let .contentSize(v, a, b):
            head(v, ".contentSize ")
            pair(a.width, a.height)
            text.appendLiteral(" → ")
            pair(b.width, b.height)
        case let .contentOffset(v, a, b):
            head(v, ".contentOffset ")
            pair(a.x, a.y)
            text.appendLiteral(" → ")
            pair(b.x, b.y)
        case let .constant(c, a, b):
            head(c, ".constant ")
            text.append(a)
            text.appendLiteral(" → ")
            text.append(b)
        }
    }
}
