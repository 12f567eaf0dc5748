/// One view's geometry in a ``LayoutSnapshot``.
public struct ViewLayout: Hashable, Codable, Sendable {
    public var name: String
    public var kind: ViewKind
    public var parent: String?
    /// 0 for a top-level root view.
    public var depth: Int
    public var isHidden: Bool
    /// In the superview's coordinate space (its bounds, so a scroll view's
    /// content offset is accounted for), like `UIView.frame`.
    public var frame: Rect
    /// In window coordinates, as the user sees it after scrolling.
    public var windowFrame: Rect
    public var safeAreaInsets: EdgeInsets
    /// Scroll-view geometry (scroll views and text views only).
    public var scroll: ScrollLayout?
}

/// A scroll view's geometry in a ``LayoutSnapshot``.
public struct ScrollLayout: Hashable, Codable, Sendable {
    /// The content layout guide's size.
    public var contentSize: Size
    public var contentInset: EdgeInsets
    /// `contentInset` plus the safe area the scroll view overlaps.
    public var adjustedContentInset: EdgeInsets
    public var contentOffset: Point
    public var indicatorInsets: EdgeInsets
}

/// A user constraint's state in a ``LayoutSnapshot``.
public struct ConstraintValue: Hashable, Codable, Sendable {
    public var name: String
    public var constant: Double
    public var priority: Int
    public var isActive: Bool
    public var isBroken: Bool
}
