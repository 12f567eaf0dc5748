import Foundation
import KBModel

/// What a mutating command collects while it runs, to print afterwards.
struct ChangeLog {
    var lines: [String] = []
    var notifications: [KeyboardNotification] = []
    var warnings: [ModelWarning] = []
    var flaws: [Flaw] = []
    /// Constants already reported by a handler line (not repeated in the diff).
    var reportedConstants: Set<String> = []
    var extra: [String: JSON] = [:]
    /// Lines printed after the diff.
    var notes: [String] = []
    /// The command changed views or constraints (not only constants, the
    /// keyboard or scrolling), so ambiguity is worth checking.
    var structural = false
    /// `frames N`: how many moments of the keyboard's animation to print,
    /// and the keyboard's frames at its start and end.
    var animation: (count: Int, begin: Rect, end: Rect)?
}

extension Session {
    /// Runs one command line and returns what it did. A rejected command
    /// leaves the session exactly as it was.
    public mutating func execute(_ line: String) -> CommandOutcome {
        // A `#` comment (outside quotes) is no part of the command, wherever
        // the line comes from: a script, the shell, a daemon's client. No
        // command has a `#` of its own outside quotes. (Looked for as a
        // byte: every command passes here, and a search by characters costs
        // 15 times as much.)
        let line = line.utf8.contains(UInt8(ascii: "#")) ? ScriptLine.withoutComment(line) : line
        let parsed: ParsedCommand
        do {
            guard let p = try CommandParser.parse(line) else { return CommandOutcome(command: line) }
            parsed = p
        } catch {
            return .rejected(line, error)
        }
        // The copy kept for rolling back leaves out the undo and redo stacks
        // and the history: a second reference to them would make the
        // command's append copy them whole, which over a long session is
        // quadratic. A failed command has not touched them, except `source`,
        // whose commands run through here and can fail after changing them:
        // it alone keeps them.
        var saved = self
        let checkpoint = Checkpoint(state)
        // The copy kept holds the checkpoint, not a second reference to the
        // live screen.
        saved.state = Self.placeholder
        let keepsStacks = parsed.spec.traits.contains(.keepsUndoStacks)
        if !keepsStacks {
            saved.undoStack.removeAll()
            saved.redoStack.removeAll()
            saved.historyLines = []
        }
        do {
            var outcome = try run(parsed)
            if outcome.status != .rejected && outcome.status != .ioError {
                if !parsed.spec.traits.contains(.outsideHistory) { recordHistory(line) }
            } else {
                restore(saved, checkpoint, keepingStacks: !keepsStacks)
            }
            outcome.command = line
            return outcome
        } catch let error as CommandError {
            restore(saved, checkpoint, keepingStacks: !keepsStacks)
            return .rejected(line, error)
        } catch let error as ModelError {
            restore(saved, checkpoint, keepingStacks: !keepsStacks)
            return .rejected(line, CommandError(error.description, column: column(for: error, in: parsed),
                                                suggestion: suggestion(for: error)))
        } catch let error as KeyboardError {
            restore(saved, checkpoint, keepingStacks: !keepsStacks)
            return .rejected(line, CommandError(error.description, column: parsed.values.values.map(\.column).min()))
        } catch {
            restore(saved, checkpoint, keepingStacks: !keepsStacks)
            return .rejected(line, CommandError("\(error)"))
        }
    }

    /// Rolls back to `saved` and its state `checkpoint`; with
    /// `keepingStacks`, the undo and redo stacks and the history stay the
    /// current ones (`saved` left them out).
    private mutating func restore(_ saved: Session, _ checkpoint: Checkpoint, keepingStacks: Bool) {
        // Most refusals come before anything changed: the state then keeps
        // its layout cache (the checkpoint has none).
        let current = state
        if keepingStacks {
            let (undo, redo, lines) = (undoStack, redoStack, historyLines)
            self = saved
            (undoStack, redoStack, historyLines) = (undo, redo, lines)
        } else {
            self = saved
        }
        state = checkpoint.state(keeping: current.screen)
    }

    /// What the copy kept for rolling back holds instead of the state (one
    /// shared empty state, so keeping it costs nothing).
    static let placeholder = State(screen: Screen(), keyboard: Keyboard(), strategies: [], rules: [])

    private func suggestion(for error: ModelError) -> String? {
        switch error {
        case let .unknownName(_, _, suggestion), let .unknownDevice(_, suggestion): return suggestion
        default: return nil
        }
    }

