import KBModel

/// What `import log` makes of a console log it read, and says about it,
/// apart from the replay of its keyboard notifications (which runs in the
/// session, on the screen made): the screen, the lines, warnings and notes
/// before the replay, and the notes after it.
public struct ConsoleLogReport: Sendable {
    /// The log as read, a landscape keyboard's portrait frames turned and
    /// the names of userInfos printed alone inferred.
    public var log: ConsoleLog
    public var imported: LogImport
    /// The lines said (the summary, the dumps, the constraint UIKit broke).
    public var lines: [String] = []
    public var warnings: [ModelWarning] = []
    /// A conflict dump was imported: the layout's ambiguity is a note.
    public var ambiguityIsNote = false
    /// Notes before the replay: whether kbplay finds the conflict, the
    /// hierarchy dump's frames against kbplay's.
    public var notes: [String] = []
    /// The printed notifications, by keyboard event, to replay.
    public var bursts: [[PrintedNotification]]
    /// The screen the notifications' frames imply, which the events are
    /// read on (nil: the session's).
    public var framesDevice: (device: Device, orientation: Orientation)?
    /// What the log could not say and kbplay assumed.
    public var assumed: [String] = []
    /// Notes after the replay: the importer's, why, what to change, what
    /// else UIKit broke, the names, the assumptions and what was left out.
    public var closingNotes: [String] = []

