/// The kinds of views kbplay knows, named like the UIKit classes.
public enum ViewKind: String, Codable, Sendable, CaseIterable {
    case view
    case label
    case button
    case textField
    /// A `UITextView`, which is a scroll view.
    case textView
    case scrollView
    case stackView
    /// A `UITableView`, which is a scroll view of rows.
    case tableView

    /// Scroll views (and text views, as `UITextView` is a `UIScrollView`).
    public var isScrollView: Bool { self == .scrollView || self == .textView || self == .tableView }
    /// Kinds that can become first responder and show the keyboard.
    public var isTextInput: Bool { self == .textField || self == .textView }
    /// UIKit's default content hugging priority (labels 251, others 250).
    public var defaultHugging: Int { self == .label ? 251 : 250 }
}
