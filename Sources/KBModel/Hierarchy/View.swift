/// A view: its kind, place in the hierarchy and the properties that feed
/// layout. Frames are not stored; they come out of ``Screen/layout()``.
public struct View: Hashable, Codable, Sendable {
    public var name: String
    public var kind: ViewKind
    /// The superview, or nil for the window's root view.
    public var parent: String?
    /// The controller whose view hierarchy holds this view.
    public var controller: String
    /// Whether this is a controller's root view (`C.view`).
    public var isRootView: Bool
    /// Label or button text (sets the intrinsic size), or a text input's text.
    public var text: String?
    /// `intrinsic W H`: overrides the kind's intrinsic size.
    public var intrinsicOverride: Size?
    public var hugging: AxisPair<Int>
    public var compressionResistance: AxisPair<Int>
    public var isHidden: Bool
    /// `clipsToBounds`: whether subviews are cut at this view's bounds
    /// (UIKit's default: on for scroll views and text views, off otherwise).
    public var clipsToBounds: Bool
    /// `alpha`, 0…1: a view at alpha 0 is not seen, nor are its subviews.
    public var alpha: Double
    /// Stack-view properties (stack views only).
    public var stack: StackConfiguration?
    /// Scroll-view state (scroll views and text views only).
    public var scroll: ScrollConfiguration?
    /// For an input accessory view: whose it is and how tall.
    public var accessory: InputAccessory?
    /// A text input's `inputAccessoryView`: the accessory view's name.
    public var inputAccessory: String?
    /// A text input's custom `inputView` (a picker): its height, in place
    /// of the keyboard's.
    public var inputViewHeight: Double?

    public init(name: String, kind: ViewKind, parent: String?, controller: String, isRootView: Bool = false) {
        self.name = name
        self.kind = kind
        self.parent = parent
        self.controller = controller
        self.isRootView = isRootView
        text = nil
        intrinsicOverride = nil
        hugging = AxisPair(horizontal: kind.defaultHugging, vertical: kind.defaultHugging)
        compressionResistance = AxisPair(750)
        isHidden = false
        clipsToBounds = kind.isScrollView
        alpha = 1
        stack = kind == .stackView ? StackConfiguration() : nil
        scroll = kind.isScrollView ? ScrollConfiguration() : nil
    }

    /// UIKit's intrinsic content size per axis (nil = no intrinsic metric):
    /// a text field is 34 high; a label or button with text is 8 pt per
    /// character wide and 21 (label) or 30 (button) high; `intrinsic W H`
    /// overrides both.
    public var intrinsicSize: (width: Double?, height: Double?) {
        if let o = intrinsicOverride { return (o.width, o.height) }
        switch kind {
        case .textField:
            return (nil, 34)
        case .label, .button:
            guard let text, !text.isEmpty else { return (nil, nil) }
            return (8 * Double(text.count), kind == .label ? 21 : 30)
        default:
            return (nil, nil)
        }
    }
}

/// What makes a view an input accessory view: the text input or the
/// controller (`canBecomeFirstResponder`) whose `inputAccessoryView` it is,
/// and its height. It is no subview: it rides on the keyboard.
public struct InputAccessory: Hashable, Codable, Sendable {
    /// The text input or controller it belongs to.
    public var owner: String
    public var height: Double

    public init(owner: String, height: Double) {
        self.owner = owner
        self.height = height
    }
}
