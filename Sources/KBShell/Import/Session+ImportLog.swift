import KBInterop
import KBModel

extension Session {
    /// `import log FILE [dump K] [device ID]`: a conflict dump of a console
    /// log as the session's screen (a fresh one: no strategies, rules or
    /// keyboard state), with UIKit's recovery reproduced, and the keyboard
    /// notifications the app printed replayed on it and compared with
    /// kbplay's own. `-` reads standard input where the front end allows it
    /// (``standardInputForImport``).
    mutating func importLog(_ written: String, column: Int, dump k: Int, device given: Token?, orientation givenOrientation: Orientation? = nil,
                            _ log: inout ChangeLog) throws {
        let file = path(of: written)
        let parsed: ConsoleLog
        do {
            let path: String
            if file == "-" {
                guard standardInputForImport else {
                    throw CommandError("standard input (-) is not available here", column: column,
                                       suggestion: "name the log's file; '-' works in kbplay run when the script itself is not read from standard input")
                }
                path = "/dev/stdin"
            } else {
                path = file
            }
            guard let text = try FileIO.read(path, limit: FileIO.scriptLimit) else {
                throw CommandError("no file '\(file)'", column: column)
            }
            parsed = try ConsoleLog.parse(text)
        } catch let e as FileError {
            throw CommandError(e.description, column: column)
        } catch let e as ConsoleLogError {
            let whole = e.message.contains("keyboard notification")
                ? "paste each notification whole, from its 'name = …' to the end of its userInfo ('}}' or '])')"
                : "paste the dump whole, from 'Unable to simultaneously satisfy constraints.' to the line after '\(ConsoleLog.recovery)'"
            throw CommandError("\(file) \(e.description)", column: column, suggestion: whole)
        }
        // The device: the one given, else a run's start device, else what
        // the log implies (``ConsoleLogReport``).
        let catalog = DeviceCatalog.standard
        // An id or a marketing name, as `device` takes.
        let givenID = try given.map { g throws(ModelError) in try catalog.lookup(g.text).id }
        let start = given == nil ? startDevice : nil
        let read: ConsoleLogReport
        do throws(ImportError) {
            read = try ConsoleLogReport(parsed, file: file, dump: k, device: givenID ?? start?.id,
                                        orientation: givenOrientation ?? start?.orientation)
        } catch {
            throw CommandError(error.message, suggestion: error.suggestion)
        }
        let imported = read.imported
        var fresh = Session(sessionsDirectory: sessionsDirectory)
        fresh.state.screen = imported.screen
        state = fresh.state
        name = nil
        events = []

        for line in read.lines { log.lines.append(.said(line)) }
        log.warnings += read.warnings
        if read.ambiguityIsNote { log.ambiguityIsNote = true }
        log.notes += read.notes
        if !read.bursts.isEmpty {
            try replay(read.bursts, readOn: read.framesDevice, &log)
        }
        log.notes += read.closingNotes
        var names: [String: JSON] = [:]
        for (address, name) in imported.names where names[address] == nil { names[address] = .string(name) }
        log.extra["names"] = .object(names)
        log.extra["uikitBroke"] = imported.uikitBroke.map { .string($0) } ?? .null
        log.extra["conflict"] = .array(imported.conflict.map { .string($0) })
        log.extra["arithmetic"] = imported.arithmetic.map { .string($0) } ?? .null
        log.extra["assumed"] = .array(read.assumed.map { .string($0) })
        log.extra["skipped"] = .number(Double(read.log.skipped))
        log.extra["dumps"] = .array(read.log.dumps.map { d in
            .object(["line": .number(Double(d.line)), "constraints": .number(Double(d.constraints.count))])
        })
    }

