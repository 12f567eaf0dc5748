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
    /// `keyboardDismissMode` (nil: `.none`, UIKit's default).
    public var keyboardDismissMode: KeyboardDismissMode?
    /// The content inset the screen has at rest, when a keyboard handler
    /// (a strategy) has changed ``contentInset`` since a command last set
    /// it; nil when ``contentInset`` is that one.
    public var restingContentInset: EdgeInsets?

    /// The content inset as a command last set it, not as a keyboard
    /// handler left it.
    public var contentInsetAtRest: EdgeInsets { restingContentInset ?? contentInset }

    public init(contentInset: EdgeInsets = .zero, indicatorInsets: EdgeInsets = .zero, contentOffset: Point? = nil) {
        self.contentInset = contentInset
        self.indicatorInsets = indicatorInsets
        self.contentOffset = contentOffset
    }
}

/// `UIScrollView.KeyboardDismissMode`: what dragging the scroll view does
/// to the keyboard. The `WithAccessory` modes (iOS 16) dismiss a
/// controller's input accessory view too; the others leave it docked.
public enum KeyboardDismissMode: String, Hashable, Codable, Sendable, CaseIterable {
    case none, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory

    public var isInteractive: Bool { self == .interactive || self == .interactiveWithAccessory }
    public var dismissesAccessory: Bool { self == .onDragWithAccessory || self == .interactiveWithAccessory }
}
