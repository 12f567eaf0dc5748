// Layout passes, the keyboard, scrolling and focus.

extension Screen {
    /// Lays the screen out and returns every view's geometry.
    ///
    /// Incremental: only what changed since the last pass is re-solved (the
    /// solver's `setConstant` and dual simplex); content-size constraints of
    /// new or changed views are added first, after the user's, as UIKit
    /// does in its update-constraints pass. Calling it again without a
    /// change returns the same snapshot at no cost.
    public mutating func layout() -> LayoutSnapshot {
        let e = uniqueEngine()
        if let s = e.cachedSnapshot { return s }
        let warnings = settleNow()
        var snapshot = e.snapshot(self)
        e.cachedSnapshot = snapshot
        snapshot.warnings = warnings
        return snapshot
    }

    /// The layout made with nothing kept from the last snapshot (every
    /// view's layout made again): what ``layout()`` must equal, for checks
    /// of the segments it keeps.
    func layoutAfresh() -> LayoutSnapshot {
        var copy = self
        _ = copy.layout()
        let e = copy.uniqueEngine()
        e.lastSnapshotInputs = nil
        e.cachedSnapshot = nil
        return copy.layout()
    }

    /// The last layout pass's snapshot if nothing changed since, read
    /// without touching the layout cache: a reader of a screen others share
    /// (a web page's snapshot of a daemon session) gets it without the copy
    /// of the cache, and of its solver, that ``layout()`` on a shared
    /// screen makes. Nil when a pass is due.
    public var cachedLayout: LayoutSnapshot? {
        isStowed ? nil : engine?.cachedSnapshot
    }

    // MARK: Keyboard

    /// Sets the keyboard's frame in screen coordinates (nil: no keyboard on
    /// screen) and whether it is docked. `keyboardLayoutGuide`s follow a
    /// docked keyboard; the change is incremental (one constant per guide).
    @discardableResult
    ///
    /// `accessory` names the input accessory view on the frame's top and
    /// how much of the frame it takes: it is laid out there.
    public mutating func setKeyboardFrame(_ frame: Rect?, docked: Bool = true,
                                          accessory: (name: String, height: Double)? = nil) -> MutationResult {
        let state = KeyboardState(frame: frame, isDocked: docked, accessory: frame == nil ? nil : accessory?.name,
                                  accessoryHeight: frame == nil ? nil : accessory?.height)
        // The same keyboard again (each notification of a burst sets it)
        // leaves the layout as it is.
        if state != keyboard {
            keyboard = state
            uniqueEngine().invalidate()
        }
        return MutationResult(warnings: settleNow())
    }

    // MARK: Scrolling

    /// Sets a scroll view's `contentInset`. A keyboard handler's change
    /// (`byHandler`) keeps the inset the screen has at rest
    /// (``ScrollConfiguration/restingContentInset``); a command's makes the
    /// new inset the one at rest.
    @discardableResult
    public mutating func setContentInset(_ inset: EdgeInsets, of view: String, byHandler: Bool = false) throws(ModelError) -> MutationResult {
        let i = try scrollIndex(view)
        try Screen.checkFinite("content inset", inset)
        let current = viewList[i].scroll!
        if !byHandler || current.restingContentInset == inset {
            if current.restingContentInset != nil { viewList[i].scroll!.restingContentInset = nil }
        } else if current.restingContentInset == nil && current.contentInset != inset {
            viewList[i].scroll!.restingContentInset = current.contentInset
        }
        guard viewList[i].scroll!.contentInset != inset else { return .ok }
        viewList[i].scroll!.contentInset = inset
        uniqueEngine().invalidate()
        return MutationResult(warnings: settleNow())
    }

    /// Sets a scroll view's scroll indicator insets.
    @discardableResult
    public mutating func setIndicatorInsets(_ inset: EdgeInsets, of view: String) throws(ModelError)
        -> MutationResult {
        let i = try scrollIndex(view)
        try Screen.checkFinite("indicator inset", inset)
        guard viewList[i].scroll!.indicatorInsets != inset else { return .ok }
        viewList[i].scroll!.indicatorInsets = inset
        // The snapshot shows them; the layout does not depend on them.
        uniqueEngine().cachedSnapshot = nil
        return .ok
    }

