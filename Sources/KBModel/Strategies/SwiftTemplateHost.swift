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
    /// Appends lines to the set-up of the class of controller `name`.
    mutating func appendSetup(_ lines: [String], to name: String)
}