    /// Rebuilds dump `k` of `parsed` (else its hierarchy dump, else only
    /// its notifications) on `deviceID` (else what the log implies).
    /// `file` is the log's name as the lines say it.
    public init(_ parsed: ConsoleLog, file: String, dump k: Int, device deviceID: String?,
                orientation: Orientation?) throws(ImportError) {
        var parsed = parsed
        // iOS ≤ 7 printed a landscape keyboard's frames in the portrait screen's coordinates.
        let rotated = NotificationReplay.interfaceFrames(parsed.notifications)
        parsed.notifications = rotated.notifications
        // A userInfo printed alone names no notification: its frames do.
        let unnamed = parsed.notifications.filter(\.nameInferred).map(\.line)
        if !unnamed.isEmpty {
            parsed.notifications = NotificationReplay.inferNames(parsed.notifications,
                                                                 screenHeight: NotificationReplay.device(for: parsed.notifications)?.screen.height)
        }
        // The device: the one given (or a run's start device), else what
        // the log implies (a root view's encapsulated size, the screen of
        // the keyboard notifications' frames).
        let fromNotifications = deviceID == nil ? NotificationReplay.device(for: parsed.notifications) : nil
        func screenNote(_ f: (device: Device, orientation: Orientation, screen: Size)) -> String {
            "device \(f.device.id) \(f.orientation.rawValue), from the keyboard notifications' frames (a \(formatPoints(f.screen.width)) × \(formatPoints(f.screen.height)) screen)"
        }
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

        let imported: LogImport
        if parsed.dumps.isEmpty, parsed.notifications.isEmpty, k == 1, !parsed.hierarchy.isEmpty {
            imported = try ConsoleLogImporter.hierarchyOnly(parsed, device: deviceID, orientation: orientation)
        } else if !parsed.dumps.isEmpty || parsed.notifications.isEmpty || k != 1 {
            let fallback = fromNotifications.map { (id: $0.device.id, orientation: $0.orientation, why: screenNote($0)) }
            imported = try ConsoleLogImporter.run(parsed, dump: k, device: deviceID, orientation: orientation, fallback: fallback)
        } else {
            imported = try ConsoleLogImporter.notificationsOnly(device: deviceID, orientation: orientation,
                                                                 fromNotifications: fromNotifications.map { ($0.device, $0.orientation, screenNote($0)) })
        }
        log = parsed
        self.imported = imported
        bursts = NotificationReplay.bursts(parsed.notifications)

        let s = imported.screen
        if parsed.dumps.isEmpty, parsed.notifications.isEmpty {
            let framed = parsed.hierarchy.contains { $0.frame != nil }
            let form = framed ? "(recursiveDescription)" : "(_autolayoutTrace)"
            let at = framed ? "at the log's frames" : "superviews only (the trace has no frames)"
            lines.append("imported \(count(s.views.count - s.controllers.count, "view")) of a view hierarchy \(form) in \(file) on \(s.device.id) \(s.orientation.rawValue), \(at); \(count(parsed.skipped, "line")) skipped")
        } else if parsed.dumps.isEmpty {
            lines.append("imported \(count(parsed.notifications.count, "keyboard notification")) (\(count(bursts.count, "event"))) in \(file) on \(s.device.id) \(s.orientation.rawValue); \(count(parsed.skipped, "line")) skipped")
        } else {
            let views = s.views.count - s.controllers.count
            lines.append("imported dump \(k) of \(count(parsed.dumps.count, "dump")) in \(file) (line \(parsed.dumps[k - 1].line)) on \(s.device.id) \(s.orientation.rawValue): \(count(views, "view")), \(count(s.constraints.count, "constraint")); \(count(parsed.skipped, "line")) skipped")
            if parsed.dumps.count > 1 {
                for (i, d) in parsed.dumps.enumerated() {
                    lines.append("  dump \(i + 1): line \(d.line), \(count(d.constraints.count, "constraint"))\(i + 1 == k ? " (imported)" : "")")
                }
            }
            if let broke = imported.uikitBroke, let c = try? s.constraint(named: broke) {
                lines.append("UIKit broke \(broke)  \(c.equation)")
            }
            warnings += imported.warnings
            ambiguityIsNote = true
            if imported.warnings.isEmpty {
                notes.append("note: kbplay finds no conflict among the constraints rebuilt")
            }
            var laidOut = imported.screen
            let layout = laidOut.layout()
            for f in imported.frames {
                guard let mine = layout.windowFrame(f.name), let parentName = (try? s.view(named: f.name))?.parent,
                      let parentFrame = layout.windowFrame(parentName) else { continue }
                let local = Rect(x: mine.x - parentFrame.x, y: mine.y - parentFrame.y, width: mine.width, height: mine.height)
                let off = max(abs(local.x - f.log.x), abs(local.y - f.log.y), abs(local.width - f.log.width), abs(local.height - f.log.height))
                notes.append("\(off > 0.5 ? "✗" : "✓") \(f.name) frame \(local.description) in its superview; the log's \(f.log.description)")
            }
        }
        assumed = imported.assumed
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
            self.framesDevice = framesDevice.map { ($0.device, $0.orientation) }
        }
        closingNotes += imported.notes.map { "note: \($0)" }
        if let why = imported.arithmetic { closingNotes.append("why: \(why)") }
        if let broke = imported.uikitBroke, imported.notes.allSatisfy({ !$0.hasPrefix("this conflict is inside the system keyboard") }),
           let address = parsed.dumps.indices.contains(k - 1) ? parsed.dumps[k - 1].brokenAddress : nil {
            // What to change in the app: the constraint UIKit gave up, by the log's address.
            closingNotes.append("to change: \(broke) (\(address) in the log), the constraint UIKit broke — give it a priority below 1000 (set \(broke).priority 999), or change its constant or relation so that the rest of the conflict holds")
        }
        if let broke = imported.uikitBroke {
            // With UIKit's choice given up the rest may still conflict: UIKit
            // then breaks another and prints a further dump.
            let more = imported.screen.constraints.filter { $0.isBroken && $0.name != broke }.map(\.name)
            if !more.isEmpty {
                let next = parsed.dumps.count > k ? "dump \(k + 1) of this log (import log FILE dump \(k + 1)) shows" : "the log's next dump shows"
                let uikitsIsBroken = imported.screen.constraints.contains { $0.name == broke && $0.isBroken }
                closingNotes.append(uikitsIsBroken
                    ? "note: with \(broke) broken the rest still conflicts, so UIKit went on to break more — \(next) which; kbplay broke \(more.joined(separator: ", ")) to lay the rest out"
                    : "note: the rest conflicts beyond \(broke), which UIKit broke first and then went on to break more — \(next) which; kbplay broke \(more.joined(separator: ", ")) instead, for the conflict above")
            }
        }
        if !imported.names.isEmpty {
            // kbplay's names of the log's objects, as the JSON's `names`.
            var seen: Set<String> = []
            let pairs = imported.names.filter { seen.insert($0.address).inserted }.map { "\($0.name) \($0.address)" }
            closingNotes.append("names: \(pairs.joined(separator: ", "))")
        }
        closingNotes += assumed.map { "assumed: \($0)" }
        closingNotes += imported.leftOut.map { "left out: \($0)" }
    }
}