    /// Sets a scroll view's `contentOffset` (nil: back to UIKit's start,
    /// `−adjustedContentInset`). Views pinned to the content guide move;
    /// views pinned to the frame guide or outside do not.
    @discardableResult
    public mutating func setContentOffset(_ offset: Point?, of view: String) throws(ModelError) -> MutationResult {
        let i = try scrollIndex(view)
        if let offset {
            try Screen.checkFinite("content offset", offset.x)
            try Screen.checkFinite("content offset", offset.y)
        }
        viewList[i].scroll!.contentOffset = offset
        // The content guide exists once something uses it; make sure it does.
        _ = uniqueEngine().box(AnchorOwner(view: view, guide: .content), self)
        uniqueEngine().invalidate()
        return MutationResult(warnings: settleNow())
    }

    /// `scrollRectToVisible(_:animated:)`: scrolls as little as needed to
    /// show `rect` (in the scroll view's content coordinates) inside the
    /// area left by the adjusted content inset, within the scrollable range.
    @discardableResult
    public mutating func scrollRectToVisible(_ rect: Rect, in view: String) throws(ModelError) -> MutationResult {
        let i = try scrollIndex(view)
        guard let (frame, scroll) = scrollGeometry(i) else { return .ok }
        let a = scroll.adjustedContentInset, o = scroll.contentOffset, b = frame.size
        func axis(_ offset: Double, _ lo: Double, _ hi: Double, _ insetLo: Double, _ insetHi: Double,
                  _ length: Double, _ content: Double) -> Double {
            var new = offset
            let visibleLo = offset + insetLo, visibleHi = offset + length - insetHi
            if lo < visibleLo || hi - lo > visibleHi - visibleLo {
                new = lo - insetLo
            } else if hi > visibleHi {
                new = hi - length + insetHi
            }
            let minimum = -insetLo, maximum = max(minimum, content + insetHi - length)
            return min(max(new, minimum), maximum)
        }
        let x = axis(o.x, rect.minX, rect.maxX, a.left, a.right, b.width, scroll.contentSize.width)
        let y = axis(o.y, rect.minY, rect.maxY, a.top, a.bottom, b.height, scroll.contentSize.height)
        guard x != o.x || y != o.y else { return .ok }
        viewList[i].scroll!.contentOffset = Point(x: cleanValue(x), y: cleanValue(y))
        uniqueEngine().invalidate()
        return MutationResult(warnings: settleNow())
    }

    /// Scrolls `view`'s nearest scroll-view ancestor so that `view` is
    /// visible (what UIKit does for a field that becomes first responder in
    /// a scroll view, and what keyboard code calls).
    @discardableResult
    public mutating func scrollToVisible(_ view: String) throws(ModelError) -> MutationResult {
        let i = try viewIndex(view)
        guard let s = uniqueEngine().hierarchy(self).scrollAncestor[i],
              let (frame, scroll) = scrollGeometry(s), let v = windowFrame(of: view) else { return .ok }
        let rect = v.offsetBy(dx: scroll.contentOffset.x - frame.x, dy: scroll.contentOffset.y - frame.y)
        return try scrollRectToVisible(rect, in: viewList[s].name)
    }

    func scrollIndex(_ view: String) throws(ModelError) -> Int {
        let i = try viewIndex(view)
        guard viewList[i].scroll != nil else { throw .notAScrollView(view) }
        return i
    }

    // MARK: Focus

    /// Makes a text field or text view first responder (nil: none). The
    /// keyboard is separate: whoever shows it sets its frame.
    @discardableResult
    public mutating func setFocus(_ field: String?) throws(ModelError) -> MutationResult {
        if let field {
            try Screen.checkFocusable(try view(named: field))
            if let c = dismissedController(holding: field) { throw .notInWindow(view: field, dismissed: c) }
        }
        focus = field
        return .ok
    }
}
