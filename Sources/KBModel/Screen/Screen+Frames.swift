// One view's geometry without a whole snapshot: what keyboard handlers ask
// for between their changes.

extension Screen {
    /// The window frame of the view called `name` (after settling the
    /// layout), or nil if there is no such view. Cheaper than ``layout()``
    /// after a change: it reads one view instead of building a snapshot.
    public mutating func windowFrame(of name: String) -> Rect? {
        guard case let .view(i) = names[name] else { return nil }
        let e = uniqueEngine()
        if let s = e.cachedSnapshot { return s.views[e.hierarchy(self).position[i]].windowFrame }
        _ = settleNow()
        return e.currentFrame(viewList[i].name)
    }

    /// The safe-area insets of the view called `name` (the part of the
    /// window's safe area it overlaps), or nil if there is no such view.
    public mutating func safeAreaInsets(of name: String) -> EdgeInsets? {
        guard case let .view(i) = names[name] else { return nil }
        let e = uniqueEngine()
        if let s = e.cachedSnapshot { return s.views[e.hierarchy(self).position[i]].safeAreaInsets }
        _ = settleNow()
        return e.safeAreaInsets(i, e.currentFrame(name), self, e.hierarchy(self))
    }

    /// A scroll view's window frame and scroll geometry (after settling the
    /// layout), read from the solver without building a snapshot.
    mutating func scrollGeometry(_ i: Int) -> (frame: Rect, scroll: ScrollLayout)? {
        guard viewList[i].scroll != nil else { return nil }
        let e = uniqueEngine()
        let h = e.hierarchy(self)
        if let s = e.cachedSnapshot {
            let v = s.views[h.position[i]]
            return v.scroll.map { (v.windowFrame, $0) }
        }
        _ = settleNow()
        let frame = e.currentFrame(viewList[i].name)
        let safe = e.safeAreaInsets(i, frame, self, h)
        return e.scrollLayout(i, frame: frame, safeArea: safe, self, h).map { (frame, $0) }
    }
}