    /// The column of the token an error is about, when it names one.
    private func column(for error: ModelError, in parsed: ParsedCommand) -> Int? {
        var name: String?
        switch error {
        case let .unknownName(n, _, _), let .unknownDevice(n, _), let .duplicateName(n, _), let .reservedName(n),
             let .invalidName(n), let .malformedAnchor(n), let .notAScrollView(n), let .notAStackView(n),
             let .notATextInput(n):
            name = n
        default: break
        }
        let tokens = Array(parsed.values.values) + parsed.rest
        if let name, let t = tokens.filter({ $0.text.contains(name) }).min(by: { $0.column < $1.column }),
           let range = t.text.range(of: name) {
            return t.column + t.text.distance(from: t.text.startIndex, to: range.lowerBound)
        }
        return tokens.map(\.column).min()
    }

    /// Reads the command's arguments and carries it out.
    mutating func run(_ p: ParsedCommand) throws -> CommandOutcome {
        // The command's type opened, so its value is made and used as
        // itself (no existential box for each command).
        func perform<C: Command>(_ type: C.Type) throws -> CommandOutcome {
            try C(p).perform(on: &self, line: p.line)
        }
        return try perform(p.spec.command)
    }

    // MARK: Mutations

    /// The transaction around a command that may change the session:
    /// layout before and after, the diff, the focus verdict and the flaws,
    /// and the previous state pushed for `undo` when anything changed.
    mutating func mutate<M: Mutation>(_ command: M, line: String) throws -> CommandOutcome {
        let before = screen.layout()
        let previous = Checkpoint(state)
        var log = ChangeLog()
        log.structural = M.spec.traits.contains(.structural)
        try command.apply(to: &self, &log)
        let after = screen.layout()
        var outcome = report(line, before: before, after: after, log: log)
        if !previous.holds(state) {
            undoStack.append(previous)
            redoStack.removeAll()
            lastChange = outcome
        }
        outcome.command = line
        return outcome
    }

    /// The printed and JSON forms of a change.
    mutating func report(_ line: String, before: LayoutSnapshot, after: LayoutSnapshot, log: ChangeLog) -> CommandOutcome {
        var text = log.lines
        for w in log.warnings { text.append(describe(w)) }
        let changes = LayoutDiff.changes(from: before, to: after)
        let shown = log.reportedConstants.isEmpty ? changes : changes.filter { change in
            if case let .constant(name, _, _) = change { return !log.reportedConstants.contains(name) }
            return true
        }
        if !shown.isEmpty {
            text += aligned(shown)
        } else if !log.warnings.isEmpty {
            text[text.count - 1] += "; nothing moved"
        } else if !log.notifications.isEmpty || (log.lines.isEmpty && log.notes.isEmpty) {
            text.append("no view moved")
        }
        // Ambiguity depends on which constraints there are, not on their
        // constants or the keyboard: check it when the structure changed,
        // among the views that moved.
        var ambiguous: [String] = []
        if log.structural {
            let moved = changes.compactMap { c -> String? in
                switch c {
                case let .viewAdded(v, _), let .frame(v, _, _): return v
                default: return nil
                }
            }
            if !moved.isEmpty { ambiguous = screen.ambiguousViews(among: moved) }
        }
        if !ambiguous.isEmpty {
            text.append("⚠ ambiguous layout: \(ambiguous.joined(separator: ", ")) — the constraints let \(ambiguous.count == 1 ? "its" : "their") frame move (explain VIEW shows what decides it)")
        }
        text += log.notes
        var members: [String: JSON] = log.extra
        if !ambiguous.isEmpty { members["ambiguous"] = .array(ambiguous.map { .string($0) }) }
        if let a = log.animation {
            let (lines, frames) = animationLines(a.count, begin: a.begin, end: a.end, changes: changes)
            text += lines
            members["animation"] = frames
        }
        members["warnings"] = .array(log.warnings.map { .string($0.description) })
        if let focus = caretReport(in: after) ?? screen.focusReport(in: after) {
            let isCaret = focus.field != screen.focus
            text.append(verdict(focus, keyboardUp: after.keyboardFrame != nil))
            var f: [String: JSON] = ["field": .string(screen.focus ?? focus.field), "covered": .number(focus.covered),
                                     "clearance": .number(focus.clearance)]
            if isCaret { f["caret"] = .bool(true) }
            members["focus"] = .object(f)
        }
        if !log.flaws.isEmpty {
            for f in log.flaws {
                let (reason, fix) = f.message.splitFix()
                text.append("⚑ \(f.strategy.rawValue): \(reason)")
                if let fix { text.append("  fix: \(fix)") }
            }
            members["flaws"] = .array(log.flaws.map { f in
                .object(["id": .string(f.id.rawValue), "strategy": .string(f.strategy.rawValue),
                         "controller": .string(f.controller), "message": .string(f.message)])
            })
        }
        var outcome = CommandOutcome(command: line, text: text.joined(separator: "\n"), members: members)
        outcome.notifications = log.notifications
        outcome.changes = changes
        return outcome
    }

