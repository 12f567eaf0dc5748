/// Options for ``Screen/addView(_:_:to:options:)``.
public struct ViewOptions: Hashable, Sendable {
    /// Label or button text (intrinsic width 8 pt per character).
    public var text: String?
    /// Overrides the kind's intrinsic size.
    public var intrinsic: Size?
    /// Stack-view properties (stack views only).
    public var stack: StackConfiguration?
    public var isHidden: Bool
    /// Table-view rows (table views only).
    public var table: TableConfiguration?
    /// A text field's placeholder.
    public var placeholder: String?
    /// The insets from the frame to the rect Auto Layout aligns (UIKit's
    /// `alignmentRectInsets`); the intrinsic size is the alignment rect's, as UIKit's.
    public var alignmentInsets: EdgeInsets?

    public init(text: String? = nil, intrinsic: Size? = nil, stack: StackConfiguration? = nil, isHidden: Bool = false,
                table: TableConfiguration? = nil) {
        self.text = text
        self.intrinsic = intrinsic
        self.stack = stack
        self.isHidden = isHidden
        self.table = table
    }
}
