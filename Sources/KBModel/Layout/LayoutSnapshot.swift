/// The result of a layout pass: every view's frames and insets, scroll
/// geometry and constraint constants. A plain value; ``LayoutDiff``
/// compares two of them.
public struct LayoutSnapshot: Hashable, Codable, Sendable {
    /// The window's size: the screen's, unless the app is in a smaller
    /// window (Split View, Slide Over, Stage Manager).
    public var screenSize: Size
    /// The keyboard's frame in window coordinates (the screen's when the
    /// window fills it), if it is on screen.
    public var keyboardFrame: Rect?
    /// Views in hierarchy order. In segments: a layout pass that moved a
    /// few views shares the others' segments with the snapshot before, and
    /// ``LayoutDiff`` passes over shared segments without reading them.
    public var views: SegmentedArray<ViewLayout>
    /// User constraints in creation order, in segments as ``views`` are:
    /// the states of constraints a command left alone are shared.
    public var constraints: SegmentedArray<ConstraintValue>
    /// Constraints this pass had to break (usually none).
    public var warnings: [ModelWarning]

    public init(screenSize: Size, keyboardFrame: Rect?, views: [ViewLayout], constraints: [ConstraintValue],
                warnings: [ModelWarning] = []) {
        self.init(screenSize: screenSize, keyboardFrame: keyboardFrame, views: SegmentedArray(views),
                  constraints: SegmentedArray(constraints), warnings: warnings)
    }

    public init(screenSize: Size, keyboardFrame: Rect?, views: SegmentedArray<ViewLayout>,
                constraints: SegmentedArray<ConstraintValue>, warnings: [ModelWarning] = []) {
        self.screenSize = screenSize
        self.keyboardFrame = keyboardFrame
        self.views = views
        self.constraints = constraints
        self.warnings = warnings
    }

    /// The layout of the view called `name`.
    public func view(_ name: String) -> ViewLayout? {
        index(of: name).map { views[$0] }
    }

    /// The window frame of the view called `name`.
    public func windowFrame(_ name: String) -> Rect? {
        index(of: name).map { views[$0].windowFrame }
    }

    /// Where the view called `name` is in ``views`` (compared in place:
    /// a view layout is large, and scanning by copies would copy each).
    func index(of name: String) -> Int? {
        for s in 0 ..< views.segmentCount {
            let found = views.segment(s).withUnsafeBufferPointer { segment in
                segment.firstIndex { $0.name == name }
            }
            if let found { return s * SegmentedArray<ViewLayout>.segmentSize + found }
        }
        return nil
    }

    /// The constant of the constraint called `name`.
    public func constant(_ name: String) -> Double? {
        constraints.first { $0.name == name }?.constant
    }
}
