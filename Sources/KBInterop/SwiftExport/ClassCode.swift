import KBModel

/// The code of one controller's class as ``SwiftExporter`` collects it:
/// its properties, what `viewDidLoad` does in order (views, constraints,
/// child controllers, the keyboard's parts, the strategies' set-up), the
/// lifecycle methods strategies need, and other members.
struct ClassCode {
    let controller: Controller
    let className: String
    var superclass = "UIViewController"
    /// The names of the class's members.
    var names: SwiftNames
    /// A child controller's name → the parent's property holding it.
    var childProperty: [String: String] = [:]
    var conformances: [String] = []
    var properties: [String] = []
    /// Views and child controllers, as `viewDidLoad` makes them.
    var viewDidLoad: [String] = []
    /// Constraints assigned to stored properties before they are activated.
    var constraintLines: [String] = []
    /// What `NSLayoutConstraint.activate` gets: stored names and expressions.
    var activated: [String] = []
    /// Constraints made by the class itself (a child's root view pinned to its container).
    var pendingConstraints: [String] = []
    var childrenDidMove: [String] = []
    var keyboardParts: [String] = []
    var strategySetup: [String] = []
    /// `viewWillAppear` … `viewDidDisappear` → the lines each adds after `super`.
    var lifecycle: [String: [String]] = [:]
    var loadView: [String]?
    /// Methods and overrides, each a block of lines.
    var members: [[String]] = []

    /// Members of UIKit's classes and of the generated code that a kbplay
    /// name must not take.
    static let reserved: Set<String> = [
        "view", "title", "parent", "children", "tableView", "inputAccessoryView", "inputView", "canBecomeFirstResponder",
        "isFirstResponder", "next", "navigationItem", "navigationController", "presentingViewController",
        "presentedViewController", "modalPresentationStyle", "sheetPresentationController", "traitCollection",
        "preferredContentSize", "isEditing", "tabBarItem", "tabBarController", "splitViewController", "toolbarItems",
        "storyboard", "nibName", "nibBundle", "additionalSafeAreaInsets", "viewIfLoaded", "isViewLoaded",
        "undoManager", "description", "debugDescription", "hash", "keyCommands", "restorationIdentifier",
        "userActivity", "refreshControl", "clearsSelectionOnViewWillAppear", "viewDidLoad", "loadView",
        "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear", "addChild", "present", "dismiss",
        "becomeFirstResponder", "resignFirstResponder", "keyboardObserver", "keyboardTokens", "expansionDelegate",
        "keyboardWillShow", "keyboardWillHide", "adjustForKeyboard", "childWantsToExpand", "startObservingKeyboard",
        "stopObservingKeyboard", "keyboardInsetTokens", "keyboardChildTokens", "init", "deinit", "self", "super", "Type",
    ]

    init(controller: Controller, className: String) {
        self.controller = controller
        self.className = className
        names = SwiftNames(reserved: Self.reserved)
    }

    /// The class, as lines.
    func lines() -> [String] {
        var out: [String] = []
        let inherits = ([superclass] + conformances).joined(separator: ", ")
        out.append("/// kbplay's controller \(controller.name)\(controller.tableView.map { ", a table view controller of \($0)" } ?? "").")
        out.append("final class \(className): \(inherits) {")
        var body: [[String]] = []
        if !properties.isEmpty { body.append(properties) }
        if let loadView {
            body.append(["override func loadView() {"] + loadView.map { "    " + $0 } + ["}"])
        }
        var load = ["super.viewDidLoad()"] + viewDidLoad + constraintLines
        let activate = activated + pendingConstraints
        if !activate.isEmpty {
            load.append("NSLayoutConstraint.activate([")
            load += activate.map { $0.hasPrefix("//") ? "    " + $0 : "    " + $0 + "," }
            load.append("])")
        }
        load += childrenDidMove + keyboardParts + strategySetup
        body.append(["override func viewDidLoad() {"] + load.map { "    " + $0 } + ["}"])
        for method in ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"] {
            guard let lines = lifecycle[method], !lines.isEmpty else { continue }
            body.append(["override func \(method)(_ animated: Bool) {", "    super.\(method)(animated)"]
                + lines.map { "    " + $0 } + ["}"])
        }
        body += members
        for (i, block) in body.enumerated() {
            if i > 0 { out.append("") }
            out += block.map { $0.isEmpty ? "" : "    " + $0 }
        }
        out.append("}")
        return out
    }
}