    /// Replays each burst of printed notifications as the keyboard event it
    /// describes and compares kbplay's notifications with the log's: a
    /// heading per event, a ✓ line per notification kbplay posts as the log
    /// prints it, a ✗ line per field that differs (both values), and the
    /// `keyboardChecks` JSON member.
    ///
    /// The events are read from the frames on the screen the frames imply
    /// (`readOn`), which may not be the session's device: a log of another
    /// device is then replayed as the same events on this one.
    private mutating func replay(_ bursts: [[PrintedNotification]], readOn: (Device, Orientation)?, _ log: inout ChangeLog) throws {
        let device = screen.device, orientation = screen.orientation
        let (readDevice, readOrientation) = readOn ?? (device, orientation)
        var checksJSON: [JSON] = []
        var same = 0, differ = 0, fieldsDiffering = 0, notReplayed = 0
        var notes: [String] = []
        for burst in bursts {
            let first = burst[0].line, last = burst[burst.count - 1].line
            let lines = first == last ? "log line \(first)" : "log lines \(first)–\(last)"
            let inferred = NotificationReplay.infer(burst, keyboard: keyboard, device: readDevice, orientation: readOrientation)
            guard let event = inferred.event else {
                notes.append("\(lines): \(inferred.note ?? "not replayed")")
                notReplayed += burst.count
                continue
            }
            // kbplay's notifications are in the comparison (and in JSON's
            // `notifications`), not listed a second time.
            let posted: [KeyboardNotification]
            do {
                for e in inferred.setup {
                    try post(try keyboard.applying(e, on: device, orientation), &log, listed: false)
                }
                let t = try keyboard.applying(event, on: device, orientation)
                try post(t, &log, listed: false)
                posted = t.notifications
            } catch let e as KeyboardError {
                notes.append("\(lines): not replayed as \(inferred.command): \(e.description)")
                notReplayed += burst.count
                continue
            }
            var heading = "\(lines): \(inferred.command) on \(device.id) \(orientation.rawValue)"
            if !inferred.setup.isEmpty {
                heading += " (kbplay first: \(inferred.setup.map(Self.command).joined(separator: ", ")), so its keyboard starts where the log's does)"
            }
            notes.append(heading)
            if let note = inferred.note { notes.append("  note: \(note)") }
            let checks = NotificationReplay.compare(burst, with: posted)
            for c in checks {
                let p = c.printed
                let label = "line \(p.line) \(p.name.rawValue)\(p.nameInferred ? " (inferred)" : "")"
                if c.matches {
                    same += 1
                    // "✓ line 2 keyboardWillShow as kbplay's: (0 896; 414 346) → (0 550; 414 346)  0.25 s, curve 7, isLocal 1, centers, bounds"
                    var parts: [String] = []
                    if let f = p.frameBegin, let e = p.frameEnd { parts.append("\(f) → \(e)") }
                    var rest: [String] = []
                    if let d = p.duration { rest.append("\(formatPoints(d)) s") }
                    if let c = p.curve { rest.append("curve \(c)") }
                    if let l = p.isLocal { rest.append("isLocal \(l ? 1 : 0)") }
                    if p.centerBegin != nil || p.centerEnd != nil { rest.append("centers") }
                    if p.bounds != nil { rest.append("bounds") }
                    if !rest.isEmpty { parts.append(rest.joined(separator: ", ")) }
                    notes.append("  ✓ \(label) as kbplay's\(parts.isEmpty ? "" : ": " + parts.joined(separator: "  "))")
                } else {
                    differ += 1
                    for f in c.fields where !f.matches {
                        fieldsDiffering += 1
                        notes.append("  ✗ \(label) \(f.field): the log's \(f.log), kbplay's \(f.kbplay)")
                    }
                    let good = c.fields.filter(\.matches).map(\.field)
                    if !good.isEmpty { notes.append("  ✓ \(label) \(good.joined(separator: ", ")): as kbplay's") }
                }
                var check: [String: JSON] = [
                    "line": .number(Double(p.line)), "name": .string(p.name.rawValue), "printedAs": .string(p.spelling),
                    "form": .string(p.form.rawValue), "event": .string(inferred.command), "matches": .bool(c.matches),
                    "fields": .array(c.fields.map { f in
                        .object(["field": .string(f.field), "log": f.logJSON.json, "kbplay": f.kbplayJSON.json, "matches": .bool(f.matches)])
                    }),
                ]
                if p.nameInferred { check["nameInferred"] = .bool(true) }
                checksJSON.append(.object(check))
            }
            let unprinted = posted.map(\.name).filter { n in !burst.contains { $0.name == n } }
            if !unprinted.isEmpty {
                var seen: Set<KeyboardNotification.Name> = []
                let names = unprinted.filter { seen.insert($0).inserted }.map(\.rawValue)
                notes.append("  · kbplay also posts \(names.joined(separator: ", ")), which the log does not print")
            }
            if let p = burst.first, let e = p.frameEnd, let mine = posted.first(where: { $0.name == p.name }),
               abs(e.height - mine.end.height) >= 0.5, !burst.contains(where: { $0.frameEnd == nil }) {
                notes.append("  · the log's keyboard is \(formatPoints(e.height)) pt tall, kbplay's \(formatPoints(mine.end.height)): \(Self.heightHint(e.height, device: device, orientation))")
            }
        }
        var summary = "keyboard notifications: \(same) as kbplay posts them, \(differ) differ"
        if differ > 0 { summary += " (\(fieldsDiffering) field\(fieldsDiffering == 1 ? "" : "s"))" }
        if notReplayed > 0 { summary += ", \(notReplayed) not replayed" }
        log.lines.append(.said(summary))
        log.notes += notes
        log.extra["keyboardChecks"] = .array(checksJSON)
    }

    /// What may explain a keyboard height other than kbplay's.
    static func heightHint(_ h: Double, device: Device, _ orientation: Orientation) -> String {
        if abs(h - device.keyboardHeight(orientation, predictive: false)) < 0.5 {
            return "the log's is kbplay's keyboard without the predictive bar (keyboard predictive off)"
        }
        return "another keyboard type or language, an input accessory view, or a device other than \(device.id) may explain it (keyboard height H, accessory)"
    }

    /// A setup event as the command that does it.
    static func command(_ e: KeyboardEvent) -> String {
        switch e {
        case .show: return "keyboard show"
        case .hide: return "keyboard hide"
        case let .hardware(on): return "keyboard hardware \(on ? "on" : "off")"
        case let .predictive(on): return "keyboard predictive \(on ? "on" : "off")"
        case let .setMode(m):
            return ["undocked": "keyboard undock", "split": "keyboard split", "floating": "keyboard float", "docked": "keyboard dock"][m.rawValue]!
        default: return "\(e)"
        }
    }
}

extension NotificationReplay.CheckValue {
    /// The value as a member of `keyboardChecks`.
    var json: JSON {
        switch self {
        case let .string(s): return .string(s)
        case let .number(x): return .number(x)
        case let .bool(b): return .bool(b)
        case .null: return .null
        case let .numbers(xs): return .array(xs.map { .number($0) })
        }
    }
}
