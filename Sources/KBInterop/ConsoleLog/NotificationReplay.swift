import KBModel

/// The keyboard notifications of a console log replayed as the keyboard
/// events they describe, and kbplay's own notifications for those events
/// compared with the log's, field by field: a fidelity check of kbplay
/// against a real device.
public enum NotificationReplay {
    /// Consecutive notifications that describe one event: the same begin
    /// and end frames, no name twice (`willChangeFrame, willShow,
    /// didChangeFrame, didShow` of one show).
    public static func bursts(_ printed: [PrintedNotification]) -> [[PrintedNotification]] {
        var out: [[PrintedNotification]] = []
        for n in printed {
            if let last = out.last?.last, n.frameBegin != nil, n.frameEnd != nil,
               last.frameBegin == n.frameBegin, last.frameEnd == n.frameEnd,
               !out[out.count - 1].contains(where: { $0.name == n.name }) {
                out[out.count - 1].append(n)
            } else {
                out.append([n])
            }
        }
        return out
    }

    /// The names of userInfo dictionaries printed alone, which print none,
    /// inferred from their frames on a screen `screenHeight` tall: the end
    /// frame below the screen is keyboardWillHide; otherwise keyboardWillShow
    /// when the begin frame is below the screen (or not printed), else
    /// keyboardWillChangeFrame. Without a screen, the end frame lower than
    /// the begin frame is a hide, higher a show. Others are kept as they are.
    public static func inferNames(_ printed: [PrintedNotification], screenHeight: Double?) -> [PrintedNotification] {
        printed.map { p in
            guard p.nameInferred, let e = p.frameEnd else { return p }
            var n = p
            let b = p.frameBegin
            func below(_ r: Rect) -> Bool { screenHeight.map { r.minY >= $0 - 0.5 } ?? false }
            if below(e) || (screenHeight == nil && b.map { e.minY > $0.minY } == true) {
                n.name = .willHide
            } else if b == nil || below(b!) || (screenHeight == nil && e.minY < b!.minY) {
                n.name = .willShow
            } else {
                n.name = .willChangeFrame
            }
            return n
        }
    }

    /// Frames printed in the portrait screen's coordinates while the
    /// interface is in landscape, as iOS 7 and earlier did: the frames are
    /// as tall as a preset's portrait screen and as wide as the keyboard's
    /// bounds are tall (`{{-352, 0}, {352, 1024}}` with bounds
    /// `{1024, 352}`). They are turned into the landscape interface's
    /// coordinates: the side of the screen the keyboard slides in from is
    /// the interface's bottom. Other notifications are returned as they are.
    public static func interfaceFrames(_ printed: [PrintedNotification], catalog: DeviceCatalog = .standard)
        -> (notifications: [PrintedNotification], note: String?) {
        let frames = printed.flatMap { [$0.frameBegin, $0.frameEnd].compactMap { $0 } }
        guard let first = frames.first, first.height > first.width else { return (printed, nil) }
        guard let device = ([catalog.defaultDevice] + catalog.devices).first(where: { d in
            frames.allSatisfy { abs($0.height - d.screen.height) < 0.5 && $0.minY == 0 && $0.width < d.screen.width }
        }) else { return (printed, nil) }
        // Every bounds printed is the frame turned a quarter.
        for n in printed {
            if let b = n.bounds, let f = n.frameEnd ?? n.frameBegin, abs(b.width - f.height) >= 0.5 || abs(b.height - f.width) >= 0.5 {
                return (printed, nil)
            }
        }
        let side = device.screen.width
        // The keyboard comes in from the left edge when a frame lies at or past it.
        let fromLeft = frames.contains { $0.minX <= 0 }
        func turned(_ r: Rect?) -> Rect? {
            guard let r else { return nil }
            let y = fromLeft ? side - r.maxX : r.minX
            return Rect(x: 0, y: y, width: r.height, height: r.width)
        }
        var out = printed
        for i in out.indices {
            out[i].frameBegin = turned(out[i].frameBegin)
            out[i].frameEnd = turned(out[i].frameEnd)
        }
        let note = "the keyboard notifications' frames are in \(device.id)'s portrait screen coordinates (\(formatPoints(device.screen.width)) × \(formatPoints(device.screen.height))) while the interface is in landscape, as iOS 7 and earlier printed them: read turned a quarter, the keyboard coming in from the screen's \(fromLeft ? "left" : "right") edge (\(first) → \(turned(first)!))"
        return (out, note)
    }

