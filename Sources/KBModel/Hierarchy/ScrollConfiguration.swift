/// A scroll view's settable state.
public struct ScrollConfiguration: Hashable, Codable, Sendable {
    public var contentInset: EdgeInsets = .zero
    /// `verticalScrollIndicatorInsets` / `horizontalScrollIndicatorInsets`,
    /// kept as one value as most code sets both.
    public var indicatorInsets: EdgeInsets = .zero
    /// The content offset, or nil while it has never been set: UIKit starts
    /// at `(−adjustedContentInset.left, −adjustedContentInset.top)` and
    /// follows the adjusted inset until the view is scrolled.
    public var contentOffset: Point?

    public init(contentInset: EdgeInsets = .zero, indicatorInsets: EdgeInsets = .zero, contentOffset: Point? = nil) {
        self.contentInset = contentInset
        self.indicatorInsets = indicatorInsets
        self.contentOffset = contentOffset
    }
}