    /// Diff lines with the names padded so the frames line up, as one
    /// block of text (a diff often moves every view: it is built in one
    /// buffer, each frame formatted once).
    func aligned(_ changes: [LayoutChange]) -> [String] {
        // Changes are read in place (copying each would copy its name).
        changes.withUnsafeBufferPointer { changes in
            var width = 0
            for k in changes.indices {
                // Names are ASCII (`[A-Za-z_][A-Za-z0-9_]*`): bytes are columns.
                if case let .frame(v, _, _) = changes[k] { width = max(width, v.utf8.count) }
            }
            // The frames before, formatted first (their widest decides the
            // padding), then copied into their lines.
            var befores = PointText(capacity: changes.count * 24)
            var before: [(start: Int, end: Int)] = []
            before.reserveCapacity(changes.count)
            var frameWidth = 0
            for k in changes.indices {
                guard case let .frame(_, a, _) = changes[k] else { continue }
                let start = befores.count
                befores.append(a)
                before.append((start, befores.count))
                frameWidth = max(frameWidth, befores.count - start)
            }
            var out = PointText(capacity: changes.count * 64)
            var f = 0
            for k in changes.indices {
                if out.count > 0 { out.append(UInt8(ascii: "\n")) }
                guard case let .frame(v, _, b) = changes[k] else {
                    changes[k].write(into: &out)
                    continue
                }
                let (start, end) = before[f]
                f += 1
                out.appendLiteral("~ ")
                out.append(v)
                out.appendSpaces(width - v.utf8.count + 2)
                out.append(befores, start, end)
                out.appendSpaces(frameWidth - (end - start))
                out.appendLiteral(" → ")
                out.append(b)
            }
            return [out.string]
        }
    }

    /// UIKit's "Unable to simultaneously satisfy constraints", names aligned.
    func describe(_ w: ModelWarning) -> String {
        guard case let .unsatisfiable(broken, conflicts, cause) = w else { return w.description }
        let width = conflicts.map(\.name.count).max() ?? 0
        var lines = ["Unable to simultaneously satisfy constraints. These required constraints conflict:"]
        lines += conflicts.map { "    \($0.name.padded(width))  \($0.equation)" }
        let why: String
        switch cause {
        case .added: why = "the constraint just added"
        case .activated: why = "the constraint just activated"
        case .changed: why = "the constraint just changed"
        case .layout: why = "to keep the layout valid"
        }
        lines.append("broke \(broken.name), \(why)")
        return lines.joined(separator: "\n")
    }

    /// The keyboard and the views that move with it at `count` moments of
    /// the curve-7 spring; views animate on the keyboard's curve, so each
    /// is at the same fraction of its way.
    func animationLines(_ count: Int, begin: Rect, end: Rect, changes: [LayoutChange]) -> ([String], JSON) {
        var lines = ["animation along curve 7 (a critically damped spring; it settles at \(formatPoints(DeviceCatalog.standard.curve7.settles)) s, not the 0.25 s of userInfo):"]
        var frames: [JSON] = []
        for time in Keyboard.animationTimes(count) {
            let p = Keyboard.progress(at: time)
            let top = begin.minY + (end.minY - begin.minY) * p
            var line = "  t=\(formatPoints(time)) s  \(formatPoints(p * 100))%  keyboard top \(formatPoints(top))"
            var views: [String: JSON] = [:]
            for c in changes {
                guard case let .frame(v, a, b) = c else { continue }
                let y = a.minY + (b.minY - a.minY) * p
                line += "  \(v).minY \(formatPoints(y))"
                views[v] = .number(roundPoints(y))
            }
            lines.append(line)
            frames.append(.object(["t": .number(time), "progress": .number(p), "keyboardTop": .number(top), "minY": .object(views)]))
        }
        return (lines, .array(frames))
    }