    /// The device and orientation whose screen the notifications' frames
    /// imply: as wide as the widest frame, and with its bottom edge where a
    /// frame starts below the screen or a docked frame ends. A preset whose
    /// keyboard is as tall as a docked frame wins over another of the same
    /// screen; nil when no preset fits.
    public static func device(for printed: [PrintedNotification], catalog: DeviceCatalog = .standard)
        -> (device: Device, orientation: Orientation, screen: Size)? {
        let frames = printed.flatMap { [$0.frameBegin, $0.frameEnd].compactMap { $0 } }.filter { $0.width > 0 }
        guard let width = frames.map(\.width).max() else { return nil }
        var seen: Set<String> = []
        var fits: [(Device, Orientation)] = []
        for d in [catalog.defaultDevice] + catalog.devices where seen.insert(d.id).inserted {
            for o in [Orientation.portrait, .landscape] {
                let s = d.screenSize(o)
                guard s.width == width,
                      frames.allSatisfy({ $0.minY >= s.height - 0.5 || $0.maxY <= s.height + 0.5 }),
                      frames.contains(where: { abs($0.minY - s.height) < 0.5 || abs($0.maxY - s.height) < 0.5 }) else { continue }
                fits.append((d, o))
            }
        }
        let docked = { (d: Device, o: Orientation) in
            frames.contains { abs($0.maxY - d.screenSize(o).height) < 0.5 && $0.height == d.keyboardHeight(o) }
        }
        guard let best = fits.first(where: docked) ?? fits.first else { return nil }
        return (best.0, best.1, best.0.screenSize(best.1))
    }

    /// The event a burst describes on `device`, with what kbplay must do
    /// first so that the keyboard starts where the log's does.
    public struct Inferred {
        /// Events applied before, not compared (bringing the keyboard up
        /// when the log starts with it up, attaching a hardware keyboard).
        public var setup: [KeyboardEvent] = []
        public var event: KeyboardEvent?
        /// The event as kbplay's command (`keyboard show`).
        public var command: String
        /// Why it is not replayed, or what to know about it.
        public var note: String?
    }

