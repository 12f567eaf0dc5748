/// Why the model refused a request: what was wrong and, where there is one,
/// what would work. Nothing changes when an error is thrown.
public enum ModelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of object a name was expected to denote.
    public enum NameKind: String, Sendable, Equatable {
        case view, controller, constraint, name, device, anchor, guide
    }

    case unknownName(String, kind: NameKind, suggestion: String?)
    case unknownDevice(String, suggestion: String?)
    case duplicateName(String, existing: NameKind)
    case reservedName(String)
    case invalidName(String)
    /// An anchor text that is not `VIEW[.GUIDE].ATTRIBUTE`.
    case malformedAnchor(String)
    /// The guide exists only on scroll views (`content`, `frameGuide`).
    case guideNeedsScrollView(view: String, guide: String)
    /// Constraints relate like anchors: x positions, y positions, or sizes.
    case incompatibleAnchors(String, String)
    /// A size anchor compared to a constant is fine; a position is not.
    case positionNeedsAnchor(String)
    case invalidPriority(Int)
    case invalidMultiplier(Double)
    case invalidAlpha(Double)
    case invalidNumber(String, Double)
    case notAScrollView(String)
    case notAStackView(String)
    case notATextInput(String)
    /// Only a text field has a placeholder.
    case placeholderNeedsTextField(String)
    /// The view is in a dismissed controller: out of the window.
    case notInWindow(view: String, dismissed: String)
    /// A root view of a controller cannot be removed on its own.
    case cannotRemoveRootView(String, controller: String)
    case cannotRemoveController(String)
    /// The container of a child controller must be a view of its parent.
    case containerNotInParent(container: String, parent: String)
    case controllerAlreadyHasParent(String)
    /// Only text inputs and controllers have an `inputAccessoryView`.
    case accessoryNeedsResponder(String)
    case accessoryExists(owner: String, accessory: String)
    case invalidHeight(Double, max: Double)
    case notATableView(String)
    case windowNeedsPad(String)
    case windowNeedsFrame
    case windowOutsideScreen(Rect, Size)
    case cannotPresent(String, String)
    case notPresented(String)
    case rowOutOfRange(table: String, row: Int, rows: Int)
    case rowHoldsViews(table: String, row: Int)
    case invalidRows(Int)

    public var description: String {
        switch self {
        case let .unknownName(name, kind, suggestion):
            return "unknown \(kind.rawValue) '\(name)'" + (suggestion.map { " — did you mean '\($0)'?" } ?? "")
        case let .unknownDevice(id, suggestion):
            // The preset and its screen beside the name: names alone can
            // mislead (iphone-se1 is not the SE 3).
            return "unknown device '\(id)'" + (suggestion.map { s in
                guard let d = DeviceCatalog.standard.device(named: s) else { return " — did you mean '\(s)'?" }
                let screen = "\(formatPoints(d.screen.width))×\(formatPoints(d.screen.height))"
                return " — did you mean '\(s)' (\(d.id == s ? "" : d.id + ", ")\(screen))?"
            } ?? " — `devices` lists them")
        case let .duplicateName(name, existing):
            return "'\(name)' is already the name of a \(existing.rawValue); names are unique across controllers, views and constraints"
        case let .reservedName(name):
            return "'\(name)' is reserved (window, screen, kb, keyboard); pick another name"
        case let .invalidName(name):
            return "'\(name)' is not a valid name: use letters, digits and _, not starting with a digit"
        case let .malformedAnchor(text):
            return "'\(text)' is not an anchor: write VIEW.ATTRIBUTE or VIEW.GUIDE.ATTRIBUTE (e.g. email.top, Login.view.safeArea.bottom)"
        case let .guideNeedsScrollView(view, guide):
            return "'\(view)' is not a scroll view, so it has no \(guide) guide (only scrollView and textView do)"
        case let .incompatibleAnchors(a, b):
            return "cannot relate \(a) to \(b): relate x positions to x positions, y positions to y positions, sizes to sizes"
        case let .positionNeedsAnchor(a):
            return "\(a) is a position: relate it to another anchor (only width and height compare to a constant)"
        case let .invalidPriority(p):
            return "priority \(p) is out of range: use 1…1000 (1000 = required)"
        case let .invalidMultiplier(m):
            return "multiplier \(m.isFinite ? formatPoints(m) : String(m)) is not allowed: use a non-zero number from -\(formatPoints(Screen.largestMultiplier)) to \(formatPoints(Screen.largestMultiplier))"
        case let .invalidAlpha(a):
            return "alpha \(a.isFinite ? formatPoints(a) : String(a)) is out of range: use a number from 0 (transparent) to 1 (opaque)"
        case let .invalidNumber(what, value):
            let limit = formatPoints(Screen.largestLength)
            return "\(what) \(value.isFinite ? formatPoints(value) : String(value)) is out of range: use a number from -\(limit) to \(limit) points"
        case let .notAScrollView(v):
            return "'\(v)' is not a scroll view (scrollView or textView)"
        case let .notAStackView(v):
            return "'\(v)' is not a stack view"
        case let .notATextInput(v):
            return "'\(v)' cannot become first responder: focus a textField or textView"
        case let .cannotRemoveRootView(v, controller):
            return "'\(v)' is the root view of \(controller); it goes with its controller"
        case let .cannotRemoveController(c):
            return "controllers cannot be removed ('\(c)'); use `disappear \(c)` to take it out of the window"
        case let .containerNotInParent(container, parent):
            return "'\(container)' is not a view of \(parent): a child controller's container must belong to its parent"
        case let .controllerAlreadyHasParent(c):
            return "'\(c)' is already a controller"
        case let .accessoryNeedsResponder(v):
            return "'\(v)' cannot have an input accessory view: only a textField, a textView or a controller (canBecomeFirstResponder) can"
        case let .accessoryExists(owner, accessory):
            return "\(owner) already has an input accessory view, \(accessory): remove \(accessory) first (a responder has one inputAccessoryView)"
        case let .windowNeedsPad(kind):
            return "'window \(kind)' needs an iPad: an iPhone app fills the screen (try: device ipad-pro-11 landscape)"
        case .windowNeedsFrame:
            return "a Stage Manager window needs its frame in screen coordinates: window stage X Y W H"
        case let .windowOutsideScreen(f, s):
            return "the window \(f) does not fit the \(formatPoints(s.width))×\(formatPoints(s.height)) screen: a Stage Manager window is at least \(formatPoints(AppWindow.minimumStageSize.width))×\(formatPoints(AppWindow.minimumStageSize.height)) and inside the screen"
        case let .cannotPresent(c, why):
            return "cannot present \(c): \(why)"
        case let .placeholderNeedsTextField(v):
            return "'\(v)' is not a textField: only a text field has a placeholder"
        case let .notInWindow(v, c):
            return "\(v) is not in the window: \(c) was dismissed (present \(c) as sheet first)"
        case let .notPresented(c):
            return "\(c) is not presented, so there is nothing to dismiss (present \(c) as sheet)"
        case let .notATableView(v):
            return "'\(v)' is not a table view"
        case let .rowOutOfRange(table, row, rows):
            return rows == 0 ? "\(table) has no rows: give it some (set \(table).rows N)"
                : "\(table) has \(rows) row\(rows == 1 ? "" : "s") (0…\(rows - 1)), so there is no row \(row)"
        case let .rowHoldsViews(table, row):
            return "row \(row) of \(table) holds views (\(Screen.cellName(table, row))): remove them before dropping the row"
        case let .invalidRows(n):
            return "a table has 0 to \(TableConfiguration.maxRows) rows, not \(n)"
        case let .invalidHeight(h, max):
            return "a height must be more than 0 and at most \(formatPoints(max)) (the screen's longer side), not \(h.isFinite ? formatPoints(h) : String(h))"
        }
    }

    /// The suggested name, if any (for `did you mean`).
    public var suggestion: String? {
        switch self {
        case let .unknownName(_, _, s), let .unknownDevice(_, s): s
        default: nil
        }
    }
}
