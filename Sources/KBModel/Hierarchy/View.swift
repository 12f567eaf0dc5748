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
    /// A text field's `placeholder`: what it shows while it has no text
    /// (no effect on layout). nil: none.
    public var placeholder: String?
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
    /// A table view's rows (table views only).
    public var table: TableConfiguration?
    /// UIKit's `alignmentRectInsets`: constraints and stack views place
    /// the frame inset by these (a switch draws 2 pt past its alignment
    /// rect's trailing edge); nil for none.
    public var alignmentInsets: EdgeInsets?
    /// For a table view's cell: which row of its table (the superview) it shows.
    public var row: Int?
    /// `accessibilityIdentifier` (``ViewProperty/accessibilityIdentifier``); nil: none.
    public var accessibilityIdentifier: String?

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
        table = kind == .tableView ? TableConfiguration() : nil
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

/// A table view's rows: one section of `rows` rows of `rowHeight` points,
/// under a section header. Rows are no views: only a row that holds views
/// of its own has a cell (a view named TABLERowK), as a data source
/// configures the cell for that row; the others cost nothing.
public struct TableConfiguration: Hashable, Codable, Sendable {
    public enum Style: String, Hashable, Codable, Sendable, CaseIterable {
        case plain, grouped
    }

    public var rows: Int
    /// `rowHeight`: UIKit's default is 44 pt.
    public var rowHeight: Double
    public var style: Style
    /// The section header's height: none in a plain table, 35 pt in a
    /// grouped one (kbplay's model of UIKit's default grouped header).
    public var headerHeight: Double

    public init(rows: Int = 0, rowHeight: Double = TableConfiguration.defaultRowHeight, style: Style = .plain) {
        self.rows = rows
        self.rowHeight = rowHeight
        self.style = style
        headerHeight = style == .grouped ? TableConfiguration.groupedHeaderHeight : 0
    }

    public static let defaultRowHeight = 44.0
    public static let groupedHeaderHeight = 35.0
    /// The most rows a table takes.
    public static let maxRows = 1_000_000

    /// The content's height: the header and every row.
    public var contentHeight: Double { headerHeight + Double(rows) * rowHeight }

    /// Where row `k` starts in the content.
    public func rowTop(_ k: Int) -> Double { headerHeight + Double(k) * rowHeight }

    /// The rows whose cells show in `visible` (a range of content y), as UIKit asks its data source for.
    public func rows(in minY: Double, _ maxY: Double) -> Range<Int> {
        guard rows > 0, rowHeight > 0, maxY > minY else { return 0..<0 }
        let first = max(0, Int(((minY - headerHeight) / rowHeight).rounded(.down)))
        let last = min(rows, Int(((maxY - headerHeight) / rowHeight).rounded(.up)))
        return first < last ? first..<last : 0..<0
    }
}
