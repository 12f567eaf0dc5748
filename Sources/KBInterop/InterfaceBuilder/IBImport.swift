import KBModel

/// What importing one scene of an Interface Builder document made: the
/// screen, the names it gave (IB object id → kbplay name), what it could
/// not carry over as it is, and the frames the document stores.
public struct IBImport: Sendable {
    public var screen: Screen
    /// The scene's controller (the one its `scene NAME` chose).
    public var controller: String
    /// IB object id → name, for every view, guide, constraint and
    /// controller made, in the order they were made.
    public var names: [(id: String, name: String)]
    public var findings: [Finding]
    /// Conflicts the document's constraints have, as typed ones report them.
    public var warnings: [ModelWarning]
    /// The frames the document stores, in window coordinates, of the views
    /// it lays out; `misplaced` when Xcode marks the view as not where its
    /// constraints put it.
    public var storedFrames: [StoredFrame]
    /// Table view controllers: each comes with UIKit's own keyboard
    /// handling, which the session attaches (as `controller … table` does).
    public var tableControllers: [(controller: String, table: String)]

    public struct StoredFrame: Sendable {
        public var name: String
        public var frame: Rect
        public var misplaced: Bool
    }

    /// The stored frames kbplay's layout misses by more than half a point:
    /// name, kbplay's frame, the document's.
    func frameMismatches(in layout: LayoutSnapshot) -> [(name: String, kbplay: Rect, stored: Rect)] {
        storedFrames.compactMap { s in
            guard !s.misplaced, let f = layout.windowFrame(s.name) else { return nil }
            let off = max(abs(f.x - s.frame.x), abs(f.y - s.frame.y), abs(f.width - s.frame.width),
                          abs(f.height - s.frame.height))
            return off > 0.5 ? (s.name, f, s.frame) : nil
        }
    }
}
