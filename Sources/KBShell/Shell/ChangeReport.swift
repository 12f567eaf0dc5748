import KBModel

/// What a command that may change the session did, as one value: the
/// lines it said, the notifications posted and what each handler did (in
/// order), the warnings, the layout changes, the ambiguous views, the
/// animation asked for, the focus verdict, the flaws and the notes. The
/// mutation transaction (`Session.mutate`) builds it once; consumers read
/// its fields, and its printed text (``text``) and JSON members
/// (``members``) are rendered from it where output is written.
public struct ChangeReport: Sendable {
    /// One line of what happened, in the order it happened: said, a
    /// notification posted, or what a handler did.
    public typealias Entry = StageLog.Entry

    /// A handler's effect: whose handler, and what it did.
    public typealias Handling = KBModel.Handling

    /// The focus verdict after the command.
    public struct Focus: Sendable {
        public var report: FocusReport
        /// The first responder's name (the caret's field for a text view).
        public var field: String
        /// The verdict is about a text view's caret.
        public var isCaret: Bool
        /// The keyboard is on screen.
        public var keyboardUp: Bool
        /// Why a field under the keyboard did not move although its
        /// controller is handled with layout-guide.
        public var hint: String?
    }

    /// `frames N`: how many moments of the keyboard's animation, and its
    /// frames at the start and the end.
    public struct Animation: Sendable {
        public var count: Int
        public var begin: Rect
        public var end: Rect
    }

    public var entries: [Entry] = []
    public var notifications: [KeyboardNotification] = []
    public var warnings: [ModelWarning] = []
    /// Every layout change, as the diff from before to after.
    public var changes: [LayoutChange] = []
    /// Views whose frame the constraints leave free (checked when the
    /// structure changed).
    public var ambiguous: [String] = []
    /// An ambiguous layout is expected (an imported dump lists only the
    /// constraints in conflict): said as a note, not a warning.
    public var ambiguityIsNote = false
    public var animation: Animation?
    public var focus: Focus?
    public var flaws: [Flaw] = []
    /// Lines printed after the diff.
    public var notes: [String] = []
    /// The command's own JSON members (an import's names and findings).
    public var extra: [String: JSON] = [:]

    public init() {}

    /// What the handlers did, in order.
    public var handlerEffects: [Handling] {
        entries.compactMap { if case let .handled(h) = $0 { h } else { nil } }
    }

    /// Constants a handler already reported (not repeated in the diff),
    /// also when a replay does not list what it posted.
    var reportedConstants: Set<String> = []
}

extension ChangeReport {
    /// The printed form, without a trailing newline: written line by line
    /// into one buffer (a diff often moves every view), made a `String`
    /// once.
    public var text: String {
        var out = PointText(capacity: 512)
        var lines = 0
        func next() {
            if lines > 0 { out.append(UInt8(ascii: "\n")) }
            lines += 1
        }
        for entry in entries {
            next()
            Self.write(entry, into: &out)
        }
        let said = lines
        for w in warnings {
            next()
            out.append(Self.describe(w))
        }
        let reported = reportedConstants
        let shown = reported.isEmpty ? changes : changes.filter { change in
            if case let .constant(name, _, _) = change { return !reported.contains(name) }
            return true
        }
        if !shown.isEmpty {
            next()
            Self.writeAligned(shown, into: &out)
        } else if !warnings.isEmpty {
            // Said on the last warning's line.
            out.appendLiteral("; nothing moved")
        } else if !notifications.isEmpty || (said == 0 && notes.isEmpty) {
            next()
            out.appendLiteral("no view moved")
        }
        if !ambiguous.isEmpty, ambiguityIsNote {
            next()
            out.append("note: ambiguous layout: \(ambiguous.joined(separator: ", ")) — a dump lists only the constraints in conflict, so the rest of \(ambiguous.count == 1 ? "its" : "their") frame is not in the log (explain VIEW shows what decides it)")
        } else if !ambiguous.isEmpty {
            next()
            out.append("⚠ ambiguous layout: \(ambiguous.joined(separator: ", ")) — the constraints let \(ambiguous.count == 1 ? "its" : "their") frame move (explain VIEW shows what decides it)")
        }
        for note in notes {
            next()
            out.append(note)
        }
        if let a = animation {
            for line in Self.animationLines(a, changes: changes).lines {
                next()
                out.append(line)
            }
        }
        if let focus {
            next()
            out.append(focus.verdict)
            if let hint = focus.hint {
                next()
                out.append(hint)
            }
        }
        for f in flaws {
            let (reason, fix) = f.message.splitFix()
            next()
            out.append("⚑ \(f.source): \(reason)")
            if let fix {
                next()
                out.append("  fix: \(fix)")
            }
        }
        return out.string
    }

