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
        var parsed: ConsoleLog
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
        // iOS ≤ 7 printed a landscape keyboard's frames in the portrait screen's coordinates.
        let rotated = NotificationReplay.interfaceFrames(parsed.notifications)
        parsed.notifications = rotated.notifications
        // A userInfo printed alone names no notification: its frames do.
        let unnamed = parsed.notifications.filter(\.nameInferred).map(\.line)
        if !unnamed.isEmpty {
            parsed.notifications = NotificationReplay.inferNames(parsed.notifications,
                                                                 screenHeight: NotificationReplay.device(for: parsed.notifications)?.screen.height)
        }
        // The device: the one given, else a run's start device, else what
        // the log implies (a root view's encapsulated size, the screen of
        // the keyboard notifications' frames).
        let catalog = DeviceCatalog.standard
        // An id or a marketing name, as `device` takes.
        let givenID = try given.map { g throws(ModelError) in try catalog.lookup(g.text).id }
        let start = given == nil ? startDevice : nil
        let deviceID = givenID ?? start?.id
        let fromNotifications = deviceID == nil ? NotificationReplay.device(for: parsed.notifications) : nil
        func screenNote(_ f: (device: Device, orientation: Orientation, screen: Size)) -> String {
            "device \(f.device.id) \(f.orientation.rawValue), from the keyboard notifications' frames (a \(formatPoints(f.screen.width)) × \(formatPoints(f.screen.height)) screen)"
        }
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

        let imported: LogImport
        do throws(ImportError) {
            if parsed.dumps.isEmpty, parsed.notifications.isEmpty, k == 1, !parsed.hierarchy.isEmpty {
                imported = try ConsoleLogImporter.hierarchyOnly(parsed, device: deviceID, orientation: givenOrientation ?? start?.orientation)
            } else if !parsed.dumps.isEmpty || parsed.notifications.isEmpty || k != 1 {
                let fallback = fromNotifications.map { (id: $0.device.id, orientation: $0.orientation, why: screenNote($0)) }
                imported = try ConsoleLogImporter.run(parsed, dump: k, device: deviceID, orientation: givenOrientation ?? start?.orientation, fallback: fallback)
            } else {
                imported = try ConsoleLogImporter.notificationsOnly(device: deviceID, orientation: givenOrientation ?? start?.orientation,
                                                                     fromNotifications: fromNotifications.map { ($0.device, $0.orientation, screenNote($0)) })
            }
        } catch {
            throw CommandError(error.message, suggestion: error.suggestion)
        }
        var fresh = Session(sessionsDirectory: sessionsDirectory)
        fresh.state.screen = imported.screen
        state = fresh.state
        name = nil
        events = []

        let s = imported.screen
        let bursts = NotificationReplay.bursts(parsed.notifications)
        if parsed.dumps.isEmpty, parsed.notifications.isEmpty {
            let framed = parsed.hierarchy.contains { $0.frame != nil }
            let form = framed ? "(recursiveDescription)" : "(_autolayoutTrace)"
            let at = framed ? "at the log's frames" : "superviews only (the trace has no frames)"
            log.lines.append("imported \(count(s.views.count - s.controllers.count, "view")) of a view hierarchy \(form) in \(file) on \(s.device.id) \(s.orientation.rawValue), \(at); \(count(parsed.skipped, "line")) skipped")
        } else if parsed.dumps.isEmpty {
            log.lines.append("imported \(count(parsed.notifications.count, "keyboard notification")) (\(count(bursts.count, "event"))) in \(file) on \(s.device.id) \(s.orientation.rawValue); \(count(parsed.skipped, "line")) skipped")
        } else {
            let views = s.views.count - s.controllers.count
            log.lines.append("imported dump \(k) of \(count(parsed.dumps.count, "dump")) in \(file) (line \(parsed.dumps[k - 1].line)) on \(s.device.id) \(s.orientation.rawValue): \(count(views, "view")), \(count(s.constraints.count, "constraint")); \(count(parsed.skipped, "line")) skipped")
            if parsed.dumps.count > 1 {
                for (i, d) in parsed.dumps.enumerated() {
                    log.lines.append("  dump \(i + 1): line \(d.line), \(count(d.constraints.count, "constraint"))\(i + 1 == k ? " (imported)" : "")")
                }
            }
            if let broke = imported.uikitBroke, let c = try? s.constraint(named: broke) {
                log.lines.append("UIKit broke \(broke)  \(c.equation)")
            }
            log.warnings += imported.warnings
            log.ambiguityIsNote = true
            if imported.warnings.isEmpty {
                log.notes.append("note: kbplay finds no conflict among the constraints rebuilt")
            }
            var laidOut = imported.screen
            let layout = laidOut.layout()
            for f in imported.frames {
                guard let mine = layout.windowFrame(f.name), let parentName = (try? s.view(named: f.name))?.parent,
                      let parentFrame = layout.windowFrame(parentName) else { continue }
                let local = Rect(x: mine.x - parentFrame.x, y: mine.y - parentFrame.y, width: mine.width, height: mine.height)
                let off = max(abs(local.x - f.log.x), abs(local.y - f.log.y), abs(local.width - f.log.width), abs(local.height - f.log.height))
                log.notes.append("\(off > 0.5 ? "✗" : "✓") \(f.name) frame \(local.description) in its superview; the log's \(f.log.description)")
            }
        }
        var assumed = imported.assumed
        if let note = rotated.note { assumed.append(note) }
        if !unnamed.isEmpty {
            let place = unnamed.count == 1 ? "line \(unnamed[0])" : "lines \(unnamed.map(String.init).joined(separator: ", "))"
            assumed.append("the keyboard notification\(unnamed.count == 1 ? "" : "s") of \(place), a userInfo printed alone, named from the frames: the end frame below the screen is keyboardWillHide, else keyboardWillShow from below the screen, else keyboardWillChangeFrame")
        }
        if !bursts.isEmpty {
            let framesDevice = NotificationReplay.device(for: parsed.notifications)
            if let f = framesDevice, f.screen != s.device.screenSize(s.orientation) {
                assumed.append("the keyboard notifications' frames are of a \(formatPoints(f.screen.width)) × \(formatPoints(f.screen.height)) screen (\(f.device.id) \(f.orientation.rawValue)), not \(s.device.id) \(s.orientation.rawValue)'s: their events are read on that screen and replayed on \(s.device.id)")
            }
            try replay(bursts, readOn: framesDevice.map { ($0.device, $0.orientation) }, &log)
        }
        log.notes += imported.notes.map { "note: \($0)" }
        if let why = imported.arithmetic { log.notes.append("why: \(why)") }
        if let broke = imported.uikitBroke, imported.notes.allSatisfy({ !$0.hasPrefix("this conflict is inside the system keyboard") }),
           let address = parsed.dumps.indices.contains(k - 1) ? parsed.dumps[k - 1].brokenAddress : nil {
            // What to change in the app: the constraint UIKit gave up, by the log's address.
            log.notes.append("to change: \(broke) (\(address) in the log), the constraint UIKit broke — give it a priority below 1000 (set \(broke).priority 999), or change its constant or relation so that the rest of the conflict holds")
        }
        if let broke = imported.uikitBroke {
            // With UIKit's choice given up the rest may still conflict: UIKit
            // then breaks another and prints a further dump.
            let more = imported.screen.constraints.filter { $0.isBroken && $0.name != broke }.map(\.name)
            if !more.isEmpty {
                let next = parsed.dumps.count > k ? "dump \(k + 1) of this log (import log FILE dump \(k + 1)) shows" : "the log's next dump shows"
                let uikitsIsBroken = imported.screen.constraints.contains { $0.name == broke && $0.isBroken }
                log.notes.append(uikitsIsBroken
                    ? "note: with \(broke) broken the rest still conflicts, so UIKit went on to break more — \(next) which; kbplay broke \(more.joined(separator: ", ")) to lay the rest out"
                    : "note: the rest conflicts beyond \(broke), which UIKit broke first and then went on to break more — \(next) which; kbplay broke \(more.joined(separator: ", ")) instead, for the conflict above")
            }
        }
        if !imported.names.isEmpty {
            // kbplay's names of the log's objects, as the JSON's `names`.
            var seen: Set<String> = []
            let pairs = imported.names.filter { seen.insert($0.address).inserted }.map { "\($0.name) \($0.address)" }
            log.notes.append("names: \(pairs.joined(separator: ", "))")
        }
        log.notes += assumed.map { "assumed: \($0)" }
        log.notes += imported.leftOut.map { "left out: \($0)" }
        var names: [String: JSON] = [:]
        for (address, name) in imported.names where names[address] == nil { names[address] = .string(name) }
        log.extra["names"] = .object(names)
        log.extra["uikitBroke"] = imported.uikitBroke.map { .string($0) } ?? .null
        log.extra["conflict"] = .array(imported.conflict.map { .string($0) })
        log.extra["arithmetic"] = imported.arithmetic.map { .string($0) } ?? .null
        log.extra["assumed"] = .array(assumed.map { .string($0) })
        log.extra["skipped"] = .number(Double(parsed.skipped))
        log.extra["dumps"] = .array(parsed.dumps.map { d in
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
