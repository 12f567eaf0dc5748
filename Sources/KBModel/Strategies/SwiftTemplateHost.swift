/// What a strategy's `export swift` template works with: the Swift
/// exporter passes itself as the host (`inout`, so a template adds its
/// lines to the classes being written). Plain questions about the classes
/// and the session, and the places a template writes to; no I/O.
public protocol SwiftTemplateHost {
    /// `10`, `0.5`, `-8`: a number as Swift source.
    func literal(_ x: Double) -> String
    /// The `// kbplay:` comments of the flaws the session showed for
    /// `strategy`, all at its set-up.
    func setupFlawComments(_ strategy: Strategy) -> [String]
    /// The table view of the class of controller `name`, when it is a
    /// UITableViewController.
    func tableView(ofController name: String) -> String?
    /// Whether a constraint made in the class of controller `name` uses
    /// its view's keyboardLayoutGuide.
    func usesKeyboardGuide(inClassOf name: String) -> Bool
    /// `self.form.bottomConstraint`: how the class of controller `from`
    /// reaches constraint `name`; nil when it is not made in that class or
    /// a child's.
    func constraintReference(_ name: String, from: String) -> String?
    /// Adds the code `kind`'s source ships (a class or protocols, with the
    /// flaws it holds) to the file, once.
    mutating func useSupportCode(of kind: StrategyKind)
    /// Sets the body of `loadView` of the class of controller `name`.
    mutating func setLoadView(_ lines: [String], of name: String)
    /// The `// kbplay:` comments of the flaws the session showed for
    /// `strategy` that go at `slot`, the lines they concern.
    func flawComments(_ strategy: Strategy, at slot: SwiftTemplateSlot) -> [String]
    /// The flaws of `strategy` this export fixes (none unless it is `fixed`).
    func fixes(_ strategy: Strategy) -> Set<Flaw.ID>
    /// The keyboard's height as the code uses it from `endFrame` in `view`,
    /// with the flaws in `fixes` fixed.
    func keyboardHeight(fixing fixes: Set<Flaw.ID>) -> String
    /// `K.constant = EXPR` when the class of controller `from` reaches
    /// constraint `name`, else a comment saying why not.
    func setConstant(_ name: String?, _ expression: String, from: String) -> String
    /// How the class of controller `from` reaches view `name`; nil when it
    /// is not made in that class or a child's.
    func viewReference(_ name: String, from: String) -> String?
    /// Whether view `name` is a text view.
    func isTextView(_ name: String) -> Bool
    /// The text inputs this export writes that are inside view `ancestor`,
    /// in the screen's order.
    func textInputs(inside ancestor: String) -> [String]
    /// The parent controller of controller `child` and the property its
    /// class holds the child in; nil when it has none.
    func parent(of child: String) -> (controller: String, property: String)?
    /// A block-based observer of `UIResponder.<notification>` that calls
    /// `call` with the notification on the main queue.
    func observerLines(_ notification: String, calling call: String) -> [String]
    /// The keyboard's end frame read from a notification `note`.
    var endFrameExpression: String { get }
    /// Whether the fixed code observes keyboardWillChangeFrame too.
    func observesFrameChange(fixing fixes: Set<Flaw.ID>) -> Bool
    /// Adds protocols the class of controller `name` conforms to.
    mutating func addConformances(_ protocols: [String], to name: String)
    /// Adds a stored property declaration to the class of controller `name`.
    mutating func addProperty(_ declaration: String, to name: String)
    /// Appends lines to a lifecycle method (`viewWillAppear`) of the class
    /// of controller `name`.
    mutating func appendLifecycle(_ method: String, _ lines: [String], to name: String)
    /// Adds a member (a method, its lines) to the class of controller `name`.
    mutating func addMember(_ lines: [String], to name: String)
    /// Appends lines to the set-up of the class of controller `name`.
    mutating func appendSetup(_ lines: [String], to name: String)
    /// Imports `module` at the top of the file when it can be
    /// (`#if canImport(MODULE)`): a package the app links, not UIKit.
    mutating func importIfAvailable(_ module: String)
}

/// Where in a strategy's code a flaw's comment goes.
public enum SwiftTemplateSlot: Sendable {
    /// Where the observers are registered (or the strategy is set up).
    case register
    /// Where the keyboard's end frame is used on show or a frame change.
    case show
    /// Where it is used on hide.
    case hide
}
