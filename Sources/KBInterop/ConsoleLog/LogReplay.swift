import KBModel

/// `import log`'s replay: the bursts of keyboard notifications a console
/// log printed, each replayed on a stage as the keyboard event it
/// describes (``NotificationReplay/infer(_:keyboard:device:orientation:)``),
/// with kbplay's notifications compared with the log's
/// (``NotificationReplay/compare(_:with:)``).
public struct LogReplay {
    /// One printed notification compared with kbplay's, and the event its
    /// burst was replayed as (`keyboard show`).
    public struct Check {
        public var event: String
        public var comparison: NotificationReplay.NotificationCheck
    }

    /// `keyboard notifications: 3 as kbplay posts them, 1 differ (2 fields)`.
    public var summary: String
    /// A heading per burst (the event it was replayed as, or why it was
    /// not), then its ✓, ✗ and · lines.
    public var notes: [String]
    /// Every printed notification compared, in the log's order.
    public var checks: [Check]

    /// Replays each burst of printed notifications on `stage` as the
    /// keyboard event it describes, posting kbplay's notifications into
    /// `log` unlisted (they are in the comparison, and in the log's
    /// notifications), and compares them with the log's: a heading per
    /// event, a ✓ line per notification kbplay posts as the log prints it,
    /// a ✗ line per field that differs (both values), and the checks.
    ///
    /// The events are read from the frames on the screen the frames imply
    /// (`readOn`), which may not be the stage's device: a log of another
    /// device is then replayed as the same events on this one.
    public init(replaying bursts: [[PrintedNotification]], readOn: (Device, Orientation)?, on stage: inout Stage,
                _ log: inout StageLog) throws {
        let device = stage.screen.device, orientation = stage.screen.orientation
        let (readDevice, readOrientation) = readOn ?? (device, orientation)
        var compared: [Check] = []
        var same = 0, differ = 0, fieldsDiffering = 0, notReplayed = 0
        var notes: [String] = []
        for burst in bursts {
            let first = burst[0].line, last = burst[burst.count - 1].line
            let lines = first == last ? "log line \(first)" : "log lines \(first)–\(last)"
            let inferred = NotificationReplay.infer(burst, keyboard: stage.keyboard, device: readDevice, orientation: readOrientation)
            guard let event = inferred.event else {
                notes.append("\(lines): \(inferred.note ?? "not replayed")")
                notReplayed += burst.count
                continue
            }
            // kbplay's notifications are in the comparison (and in the log's
            // notifications), not listed a second time.
            let posted: [KeyboardNotification]
            do {
                for e in inferred.setup {
                    try stage.post(try stage.keyboard.applying(e, on: device, orientation), &log, listed: false)
                }
                let t = try stage.keyboard.applying(event, on: device, orientation)
                try stage.post(t, &log, listed: false)
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
                compared.append(Check(event: inferred.command, comparison: c))
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
        self.summary = summary
        self.notes = notes
        self.checks = compared
    }

    /// What may explain a keyboard height other than kbplay's.
    public static func heightHint(_ h: Double, device: Device, _ orientation: Orientation) -> String {
        if abs(h - device.keyboardHeight(orientation, predictive: false)) < 0.5 {
            return "the log's is kbplay's keyboard without the predictive bar (keyboard predictive off)"
        }
        return "another keyboard type or language, an input accessory view, or a device other than \(device.id) may explain it (keyboard height H, accessory)"
    }

    /// A setup event as the command that does it.
    public static func command(_ e: KeyboardEvent) -> String {
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
