/// The result of a layout pass: every view's frames and insets, scroll
/// geometry and constraint constants. A plain value; ``LayoutDiff``
/// compares two of them.
public struct LayoutSnapshot: Hashable, Codable, Sendable {
    public var screenSize: Size
    /// The keyboard's frame in screen coordinates, if it is on screen.
    public var keyboardFrame: Rect?
    /// Views in hierarchy order.
    public var views: [ViewLayout]
    /// User constraints in creation order.
    public var constraints: [ConstraintValue]
    /// Constraints this pass had to break (usually none).
    public var warnings: [ModelWarning]

    public init(screenSize: Size, keyboardFrame: Rect?, views: [ViewLayout], constraints: [ConstraintValue],
                warnings: [ModelWarning] = []) {
        self.screenSize = screenSize
        self.keyboardFrame = keyboardFrame
        self.views = views
        self.constraints = constraints
        self.warnings = warnings
    }

    /// The layout of the view called `name`.
    public func view(_ name: String) -> ViewLayout? {
        views.first { $0.name == name }
    }

    /// The window frame of the view called `name`.
    public func windowFrame(_ name: String) -> Rect? {
        view(name)?.windowFrame
    }

    /// The constant of the constraint called `name`.
    public func constant(_ name: String) -> Double? {
        constraints.first { $0.name == name }?.constant
    }
}
