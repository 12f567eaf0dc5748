/// A view controller: its root view `NAME.view`, its place among
/// controllers and its appearance state.
public struct Controller: Hashable, Codable, Sendable {
    public var name: String
    /// The parent controller of a child view controller.
    public var parent: String?
    /// The parent's view the child's root view is pinned to.
    public var container: String?
    /// Between viewWillAppear and viewDidDisappear: in the window.
    public var isAppeared: Bool
    /// A frame set on the window root's root view (window coordinates), or
    /// nil to fill the screen.
    public var rootFrameOverride: Rect?
    /// The controller's own `inputAccessoryView` (it can become first
    /// responder): the accessory view's name.
    public var inputAccessory: String?
    /// The controller resigned first responder (a scroll view's
    /// `…WithAccessory` dismissal): its accessory is off screen until it
    /// appears again (viewDidAppear calls becomeFirstResponder). nil: no.
    public var resignedFirstResponder: Bool?
    /// A `UITableViewController`'s table view: it fills the root view.
    public var tableView: String?
    /// How it is presented (`present C as …`), while it is.
    public var presentation: Presentation?
    /// It was presented and then dismissed: its view left the window, so
    /// nothing of it is drawn or visible until it is presented (or
    /// appears) again. nil: no (left out of a session file).
    public var isDismissed: Bool?

    public init(name: String, parent: String? = nil, container: String? = nil) {
        self.name = name
        self.parent = parent
        self.container = container
        isAppeared = true
        rootFrameOverride = nil
    }

    /// The root view's name, `NAME.view`.
    public var rootView: String { name + ".view" }
}