    public static func infer(_ burst: [PrintedNotification], keyboard: Keyboard, device: Device, orientation: Orientation) -> Inferred {
        guard let b = burst[0].frameBegin, let e = burst[0].frameEnd else {
            return Inferred(command: "", note: "not replayed: the notification prints no begin and end frames")
        }
        let s = device.screenSize(orientation)
        let names = Set(burst.map(\.name))
        let showing = names.contains(.willShow) || names.contains(.didShow)
        let hiding = names.contains(.willHide) || names.contains(.didHide)
        func below(_ r: Rect) -> Bool { r.minY >= s.height - 0.5 }
        func docked(_ r: Rect) -> Bool { abs(r.maxY - s.height) < 0.5 }
        func floating(_ r: Rect) -> Bool { r.size == Keyboard.floatingSize }
        let pad = device.idiom == .pad
        var r = Inferred(command: "")
        /// The keyboard brought up first (the log starts with it up).
        func up() {
            if !keyboard.isUp { r.setup.append(.show(height: nil, duration: nil, curve: nil)) }
        }
        func down() {
            if keyboard.isUp { r.setup.append(.hide) }
        }
        switch (below(b), below(e)) {
        case (true, false):
            down()
            if pad, abs(s.height - e.minY - Keyboard.assistantBarHeight) < 0.5, e.height > Keyboard.assistantBarHeight {
                if !keyboard.hardware { r.setup.append(.hardware(true)) }
                r.command = "keyboard show (hardware keyboard: the assistant bar)"
            } else if pad, !docked(e) {
                let mode: Keyboard.Mode = floating(e) ? .floating : .undocked
                if keyboard.mode != mode { r.setup.append(.setMode(mode)) }
                r.command = "keyboard show (\(mode.rawValue))"
            } else {
                if keyboard.hardware { r.setup.append(.hardware(false)) }
                if keyboard.mode != .docked, pad { r.setup.append(.setMode(.docked)) }
                r.command = "keyboard show"
            }
            r.event = .show(height: nil, duration: nil, curve: nil)
        case (false, true):
            if showing && device.idiom != .pad {
                // The end frame below the screen in a show burst: a hardware
                // keyboard attached while editing.
                up()
                r.event = .hardware(true)
                r.command = "keyboard hardware on"
            } else {
                up()
                r.event = .hide
                r.command = "keyboard hide"
            }
        case (true, true):
            if showing {
                down()
                if !keyboard.hardware { r.setup.append(.hardware(true)) }
                r.event = .show(height: nil, duration: nil, curve: nil)
                r.command = "keyboard show (hardware keyboard: nothing on screen)"
            } else if hiding {
                if !keyboard.hardware { r.setup.append(.hardware(true)) }
                up()
                r.event = .hide
                r.command = "keyboard hide (hardware keyboard)"
            } else {
                r.note = "not replayed: both frames are below the screen"
            }
        case (false, false):
            up()
            if b == e {
                r.event = .beginEditing(alreadyEditing: true)
                r.command = "focus (another field, the keyboard up)"
            } else if docked(b) && docked(e) {
                let bar = device.predictiveBar[orientation]
                if abs(b.height - e.height - bar) < 0.5 {
                    r.event = .predictive(false)
                    r.command = "keyboard predictive off"
                } else if abs(e.height - b.height - bar) < 0.5 {
                    r.setup.append(.predictive(false))
                    r.event = .predictive(true)
                    r.command = "keyboard predictive on"
                } else {
                    r.event = .setHeight(e.height)
                    r.command = "keyboard height \(formatPoints(e.height))"
                }
            } else if pad && docked(b) {
                let mode: Keyboard.Mode = floating(e) ? .floating : .undocked
                r.event = .setMode(mode)
                r.command = mode == .floating ? "keyboard float" : "keyboard undock"
                if mode == .undocked { r.note = "a split keyboard has the same frames in kbplay" }
            } else if pad && docked(e) {
                let from: Keyboard.Mode = floating(b) ? .floating : .undocked
                if keyboard.mode != from { r.setup.append(.setMode(from)) }
                r.event = .setMode(.docked)
                r.command = "keyboard dock"
            } else if pad && floating(e) != floating(b) {
                let from: Keyboard.Mode = floating(b) ? .floating : .undocked
                if keyboard.mode != from { r.setup.append(.setMode(from)) }
                r.event = .setMode(floating(e) ? .floating : .undocked)
                r.command = floating(e) ? "keyboard float" : "keyboard undock"
            } else {
                r.setup = []
                r.note = "not replayed: kbplay's keyboard events do not move the keyboard from \(b) to \(e)"
            }
        }
        return r
    }

    /// One field of one notification: the log's value and kbplay's, as
    /// text and as JSON.
    public struct FieldCheck: Equatable {
        public var field: String
        public var log: String
        public var kbplay: String
        public var logJSON: CheckValue
        public var kbplayJSON: CheckValue
        public var matches: Bool
    }

    /// One printed notification against kbplay's.
    public struct NotificationCheck {
        public var printed: PrintedNotification
        /// The fields compared (those the log prints), in a fixed order.
        public var fields: [FieldCheck]
        public var matches: Bool { fields.allSatisfy(\.matches) }
    }

