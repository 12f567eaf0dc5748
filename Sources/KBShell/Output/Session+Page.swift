import KBModel

extension Session {
    /// What a web page shows of the session, as one JSON object: `svg` (the
    /// drawing, ``ScreenDrawing``), `device` and `orientation`, `focus`
    /// (`field`, `covered`, `clearance`, `visible`, `obscuredBy`; null when
    /// nothing is focused), `flaws` of the last change (`id`, `strategy`,
    /// `controller`, `reason`, `fix`), `notifications` (the last four with
    /// their userInfo and handlers, as `events 4` prints them), `diff` and
    /// `command` (the last change, as `diff` prints it, and its command).
    ///
    /// Mutating only when a layout pass is due: a session just changed has
    /// its layout cached, and a copy of it (a daemon's, shared) is read as
    /// it is.
    public mutating func page() -> JSON {
        let snapshot = screen.cachedLayout ?? screen.layout()
        var members: [String: JSON] = [
            "svg": .string(svg(snapshot)),
            "device": .string(screen.device.id),
            "orientation": .string(screen.orientation.rawValue),
            "notifications": .string(eventList(4).text),
            "diff": .string(lastChange?.text ?? ""),
            "command": lastChange.map { .string($0.command) } ?? .null,
        ]
        if let focus = state.focusReport(in: snapshot) {
            members["focus"] = .object([
                "field": .string(screen.focus ?? focus.field), "covered": .number(focus.covered),
                "clearance": .number(focus.clearance), "visible": .bool(focus.isVisible),
                "obscuredBy": .array(focus.obscuredBy.map { .string($0.cause.rawValue) }),
            ])
            members["verdict"] = .string(focus.verdict(keyboardUp: snapshot.keyboardFrame != nil))
        } else {
            members["focus"] = .null
            members["verdict"] = .string("nothing focused")
        }
        members["flaws"] = .array((lastChange?.report?.flaws ?? []).map { f in
            let (reason, fix) = f.message.splitFix()
            return .object(["id": .string(f.id.rawValue), "strategy": .string(f.source), "controller": .string(f.controller),
                            "reason": .string(reason), "fix": fix.map { .string($0) } ?? .null])
        })
        return .object(members)
    }

    /// What `explain VIEW` says, for a page's hover; nil for a name that is
    /// no view.
    public mutating func explanation(of view: String) -> String? {
        (try? explain(view))?.text
    }
}
