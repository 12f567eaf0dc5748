import KBModel

/// The screen a view controller's code builds: views made in code, in the
/// order they are added, and the anchor constraints it activates.
public struct CodeScreen: Equatable, Sendable {
    /// A view made in code (`let email = UITextField()`, a lazy closure).
    public struct View: Equatable, Sendable {
        public var name: String
        public var kind: ViewKind
        /// The view it is added to: another view's name, or the root (`nil`).
        public var parent: String?
        /// A label's text or a button's title, when the code sets a literal.
        public var text: String?
        /// A stack view's axis (`horizontal`/`vertical`) and spacing.
        public var axis: String?
        public var spacing: Double?
        /// The intrinsic size its class's `intrinsicContentSize` returns.
        public var intrinsicWidth: Double?
        public var intrinsicHeight: Double?
        /// A text field's placeholder, when the code sets a literal.
        public var placeholder: String?
        /// A stack view's distribution and alignment, as `add` takes them.
        public var distribution: String?
        public var alignment: String?
        /// A table view's rows, as its data source's
        /// `tableView(_:numberOfRowsInSection:)` returns them, and its
        /// `rowHeight`.
        public var rows: Int?
        public var rowHeight: Double?
        /// The row of its table (`parent`) whose cell the data source puts
        /// it into (`cell.contentView.addSubview(…)`).
        public var row: Int?
        public var file: String
        public var line: Int
    }

    /// A table view controller's own table (`UITableViewController`): the
    /// name code gives it, its rows and row height.
    public struct Table: Equatable, Sendable {
        public var name: String
        public var rows: Int?
        public var rowHeight: Double?
    }

    /// An anchor constraint, `first REL second * multiplier + constant`, or
    /// `first REL constant` when there is no second anchor.
    public struct Constraint: Equatable, Sendable {
        public var first: Anchor
        public var relation: String
        public var second: Anchor?
        public var multiplier: Double
        public var constant: Double
        public var priority: Double?
        /// The stored property or local that holds it.
        public var name: String?
        public var file: String
        public var line: Int
    }

    /// A property the code sets on a view that kbplay models, as `set`
    /// takes it: `hidden` `on`, `alpha` `= 0.5`, `keyboardDismissMode`
    /// `= onDrag`; on views made in code or on outlets.
    public struct Setting: Equatable, Sendable {
        public var view: String
        public var property: String
        public var value: String
        public var file: String
        public var line: Int
    }

    /// A child view controller (`addChild(child)`, its view added to
    /// `container`, nil for the root view).
    public struct Child: Equatable, Sendable {
        public var controller: String
        public var type: String
        public var container: String?
        public var file: String
        public var line: Int
    }

    /// An input accessory view (`field.inputAccessoryView = bar`) or an
    /// input view (`field.inputView = picker`) and its height.
    public struct InputView: Equatable, Sendable {
        public var owner: String
        /// The property that holds it; nil for one made in place
        /// (`field.inputView = UIDatePicker()`).
        public var name: String?
        public var height: Double
        public var isAccessory: Bool
        public var file: String
        public var line: Int
    }

    /// The class that builds it (`LoginViewController`).
    public var type: String
    /// The controller name the class binds to: the class's name without
    /// `ViewController` or `Controller` (`Login`).
    public var controller: String
    public var views: [View]
    public var constraints: [Constraint]
    public var settings: [Setting] = []
    public var children: [Child] = []
    public var inputViews: [InputView] = []
    /// Its own table, when the class is a `UITableViewController`.
    public var table: Table?
    /// The `@IBOutlet` views the code refers to: made by a storyboard that
    /// is imported first, not by the code.
    public var outlets: [String] = []
}

/// The root view's anchors are written `ROOT.…` until the controller's name
/// is known.
public let codeScreenRoot = "$root"

/// The superview of a view the code does not make (an outlet) is written
/// `$parent:NAME` until the session that has it is known.
public let codeScreenParentPrefix = "$parent:"