    /// Compares each printed notification of a burst with kbplay's of the
    /// same name (else, for the other fields, kbplay's first): name,
    /// order (the notification printed before it, and the one kbplay posts
    /// before it among those the log prints), frames, centers, bounds,
    /// duration, curve and isLocal. Fields the log does not print are not
    /// compared.
    public static func compare(_ burst: [PrintedNotification], with posted: [KeyboardNotification]) -> [NotificationCheck] {
        let printedNames = Set(burst.map(\.name))
        let kbplayOrder = posted.map(\.name).filter { printedNames.contains($0) }
        var checks: [NotificationCheck] = []
        for (i, p) in burst.enumerated() {
            var fields: [FieldCheck] = []
            let mine = posted.first { $0.name == p.name } ?? posted.first
            let kbplayNames = posted.isEmpty ? "nothing" : posted.map(\.name.rawValue).joined(separator: ", ")
            let named = mine?.name == p.name
            fields.append(FieldCheck(field: "name", log: p.name.rawValue, kbplay: named ? p.name.rawValue : "none so named (it posts \(kbplayNames))",
                                     logJSON: .string(p.name.rawValue), kbplayJSON: named ? .string(p.name.rawValue) : .null, matches: named))
            if named {
                let logBefore = i == 0 ? "first" : "after \(burst[i - 1].name.rawValue)"
                let k = kbplayOrder.firstIndex(of: p.name)!
                let kbplayBefore = k == 0 ? "first" : "after \(kbplayOrder[k - 1].rawValue)"
                fields.append(FieldCheck(field: "order", log: logBefore, kbplay: kbplayBefore, logJSON: .string(logBefore),
                                         kbplayJSON: .string(kbplayBefore), matches: logBefore == kbplayBefore))
            }
            guard let mine else {
                checks.append(NotificationCheck(printed: p, fields: fields))
                continue
            }
            func rect(_ field: String, _ log: Rect?, _ kb: Rect) {
                guard let log else { return }
                fields.append(FieldCheck(field: field, log: log.description, kbplay: kb.description, logJSON: json(log),
                                         kbplayJSON: json(kb), matches: same(log, kb)))
            }
            func point(_ field: String, _ log: Point?, _ kb: Point) {
                guard let log else { return }
                fields.append(FieldCheck(field: field, log: text(log), kbplay: text(kb), logJSON: json(log), kbplayJSON: json(kb),
                                         matches: abs(log.x - kb.x) < 0.005 && abs(log.y - kb.y) < 0.005))
            }
            rect("frameBegin", p.frameBegin, mine.begin)
            rect("frameEnd", p.frameEnd, mine.end)
            point("centerBegin", p.centerBegin, Point(x: mine.begin.midX, y: mine.begin.midY))
            point("centerEnd", p.centerEnd, Point(x: mine.end.midX, y: mine.end.midY))
            rect("bounds", p.bounds, Rect(x: 0, y: 0, width: mine.end.width, height: mine.end.height))
            if let d = p.duration {
                fields.append(FieldCheck(field: "duration", log: formatPoints(d), kbplay: formatPoints(mine.duration),
                                         logJSON: .number(d), kbplayJSON: .number(mine.duration), matches: abs(d - mine.duration) < 0.0005))
            }
            if let c = p.curve {
                fields.append(FieldCheck(field: "curve", log: "\(c)", kbplay: "\(mine.curve)", logJSON: .number(Double(c)),
                                         kbplayJSON: .number(Double(mine.curve)), matches: c == mine.curve))
            }
            if let l = p.isLocal {
                fields.append(FieldCheck(field: "isLocal", log: l ? "1" : "0", kbplay: mine.isLocal ? "1" : "0", logJSON: .bool(l),
                                         kbplayJSON: .bool(mine.isLocal), matches: l == mine.isLocal))
            }
            checks.append(NotificationCheck(printed: p, fields: fields))
        }
        return checks
    }

    static func same(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) < 0.005 && abs(a.y - b.y) < 0.005 && abs(a.width - b.width) < 0.005 && abs(a.height - b.height) < 0.005
    }

    static func text(_ p: Point) -> String { "(\(formatPoints(p.x)) \(formatPoints(p.y)))" }
    static func json(_ r: Rect) -> CheckValue { .numbers([r.x, r.y, r.width, r.height]) }
    static func json(_ p: Point) -> CheckValue { .numbers([p.x, p.y]) }

    /// A value compared, as the JSON's `keyboardChecks` shows it.
    public enum CheckValue: Equatable, Sendable {
        case string(String), number(Double), bool(Bool), null
        /// A rectangle's or a point's numbers.
        case numbers([Double])
    }
}