    /// The JSON form's members besides `command`, `ok`, `output`,
    /// `notifications` and `changes`.
    public var members: [String: JSON] {
        var members = extra
        if !ambiguous.isEmpty { members["ambiguous"] = .array(ambiguous.map { .string($0) }) }
        if let a = animation { members["animation"] = Self.animationLines(a, changes: changes).frames }
        members["warnings"] = .array(warnings.map { .string($0.description) })
        if let focus {
            members["focus"] = focus.json
            if let hint = focus.hint { members["hint"] = .string(hint) }
        }
        if !flaws.isEmpty {
            members["flaws"] = .array(flaws.map { f in
                var o: [String: JSON] = ["id": .string(f.id.rawValue), "strategy": .string(f.source),
                                         "controller": .string(f.controller), "message": .string(f.message)]
                if let rule = f.rule { o["rule"] = .string(rule) }
                return .object(o)
            })
        }
        return members
    }

    /// One entry as printed, at the end of `line`.
    static func write(_ entry: Entry, into line: inout PointText) {
        switch entry {
        case let .said(said): line.append(said)
        case let .posted(n):
            guard n.name.isWill else { return line.append(n.name.rawValue) }
            // "keyboardWillShow         (0 852; 393 336) → (0 516; 393 336)  0.25 s, curve 7"
            line.append(n.name.rawValue)
            line.appendSpaces(max(24 - n.name.rawValue.count, 0) + 1)
            line.append(n.begin)
            line.append(" → ")
            line.append(n.end)
            line.append("  ")
            line.append(n.duration)
            line.append(" s, curve ")
            line.append(String(n.curve))
        case let .handled(h):
            // "  Form · keyboardWillShow(_:) formBottom.constant 20 → 344   (keyboard height 336 + 8)"
            line.appendLiteral("  ")
            line.append(h.controller)
            line.appendLiteral(" · ")
            line.append(h.handler)
            line.appendSpaces(12 - h.handler.count)
            line.append(UInt8(ascii: " "))
            h.effect.write(into: &line)
            line.appendLiteral("   ")
            line.append(h.effect.why)
        }
    }

    /// Diff lines with the names padded so the frames line up, as one
    /// block of text (a diff often moves every view: it is built in one
    /// buffer, each frame formatted once).
    static func writeAligned(_ changes: [LayoutChange], into out: inout PointText) {
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
            var f = 0
            for k in changes.indices {
                if k > 0 { out.append(UInt8(ascii: "\n")) }
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
        }
    }

    /// UIKit's "Unable to simultaneously satisfy constraints", names aligned.
    static func describe(_ w: ModelWarning) -> String {
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
    static func animationLines(_ a: Animation, changes: [LayoutChange]) -> (lines: [String], frames: JSON) {
        let (count, begin, end) = (a.count, a.begin, a.end)
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
}

extension ChangeReport.Focus {
    /// The focus line (`✓ email is visible, 130 pt above the keyboard`):
    /// ``FocusReport/verdict(keyboardUp:)``.
    public var verdict: String { report.verdict(keyboardUp: keyboardUp) }

    /// The JSON form of the focus verdict.
    var json: JSON {
        var f: [String: JSON] = ["field": .string(field), "covered": .number(report.covered),
                                 "clearance": .number(report.clearance), "visible": .bool(report.isVisible),
                                 "obscuredBy": .array(report.obscuredBy.map { o in
                                     var m: [String: JSON] = ["by": .string(o.cause.rawValue), "points": .number(o.points)]
                                     if let v = o.view { m["view"] = .string(v) }
                                     if let e = o.edge { m["edge"] = .string(e.rawValue) }
                                     return .object(m)
                                 })]
        if isCaret { f["caret"] = .bool(true) }
        if let a = report.accessory { f["accessory"] = .string(a) }
        return .object(f)
    }
}
