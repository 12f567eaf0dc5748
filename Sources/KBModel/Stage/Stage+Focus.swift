extension Stage {
    /// What the focus verdict judges in `snapshot`: a focused text view's
    /// caret (``caretReport(in:)``), else the focused field; nil when
    /// nothing is focused.
    public func focusReport(in snapshot: LayoutSnapshot) -> FocusReport? {
        caretReport(in: snapshot) ?? screen.focusReport(in: snapshot)
    }

    /// For a focused text view, what matters is its caret (at the end of the
    /// text: the content's last line), where it is after scrolling and
    /// within the view; nil for other fields.
    ///
    /// The caret is ``ScreenHost/caretHeight`` tall and 2 wide, its top at
    /// the view's top minus the offset plus the content's height less one
    /// line, kept within the view.
    public func caretReport(in snapshot: LayoutSnapshot) -> FocusReport? {
        guard let focus = screen.focus, (try? screen.view(named: focus))?.kind == .textView,
              let view = snapshot.view(focus), let scroll = view.scroll else { return nil }
        let line = ScreenHost.caretHeight
        let caretTop = view.windowFrame.minY - scroll.contentOffset.y + max(0, scroll.contentSize.height - line)
        let top = min(max(caretTop, view.windowFrame.minY), view.windowFrame.maxY - line)
        let caret = Rect(x: view.windowFrame.minX, y: top, width: 2, height: line)
        let screenHeight = snapshot.screenSize.height
        let keyboardTop = snapshot.keyboardFrame.map { $0.minY < screenHeight ? $0.minY : screenHeight } ?? screenHeight
        // A text view on an input accessory rides on the keyboard.
        let accessory = screen.enclosingAccessory(of: focus)
        let covered = accessory != nil ? 0 : roundPoints(max(0, min(caret.maxY, screenHeight) - keyboardTop))
        var report = FocusReport(field: "the caret of \(focus)", fieldFrame: caret, keyboardTop: keyboardTop, covered: covered,
                                 clearance: covered > 0 || accessory != nil ? 0 : roundPoints(max(0, keyboardTop - caret.maxY)),
                                 obscuredBy: screen.obstructions(of: caret, view: focus, in: snapshot, keyboardCovered: covered,
                                                                 clipsItself: true))
        report.accessory = accessory
        return report
    }

    /// Why a field under the keyboard did not move although its controller
    /// (or one it is embedded in) is handled with layout-guide: nothing is
    /// pinned to the guide. Nil otherwise.
    public func layoutGuideHint() -> String? {
        guard let f = screen.focus, let v = try? screen.view(named: f) else { return nil }
        var controller: String? = v.controller
        while let c = controller {
            if let unpinned = unpinnedLayoutGuide(of: c) {
                return "  hint: \(c) is handled with layout-guide, but nothing is pinned to \(unpinned.guide): \(unpinned.pin)"
            }
            controller = (try? screen.controller(named: c))?.parent
        }
        return nil
    }

    /// What to pin when `controller` is handled with layout-guide but no
    /// active constraint uses the keyboard layout guide of a view in it
    /// (the guide then moves nothing); nil when something is pinned, or
    /// when the controller is not handled with layout-guide.
    ///
    /// The view to pin is the first subview of the root view that is or
    /// holds a text input (`form` in the demo); the constraint now on its
    /// bottom, if any, is the one to deactivate first.
    public func unpinnedLayoutGuide(of controller: String) -> (guide: String, pin: String)? {
        guard strategies.contains(where: { $0.controller == controller && $0.kind == .layoutGuide }) else { return nil }
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
