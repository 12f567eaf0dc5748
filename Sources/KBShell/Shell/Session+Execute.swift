import Foundation
import KBModel

/// What a mutating command collects while it runs, to print afterwards.
/// What a mutation's `apply` writes to: what the stage's behaviour did
/// (``StageLog``: the lines, notifications, handlers' effects, warnings,
/// flaws and notes), the rest of the change report being built (the
/// transaction adds the diff, the ambiguity and the verdict), and whether
/// the command changed the structure.
struct ChangeLog {
    var stage = StageLog()
    var report = ChangeReport()
    /// The rules whose expressions ``stage`` holds (nil: none read yet).
    var rulesRead: [Rule]?
    /// The command changed views or constraints (not only constants, the
    /// keyboard or scrolling), so ambiguity is worth checking.
    var structural = false

    /// The report's entries: what the command said, the notifications
    /// posted and what each handler did, in order.
    var lines: [ChangeReport.Entry] {
        get { stage.entries }
        _modify { yield &stage.entries }
    }
    var notifications: [KeyboardNotification] {
        get { stage.notifications }
        _modify { yield &stage.notifications }
    }
    var warnings: [ModelWarning] {
        get { stage.warnings }
        _modify { yield &stage.warnings }
    }
    var flaws: [Flaw] {
        get { stage.flaws }
        _modify { yield &stage.flaws }
    }
    var extra: [String: JSON] {
        get { report.extra }
        _modify { yield &report.extra }
    }
    /// Lines printed after the diff.
    var notes: [String] {
        get { stage.notes }
        _modify { yield &stage.notes }
    }
    var ambiguityIsNote: Bool {
        get { report.ambiguityIsNote }
        set { report.ambiguityIsNote = newValue }
    }
    var animation: ChangeReport.Animation? {
        get { report.animation }
        set { report.animation = newValue }
    }
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
            outcome.traits = parsed.spec.traits
            return outcome
        } catch let error as CommandError {
            restore(saved, checkpoint, keepingStacks: !keepsStacks)
            return .rejected(line, error)
        } catch let error as ModelError {
            restore(saved, checkpoint, keepingStacks: !keepsStacks)
            return .rejected(line, CommandError(error.description, column: column(for: error, in: parsed),
                                                suggestion: suggestion(for: error)))
        } catch let error as ValueError {
            restore(saved, checkpoint, keepingStacks: !keepsStacks)
            return .rejected(line, CommandError(error))
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
             let .notATextInput(n), let .notInWindow(n, _):
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
        try onStage(&log) { try $0.refreshInputs(&$1) }
        let after = screen.layout()
        // What the layout pass itself had to break (a size bound the
        // command's constraints would have made negative).
        log.warnings += after.warnings
        var outcome = CommandOutcome(command: line, report: report(before: before, after: after, log: log))
        recordFlaws(log.flaws)
        if !previous.holds(state) {
            undoStack.append(previous)
            redoStack.removeAll()
            lastChange = outcome
        }
        outcome.command = line
        return outcome
    }
}
