import KBModel

extension Session {
    /// What to pin when `controller` is handled with layout-guide but no
    /// active constraint uses the keyboard layout guide of a view in it
    /// (the guide then moves nothing); nil when something is pinned, or
    /// when the controller is not handled with layout-guide.
    ///
    /// The view to pin is the first subview of the root view that is or
    /// holds a text input (`form` in the demo); the constraint now on its
    /// bottom, if any, is the one to deactivate first.
    func unpinnedLayoutGuide(of controller: String) -> (guide: String, pin: String)? {
        guard state.strategies.contains(where: { $0.controller == controller && $0.kind == .layoutGuide }) else { return nil }
        let s = screen
        let inController = { (view: String) in (try? s.view(named: view))?.controller == controller }
        let pinned = s.constraints.contains { c in
            c.isActive && (c.first.guide == .keyboard && inController(c.first.view)
                || c.second.map { $0.guide == .keyboard && inController($0.view) } == true)
        }
        guard !pinned else { return nil }
        let root = controller + ".view"
        // The root view's subview that holds the first text input, else its first subview.
        var target: String?
        for v in s.views where v.controller == controller && v.kind.isTextInput {
            var at = v
            while let p = at.parent, p != root, let parent = try? s.view(named: p) { at = parent }
            if at.parent == root { target = at.name; break }
        }
        target = target ?? s.views.first { $0.parent == root }?.name
        guard let view = target else {
            return (root + ".keyboard", "add the views, then constrain \(root).keyboard.top == VIEW.bottom + 8")
        }
        var pin = "constrain \(root).keyboard.top == \(view).bottom + 8"
        if let bottom = s.constraints.first(where: { c in
            c.isActive && (c.first.view == view && c.first.attribute == .bottom
                || c.second.map { $0.view == view && $0.attribute == .bottom } == true)
        }) {
            pin = "deactivate \(bottom.name), then " + pin
        }
        return (root + ".keyboard", pin)
    }
}
