/// One thing that keeps the focused field (or a text view's caret) from
/// being seen, and by how much.
public struct Obstruction: Hashable, Codable, Sendable {
    /// What hides the field, in the order a verdict names them: the first
    /// that applies is the reason given.
    public enum Cause: String, Hashable, Codable, Sendable, CaseIterable {
        /// The field's controller was dismissed: its view is not in the
        /// window at all.
        case dismissed
        /// The field or an ancestor is hidden (`isHidden`, alpha 0).
        case hidden
        /// Some of the field is outside the window.
        case offscreen
        /// An ancestor that clips (a scroll view, a view with
        /// `clipsToBounds`) cuts the field.
        case clipped
        /// The keyboard (with its accessory) covers the field.
        case keyboard
        /// The field reaches into the top safe-area inset: the status bar,
        /// notch or Dynamic Island.
        case statusBar
        /// The field reaches into the bottom safe-area inset, where the
        /// home indicator is, while no keyboard is over it.
        case homeIndicator
    }

    /// Which edge of the window or of the clipping view the field is past.
    public enum Edge: String, Hashable, Codable, Sendable {
        case top, bottom, left, right
    }

    public var cause: Cause
    /// The view that is hidden or clips (`hidden`, `clipped`), the
    /// controller that was dismissed (`dismissed`), nil otherwise.
    public var view: String?
    /// How far the field would have to move to be clear of this: past the
    /// edge for `offscreen` and `clipped`, into the band for `statusBar`
    /// and `homeIndicator`, under the keyboard's top for `keyboard`, the
    /// field's height for `hidden`.
    public var points: Double
    /// The edge passed (`offscreen`, `clipped`).
    public var edge: Edge?
    /// For `hidden`: the view is at alpha 0 rather than hidden.
    public var byAlpha: Bool

    public init(_ cause: Cause, view: String? = nil, points: Double, edge: Edge? = nil, byAlpha: Bool = false) {
        self.cause = cause
        self.view = view
        self.points = roundPoints(points)
        self.edge = edge
        self.byAlpha = byAlpha
    }
}

extension Screen {
    /// What keeps `rect` (in window coordinates) of the view called `view`
    /// from being seen in `snapshot`: the view or an ancestor hidden, the
    /// window's edges, every ancestor that clips (scroll views, views with
    /// `clipsToBounds`; with `clipsItself` the view too, for a caret inside
    /// a text view), the keyboard, the status bar and the home indicator.
    /// In ``Obstruction/Cause`` order; empty when `rect` can be seen whole.
    ///
    /// `covered` is the keyboard's share as ``focusReport(in:)`` measures it.
    public func obstructions(of rect: Rect, view: String, in snapshot: LayoutSnapshot,
                             keyboardCovered covered: Double, clipsItself: Bool = false) -> [Obstruction] {
        var out: [Obstruction] = []
        // Not in the window at all: the first reason.
        if let c = dismissedController(holding: view) {
            out.append(Obstruction(.dismissed, view: c, points: rect.height))
        }
        // The view and its ancestors, nearest first: parents come before
        // their subviews in hierarchy order, so one backward walk finds them.
        // Only what the checks read of each (a view is a large value).
        struct Link {
            var name: String
            var isHidden: Bool
            var alpha: Double
            var clipsToBounds: Bool
            var windowFrame: Rect
        }
        var chain: [Link] = []
        if var k = snapshot.index(of: view) {
            var wanted: String? = view
            while k >= 0, let name = wanted {
                if snapshot.views[k].name == name, case let .view(i)? = names[name] {
                    let model = viewList[i]
                    chain.append(Link(name: name, isHidden: model.isHidden, alpha: model.alpha, clipsToBounds: model.clipsToBounds,
                                      windowFrame: snapshot.views[k].windowFrame))
                    wanted = model.parent
                }
                k -= 1
            }
        }
        // Hidden: the outermost hidden or transparent view is the one to change.
        if let hidden = chain.last(where: { $0.isHidden || $0.alpha == 0 }) {
            out.append(Obstruction(.hidden, view: hidden.name, points: rect.height, byAlpha: !hidden.isHidden))
        }
        // The window's edges.
        let window = Rect(origin: Point(x: 0, y: 0), size: snapshot.screenSize)
        if let (edge, past) = Self.farthestEdge(of: rect, outside: window) {
            out.append(Obstruction(.offscreen, points: past, edge: edge))
        }
        // Ancestors that clip, nearest first; the one cutting deepest is named.
        var deepest: Obstruction?
        for (i, link) in chain.enumerated() where (i > 0 || clipsItself) && link.clipsToBounds {
            if let (edge, past) = Self.farthestEdge(of: rect, outside: link.windowFrame),
               past > (deepest?.points ?? 0) {
                deepest = Obstruction(.clipped, view: link.name, points: past, edge: edge)
            }
        }
        if let deepest { out.append(deepest) }
        // The keyboard, when one is on screen.
        let height = snapshot.screenSize.height
        let keyboard = snapshot.keyboardFrame.flatMap { $0.height > 0 && $0.minY < height ? $0 : nil }
        if keyboard != nil, covered > 0 { out.append(Obstruction(.keyboard, points: covered)) }
        // The safe area's top and bottom bands.
        let insets = windowSafeAreaInsets
        if insets.top > 0, rect.minY < insets.top, rect.maxY > 0 {
            out.append(Obstruction(.statusBar, points: insets.top - rect.minY))
        }
        let band = height - insets.bottom
        if insets.bottom > 0, rect.maxY > band, rect.minY < height, (keyboard?.minY ?? height) > band {
            out.append(Obstruction(.homeIndicator, points: rect.maxY - band))
        }
        return out
    }

    /// The edge of `frame` that `rect` reaches farthest past, and how far;
    /// nil when `rect` is inside (touching counts as inside).
    static func farthestEdge(of rect: Rect, outside frame: Rect) -> (Obstruction.Edge, Double)? {
        let tolerance = 0.005
        let candidates: [(Obstruction.Edge, Double)] = [
            (.top, frame.minY - rect.minY), (.bottom, rect.maxY - frame.maxY),
            (.left, frame.minX - rect.minX), (.right, rect.maxX - frame.maxX),
        ]
        var best: (Obstruction.Edge, Double)?
        for c in candidates where c.1 > tolerance && c.1 > (best?.1 ?? 0) { best = c }
        return best
    }
}
