// One view's geometry without a whole snapshot: what keyboard handlers ask
// for between their changes.

extension Screen {
    /// The window frame of the view called `name` (after settling the
    /// layout), or nil if there is no such view. Cheaper than ``layout()``
    /// after a change: it reads one view instead of building a snapshot.
    public mutating func windowFrame(of name: String) -> Rect? {
        guard case let .view(i) = names[name] else { return nil }
        let e = uniqueEngine()
        if let s = e.cachedSnapshot { return s.windowFrame(name) }
        _ = settleNow()
        return e.currentFrame(views[i].name)
    }

    /// The safe-area insets of the view called `name` (the part of the
    /// window's safe area it overlaps), or nil if there is no such view.
    public mutating func safeAreaInsets(of name: String) -> EdgeInsets? {
        guard case let .view(i) = names[name] else { return nil }
        let e = uniqueEngine()
        if let s = e.cachedSnapshot { return s.view(name)?.safeAreaInsets }
        _ = settleNow()
        return e.safeAreaInsets(i, e.currentFrame(name), self, e.hierarchy(self))
    }
}