    /// For a focused text view, what matters is its caret (at the end of the
    /// text: the content's last line), where it is after scrolling and
    /// within the view; nil for other fields.
    func caretReport(in snapshot: LayoutSnapshot) -> FocusReport? {
        guard let focus = screen.focus, (try? screen.view(named: focus))?.kind == .textView,
              let view = snapshot.view(focus), let scroll = view.scroll else { return nil }
        let line = ScreenHost.caretHeight
        let caretTop = view.windowFrame.minY - scroll.contentOffset.y + max(0, scroll.contentSize.height - line)
        let top = min(max(caretTop, view.windowFrame.minY), view.windowFrame.maxY - line)
        let caret = Rect(x: view.windowFrame.minX, y: top, width: 2, height: line)
        let screenHeight = snapshot.screenSize.height
        let keyboardTop = snapshot.keyboardFrame.map { $0.minY < screenHeight ? $0.minY : screenHeight } ?? screenHeight
        let covered = roundPoints(max(0, min(caret.maxY, screenHeight) - keyboardTop))
        return FocusReport(field: "the caret of \(focus)", fieldFrame: caret, keyboardTop: keyboardTop, covered: covered,
                           clearance: covered > 0 ? 0 : roundPoints(max(0, keyboardTop - caret.maxY)))
    }

    func verdict(_ f: FocusReport, keyboardUp: Bool) -> String {
        let p = formatPoints
        if f.covered > 0 {
            return "✗ \(f.field) is covered by the keyboard: its bottom is at \(p(f.fieldFrame.maxY)), the keyboard's top at \(p(f.keyboardTop)) (\(p(f.covered)) pt hidden)"
        }
        if !keyboardUp { return "✓ \(f.field) is visible (no keyboard on screen)" }
        return "✓ \(f.field) is visible, \(p(f.clearance)) pt above the keyboard"
    }

    /// Ends editing (`resign`, `tap outside`; `return`, which in a text
    /// view types a newline instead).
    mutating func endEditing(byReturn: Bool, _ log: inout ChangeLog) throws {
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
        let t = try keyboard.applying(.endEditing, on: screen.device, screen.orientation)
        try post(t, &log)
    }

    /// Drops the strategies and rules whose controller, constraint or view
    /// no longer exists (removed with a view or on its own), saying so.
    mutating func detachDangling(_ log: inout ChangeLog) {
        let screen = self.screen
        let constraints = Names(screen: screen, kind: .constraint)
        let views = Names(screen: screen, kind: .view)
        let controllers = Names(screen: screen, kind: .controller)
        state.strategies.removeAll { s in
            // What each strategy refers to, by its type's arguments.
            let missing = s.references.filter { !($0.isConstraint ? constraints.contains($0.name) : views.contains($0.name)) }
                .map(\.name) + (controllers.contains(s.controller) ? [] : [s.controller])
            guard let first = missing.first else { return false }
            log.notes.append("\(s.controller) · \(s.kind.rawValue) detached: \(first) is gone")
            return true
        }
        state.rules.removeAll { r in
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

    /// Applies a keyboard event that is not a show or hide.
    mutating func keyboardEvent(_ event: KeyboardEvent, _ log: inout ChangeLog) throws {
        let wasUp = keyboard.isUp
        let t = try keyboard.applying(event, on: screen.device, screen.orientation)
        try post(t, &log)
        if t.notifications.isEmpty && !wasUp {
            log.notes.append("the keyboard is down: iOS posts nothing now; the change shows when a field is focused")
        }
    }

    /// Makes the screen's keyboard frame match the keyboard; the warnings
    /// are those of constraints the keyboard layout guide had to break.
    @discardableResult
    mutating func syncKeyboard() -> [ModelWarning] {
        let k = keyboard.layoutState(on: screen.device, screen.orientation)
        return screen.setKeyboardFrame(k.frame, docked: k.isDocked).warnings
    }
}

extension String {
    func padded(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }

    /// A flaw message split at its `fix:`.
    func splitFix() -> (String, String?) {
        guard let (head, tail) = split(atFirst: " fix: ") else { return (self, nil) }
        return (head, tail)
    }

    /// The text before the first occurrence of `marker`, if there is one.
    func prefix(before marker: String) -> String? {
        let text = Array(utf8)
        return byteOffset(of: marker, in: text).map { String(decoding: text[..<$0], as: UTF8.self) }
    }

    /// The text before and after the first occurrence of `marker`, if there
    /// is one.
    func split(atFirst marker: String) -> (String, String)? {
        let text = Array(utf8)
        guard let start = byteOffset(of: marker, in: text) else { return nil }
        return (String(decoding: text[..<start], as: UTF8.self),
                String(decoding: text[(start + marker.utf8.count)...], as: UTF8.self))
    }

    /// Where `marker` first starts in `text`, compared by UTF-8 bytes.
    private func byteOffset(of marker: String, in text: [UInt8]) -> Int? {
        let m = Array(marker.utf8)
        guard !m.isEmpty, text.count >= m.count else { return nil }
        for start in 0...(text.count - m.count) where text[start] == m[0] {
            if text[start..<(start + m.count)].elementsEqual(m) { return start }
        }
        return nil
    }
}
