extension Stage {
    /// The input views of the first responder now, for an event that
    /// changes the first responder.
    public var inputsNow: Keyboard.Inputs { screen.keyboardInputs().inputs }

    /// After a command: if the first responder's input views changed (an
    /// accessory added or removed, an input view set, a controller's
    /// accessory back while nothing edits), the keyboard follows with the
    /// notifications iOS posts.
    public mutating func refreshInputs(_ log: inout StageLog) throws {
        let wanted = inputsNow
        guard wanted.orNil != keyboard.inputs else { return }
        let t = try keyboard.applying(.inputsChanged, on: screen.device, screen.orientation, inputs: wanted)
        try post(t, &log)
    }

    /// Makes `field` first responder (`focus`): the keyboard shows, or,
    /// when another field was editing, posts its show burst again; UIKit
    /// then scrolls the field into view inside its scroll view.
    public mutating func focus(_ field: String, _ log: inout StageLog) throws {
        let previous = screen.focus
        let v = try screen.view(named: field)
        try Screen.checkFocusable(v)
        if previous == field {
            // Already first responder: UIKit does nothing.
            log.notes.append("\(field) is already the first responder")
            return
        }
        log.take(try screen.setFocus(field))
        let t = try keyboard.applying(.beginEditing(alreadyEditing: previous != nil), on: screen.device,
                                      screen.orientation, inputs: inputsNow)
        try post(t, &log)
        log.take(try screen.scrollToVisible(field))
    }

    /// Ends editing (`resign`, `tap outside`; `return`, which in a text
    /// view types a newline instead).
    public mutating func endEditing(byReturn: Bool, _ log: inout StageLog) throws {
        guard let focused = screen.focus else {
            log.notes.append("nothing is focused")
            return
        }
        if byReturn, (try? screen.view(named: focused))?.kind == .textView {
            // A text view's return key types a newline; editing goes on.
            log.notes.append("return in the text view \(focused) types a newline: it stays first responder")
            return
        }
        log.take(try screen.setFocus(nil))
        let t = try keyboard.applying(.endEditing, on: screen.device, screen.orientation, inputs: inputsNow)
        try post(t, &log)
    }

    /// Applies a keyboard event that is not a show or hide.
    public mutating func keyboardEvent(_ event: KeyboardEvent, _ log: inout StageLog) throws {
        let wasUp = keyboard.isUp
        let t = try keyboard.applying(event, on: screen.device, screen.orientation)
        try post(t, &log)
        if t.notifications.isEmpty && !wasUp {
            log.notes.append("the keyboard is down: iOS posts nothing now; the change shows when a field is focused")
        }
    }

    /// Releases a drag of the keyboard (`keyboard release`): it hides,
    /// ending editing, when dragged past half its height, else springs back.
    public mutating func releaseDrag(_ log: inout StageLog) throws {
        let t = try keyboard.applying(.release, on: screen.device, screen.orientation)
        if t.endedEditing { log.take(try screen.setFocus(nil)) }
        try post(t, &log)
    }

    /// Drops the strategies and rules whose controller, constraint or view
    /// no longer exists (removed with a view or on its own), saying so.
    public mutating func detachDangling(_ log: inout StageLog) {
        let screen = self.screen
        let constraints = Names(screen: screen, kind: .constraint)
        let views = Names(screen: screen, kind: .view)
        let controllers = Names(screen: screen, kind: .controller)
        strategies.removeAll { s in
            // What each strategy refers to, by its type's arguments.
            let missing = s.references.filter { !($0.isConstraint ? constraints.contains($0.name) : views.contains($0.name)) }
                .map(\.name) + (controllers.contains(s.controller) ? [] : [s.controller])
            guard let first = missing.first else { return false }
            log.notes.append("\(s.controller) · \(s.kind.rawValue) detached: \(first) is gone")
            return true
        }
        rules.removeAll { r in
            guard !constraints.contains(r.constraint) || !controllers.contains(r.controller) else { return false }
            log.notes.append("rule removed: \(r.text)")
            return true
        }
    }

    /// The screen's names of one kind, as a set to test membership in.
    private struct Names {
        let screen: Screen
        let kind: ModelError.NameKind
        func contains(_ name: String) -> Bool { screen.kind(of: name) == kind }
    }
}
