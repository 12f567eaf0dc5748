import Foundation
import Testing
import KBModel
@testable import KBInterop
@testable import KBShell

/// `import log` on printed keyboard notifications: both forms read, each
/// burst replayed as its event, kbplay's notifications compared with the
/// log's field by field, and cut-off userInfo refused with line and column.
@Suite("import log: printed keyboard notifications")
struct PrintedNotificationTests {
    static func path(_ name: String) -> String { ConsoleLogImportTests.path(name) }

    func imported(_ name: String, _ extra: String = "") -> (Session, CommandOutcome) {
        var s = Session(sessionsDirectory: "/nonexistent-kbplay-log")
        let o = s.execute("import log \(CommandParser.quote(Self.path(name)))\(extra)")
        return (s, o)
    }

    /// The `keyboardChecks` member: per notification, its name and each
    /// field's (log, kbplay, matches).
    func checks(_ o: CommandOutcome) -> [(name: String, fields: [String: (log: JSON, kbplay: JSON, matches: Bool)])] {
        (o.members["keyboardChecks"]?.arrayValue ?? []).map { c in
            var fields: [String: (JSON, JSON, Bool)] = [:]
            for f in c["fields"]?.arrayValue ?? [] {
                fields[f["field"]?.stringValue ?? ""] = (f["log"] ?? .null, f["kbplay"] ?? .null, f["matches"] == .bool(true))
            }
            return (c["name"]?.stringValue ?? "", fields)
        }
    }

    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> JSON { .array([.number(x), .number(y), .number(w), .number(h)]) }

    // MARK: Reading

    @Test func objectiveCFormReadsEveryKeyAndIgnoresOthers() throws {
        let log = try ConsoleLog.parse("""
            2026-03-02 09:20:13.118204+0100 Notes[4821:1203377] NSConcreteNotification 0x600000c3c570 {name = UIKeyboardWillChangeFrameNotification; userInfo = {
                UIKeyboardAnimationCurveUserInfoKey = 7;
                UIKeyboardAnimationDurationUserInfoKey = "0.25";
                UIKeyboardBoundsUserInfoKey = "NSRect: {{0, 0}, {320, 216}}";
                UIKeyboardCenterBeginUserInfoKey = "NSPoint: {160, 588}";
                UIKeyboardCenterEndUserInfoKey = "NSPoint: {160, 372}";
                UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 480}, {320, 216}}";
                UIKeyboardFrameChangedByUserInteraction = 0;
                UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 264}, {320, 216}}";
            }}
            """)
        let n = try #require(log.notifications.first)
        #expect(log.notifications.count == 1 && log.skipped == 0)
        #expect(n.name == .willChangeFrame && n.form == .objectiveC && n.line == 1)
        #expect(n.spelling == "UIKeyboardWillChangeFrameNotification")
        // 480 + 216 / 2 = 588 and 264 + 108 = 372: the centers as printed.
        #expect(n.frameBegin == Rect(x: 0, y: 480, width: 320, height: 216))
        #expect(n.frameEnd == Rect(x: 0, y: 264, width: 320, height: 216))
        #expect(n.centerBegin == Point(x: 160, y: 588) && n.centerEnd == Point(x: 160, y: 372))
        #expect(n.bounds == Rect(x: 0, y: 0, width: 320, height: 216))
        #expect(n.duration == 0.25 && n.curve == 7)
        // iOS 7's log has no isLocal: not compared, not invented.
        #expect(n.isLocal == nil)
    }

    @Test func swiftFormInTheDictionarysOwnOrderAndEverySpelling() throws {
        let log = try ConsoleLog.parse("""
            hide: name = UIResponder.keyboardWillHideNotification, object = nil, userInfo = Optional([AnyHashable("UIKeyboardIsLocalUserInfoKey"): 0, AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 736}, {414, 271}}, AnyHashable("UIKeyboardAnimationDurationUserInfoKey"): 0.25, AnyHashable("UIKeyboardCenterEndUserInfoKey"): NSPoint: {207, 871.5}])
            """)
        let n = try #require(log.notifications.first)
        #expect(n.name == .willHide && n.form == .swift)
        #expect(n.frameEnd == Rect(x: 0, y: 736, width: 414, height: 271))
        #expect(n.centerEnd == Point(x: 207, y: 871.5))
        #expect(n.duration == 0.25 && n.isLocal == false)
        #expect(n.frameBegin == nil && n.curve == nil)
        #expect(PrintedNotification.name("UIKeyboardDidChangeFrameNotification") == .didChangeFrame)
        #expect(PrintedNotification.name("NSNotification.Name.UIKeyboardDidShow") == .didShow)
        #expect(PrintedNotification.name("keyboardWillShowNotification") == .willShow)
        #expect(PrintedNotification.name("UIKeyboardWillWobbleNotification") == nil)
    }

    @Test func rectanglesAndPointsInTheirPrintedForms() {
        #expect(PrintedNotification.rect("NSRect: {{0, 1366}, {1024, 403}}") == Rect(x: 0, y: 1366, width: 1024, height: 403))
        #expect(PrintedNotification.rect("(0.0, 550.0, 414.0, 346.0)") == Rect(x: 0, y: 550, width: 414, height: 346))
        #expect(PrintedNotification.rect("NSRect: {{-12.5, 0}, {320, 250}}") == Rect(x: -12.5, y: 0, width: 320, height: 250))
        #expect(PrintedNotification.point("NSPoint: {187.5, 775}") == Point(x: 187.5, y: 775))
        // Three numbers, a letter, a negative size, a bare number: none is a rectangle.
        #expect(PrintedNotification.rect("NSRect: {{0, 550}, {414}}") == nil)
        #expect(PrintedNotification.rect("NSRect: {{0, x}, {414, 346}}") == nil)
        #expect(PrintedNotification.rect("NSRect: {{0, 550}, {-414, 346}}") == nil)
        #expect(PrintedNotification.rect("550") == nil)
        #expect(PrintedNotification.point("NSPoint: {207, -}") == nil)
    }

    @Test func otherNotificationsAreSkippedLines() throws {
        let log = try ConsoleLog.parse("""
            name = UIApplicationDidBecomeActiveNotification, object = nil, userInfo = nil
            NSConcreteNotification 0x60 {name = UITextFieldTextDidChangeNotification; object = <UITextField: 0x7f>}
            """)
        #expect(log.notifications.isEmpty && log.skipped == 2)
    }

    // MARK: Refusals

    @Test func aSwiftUserInfoCutOffIsRefusedAtItsEnd() {
        // `name = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([`
        // is 7 + 30 + 16 + 21 = 74 scalars: the first entry, cut to `AnyH`, is column 75.
        let line = #"name = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([AnyH"#
        do {
            _ = try ConsoleLog.parse("app started\n" + line + "\n")
            Issue.record("a cut-off userInfo was read")
        } catch {
            #expect(error.line == 2 && error.column == 75)
            #expect(error.message == "the userInfo of the keyboard notification UIKeyboardWillShowNotification is cut off")
        }
        let value = #"name = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 550}, {41"#
        do {
            _ = try ConsoleLog.parse(value)
            Issue.record("a cut-off value was read")
        } catch {
            #expect(error.line == 1 && error.column == value.unicodeScalars.count + 1)
        }
    }

    @Test func anObjectiveCUserInfoCutOffOrMalformedIsRefused() {
        let opening = "NSConcreteNotification 0x60 {name = UIKeyboardWillShowNotification; userInfo = {"
        do {
            _ = try ConsoleLog.parse(opening + "\n    UIKeyboardAnimationCurveUserInfoKey = 7;\n")
            Issue.record("a userInfo without its '}}' was read")
        } catch {
            // Two lines: the log ends before line 3.
            #expect(error.line == 3 && error.column == 1)
            #expect(error.message == "the userInfo of the keyboard notification of line 1 is cut off")
        }
        do {
            _ = try ConsoleLog.parse(opening + "\n    UIKeyboardFrameEndUserInfoKey = \"NSRect: {{0, 550}, {414}}\";\n}}")
            Issue.record("a rectangle of three numbers was read")
        } catch {
            // `    UIKeyboardFrameEndUserInfoKey = ` is 36 scalars: the value's quote is column 37.
            #expect(error.line == 2 && error.column == 37)
            #expect(error.expected == "NSRect: {{x, y}, {w, h}}")
        }
    }

    @Test func notificationsWithoutUserInfoAreNotReplayedAndMentionsAreSkipped() throws {
        let log = try ConsoleLog.parse("""
            NSConcreteNotification 0x60 {name = UIKeyboardWillShowNotification; object = nil}
            name = UIKeyboardDidShowNotification, object = nil, userInfo = nil
            observing name = UIKeyboardWillHideNotification, then name = UIKeyboardDidHideNotification;
            """)
        #expect(log.notifications.map(\.name) == [.willShow, .didShow])
        #expect(log.notifications.allSatisfy { $0.frameBegin == nil && $0.frameEnd == nil })
        #expect(log.skipped == 1)
        var s = Session(sessionsDirectory: "/nonexistent-kbplay-log")
        let path = NSTemporaryDirectory() + "kbplay-no-userinfo-\(getpid()).log"
        try "NSConcreteNotification 0x60 {name = UIKeyboardWillShowNotification; object = nil}\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let o = s.execute("import log \(CommandParser.quote(path))")
        #expect(o.status == .ok, "\(o.text)")
        #expect(o.text.contains("log line 1: not replayed: the notification prints no begin and end frames"))
        #expect(o.text.contains("keyboard notifications: 0 as kbplay posts them, 0 differ, 1 not replayed"))
    }

    @Test func aCutOffLogLeavesTheSessionUntouched() {
        var s = Session.demo(sessionsDirectory: "/nonexistent-kbplay-log")
        _ = s.execute("focus email")
        let before = s.state
        let o = s.execute("import log \(CommandParser.quote(Self.path("notifications-cutoff")))")
        #expect(o.status == .rejected)
        // `    UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 896}, {414` is 62 scalars.
        #expect(o.text.contains("line 8, column 63: the userInfo of the keyboard notification of line 2 is cut off"))
        #expect(s.state == before)
        let unknown = s.execute("import log \(CommandParser.quote(Self.path("notifications-iphone"))) device iphone-51")
        #expect(unknown.status == .rejected && unknown.text.contains("iphone-15"))
        #expect(s.state == before)
    }

    // MARK: Bursts, devices and events

    @Test func burstsShareFramesAndNeverRepeatAName() throws {
        func n(_ name: KeyboardNotification.Name, _ y: Double) -> PrintedNotification {
            PrintedNotification(name: name, spelling: name.rawValue, form: .swift, line: 1,
                                frameBegin: Rect(x: 0, y: 852, width: 393, height: 336), frameEnd: Rect(x: 0, y: y, width: 393, height: 336))
        }
        let bursts = NotificationReplay.bursts([n(.willChangeFrame, 516), n(.willShow, 516), n(.willShow, 516), n(.willHide, 852)])
        #expect(bursts.map { $0.map(\.name) } == [[.willChangeFrame, .willShow], [.willShow], [.willHide]])
    }

    @Test func theScreenComesFromTheFrames() throws {
        func show(_ w: Double, _ screenHeight: Double, _ h: Double) -> PrintedNotification {
            PrintedNotification(name: .willShow, spelling: "", form: .swift, line: 1,
                                frameBegin: Rect(x: 0, y: screenHeight, width: w, height: h),
                                frameEnd: Rect(x: 0, y: screenHeight - h, width: w, height: h))
        }
        // 414 wide, a show from y 896: iPhone 11 (414 × 896), not the 8 Plus (414 × 736).
        #expect(NotificationReplay.device(for: [show(414, 896, 346)])?.device.id == "iphone-11")
        #expect(NotificationReplay.device(for: [show(414, 736, 271)])?.device.id == "iphone-8-plus")
        // Landscape: the 852 × 393 screen of the iPhone 15 turned.
        let turned = try #require(NotificationReplay.device(for: [show(852, 393, 219)]))
        #expect(turned.device.id == "iphone-15" && turned.orientation == .landscape)
        #expect(NotificationReplay.device(for: [show(500, 900, 300)]) == nil)
    }

    @Test func eventsFromTheFrames() throws {
        let phone = try DeviceCatalog.standard.lookup("iphone-15")
        let pad = try DeviceCatalog.standard.lookup("ipad-pro-11")
        func burst(_ names: [KeyboardNotification.Name], _ b: Rect, _ e: Rect) -> [PrintedNotification] {
            names.map { PrintedNotification(name: $0, spelling: $0.rawValue, form: .swift, line: 1, frameBegin: b, frameEnd: e) }
        }
        var up = Keyboard()
        up.isUp = true
        // A show burst whose end frame is below the 852-high screen: a hardware keyboard attached while editing.
        let hardware = NotificationReplay.infer(burst([.willShow], Rect(x: 0, y: 516, width: 393, height: 336), Rect(x: 0, y: 852, width: 393, height: 336)),
                                                keyboard: up, device: phone, orientation: .portrait)
        #expect(hardware.event == .hardware(true) && hardware.setup.isEmpty)
        // 336 → 292 (the 44 pt bar), both docked at 852: the predictive bar turned off.
        let bar = NotificationReplay.infer(burst([.willChangeFrame], Rect(x: 0, y: 516, width: 393, height: 336), Rect(x: 0, y: 560, width: 393, height: 292)),
                                           keyboard: up, device: phone, orientation: .portrait)
        #expect(bar.event == .predictive(false) && bar.command == "keyboard predictive off")
        // The same frames on a keyboard that is down: brought up first.
        let refocus = NotificationReplay.infer(burst([.willShow], Rect(x: 0, y: 516, width: 393, height: 336), Rect(x: 0, y: 516, width: 393, height: 336)),
                                               keyboard: Keyboard(), device: phone, orientation: .portrait)
        #expect(refocus.event == .beginEditing(alreadyEditing: true))
        #expect(refocus.setup == [.show(height: nil, duration: nil, curve: nil)])
        // An iPad's floating keyboard (320 × 250) from docked: keyboard float.
        let float = NotificationReplay.infer(burst([.willChangeFrame, .willHide], Rect(x: 0, y: 841, width: 834, height: 353),
                                                   Rect(x: 257, y: 924, width: 320, height: 250)),
                                             keyboard: up, device: pad, orientation: .portrait)
        #expect(float.event == .setMode(.floating))
        // Nothing kbplay can do: an undocked keyboard dragged to another height.
        var undocked = up
        undocked.mode = .undocked
        let moved = NotificationReplay.infer(burst([.willChangeFrame], Rect(x: 0, y: 421, width: 834, height: 353), Rect(x: 0, y: 300, width: 834, height: 353)),
                                             keyboard: undocked, device: pad, orientation: .portrait)
        #expect(moved.event == nil && moved.note?.hasPrefix("not replayed") == true)
    }

    @Test func comparisonGivesBothValuesAndTheOrder() {
        let begin = Rect(x: 0, y: 852, width: 393, height: 346), end = Rect(x: 0, y: 506, width: 393, height: 346)
        let printed = [PrintedNotification(name: .willShow, spelling: "", form: .objectiveC, line: 3, frameBegin: begin, frameEnd: end,
                                           duration: 0.25, curve: 7),
                       PrintedNotification(name: .willHide, spelling: "", form: .objectiveC, line: 9, frameBegin: begin, frameEnd: end)]
        let mine = [KeyboardNotification.Name.willChangeFrame, .willShow].map {
            KeyboardNotification(name: $0, begin: Rect(x: 0, y: 852, width: 393, height: 336), end: Rect(x: 0, y: 516, width: 393, height: 336),
                                 duration: 0.25, curve: 7, isLocal: true)
        }
        let checks = NotificationReplay.compare(printed, with: mine)
        let show = checks[0].fields.map { ($0.field, $0.log, $0.kbplay, $0.matches) }
        #expect(show.map(\.0) == ["name", "order", "frameBegin", "frameEnd", "duration", "curve"])
        #expect(show[3] == ("frameEnd", "(0 506; 393 346)", "(0 516; 393 336)", false))
        // Only willShow of kbplay's burst is printed: nothing before it among those.
        #expect(show[1] == ("order", "first", "first", true))
        #expect(show[4].3 && show[5].3)
        // kbplay posts no willHide for a show: the name differs, the frames are compared with its first.
        #expect(checks[1].fields[0].matches == false)
        #expect(checks[1].fields[0].kbplay == "none so named (it posts keyboardWillChangeFrame, keyboardWillShow)")
        #expect(!checks[1].matches)
    }

    // MARK: Whole imports

    @Test func anIPhonesShowAndHideMatchKbplays() throws {
        let (s, o) = imported("notifications-iphone")
        #expect(o.status == .ok, "\(o.text)")
        #expect(s.state.screen.device.id == "iphone-11")
        let c = checks(o)
        #expect(c.map(\.name) == ["keyboardWillShow", "keyboardDidShow", "keyboardWillHide", "keyboardDidHide"])
        #expect(c.allSatisfy { $0.fields.values.allSatisfy(\.matches) })
        // 896 − 346 = 550: the show's end frame on the iPhone 11.
        #expect(c[0].fields["frameEnd"]?.kbplay == rect(0, 550, 414, 346))
        #expect(c[0].fields.count == 10)
        #expect(!s.state.keyboard.isUp)
        #expect(o.text.contains("keyboard notifications: 4 as kbplay posts them, 0 differ"))
        #expect(o.members["assumed"]?.arrayValue?.first == .string("device iphone-11 portrait, from the keyboard notifications' frames (a 414 × 896 screen)"))
        // kbplay's own notifications: the show and hide bursts, four each.
        #expect(o.notifications.map(\.name) == ["keyboardWillChangeFrame", "keyboardWillShow", "keyboardDidChangeFrame", "keyboardDidShow",
                                                 "keyboardWillChangeFrame", "keyboardWillHide", "keyboardDidChangeFrame", "keyboardDidHide"])
    }

    @Test func aTallerKeyboardIsFieldByFieldDifferent() throws {
        let (_, o) = imported("notifications-differ")
        let c = checks(o)
        // 852 − 346 = 506 in the log, 852 − 336 = 516 in kbplay.
        let frameEnd = try #require(c.first?.fields["frameEnd"])
        #expect(frameEnd.log == rect(0, 506, 393, 346) && frameEnd.kbplay == rect(0, 516, 393, 336) && !frameEnd.matches)
        // 852 + 346 / 2 = 1025 in the log, 852 + 336 / 2 = 1020 in kbplay.
        #expect(c[0].fields["centerBegin"]?.log == .array([.number(196.5), .number(1025)]))
        #expect(c[0].fields["centerBegin"]?.kbplay == .array([.number(196.5), .number(1020)]))
        #expect(c[0].fields["order"]?.matches == false && c[0].fields["duration"]?.matches == true)
        #expect(o.text.contains("✗ line 1 keyboardWillShow frameEnd: the log's (0 506; 393 346), kbplay's (0 516; 393 336)"))
        #expect(o.text.contains("keyboard notifications: 0 as kbplay posts them, 2 differ (12 fields)"))
    }

    @Test func aDumpAndNotificationsGiveBoth() throws {
        let (s, o) = imported("notifications-chat")
        #expect(o.status == .ok, "\(o.text)")
        // The dump names no screen; the notification's 390 × 844 is the iPhone 13's.
        #expect(s.state.screen.device.id == "iphone-13")
        #expect(o.members["uikitBroke"] == .string("c10"))
        #expect(s.state.keyboard.isUp)
        // The bar on the keyboard guide: 844 − 336 (the keyboard) − 56 (its height) = 452.
        var screen = s.state.screen
        #expect(screen.windowFrame(of: "view1")?.y == 452)
        #expect(checks(o).count == 1 && checks(o)[0].fields.values.allSatisfy(\.matches))
    }

    @Test func logsWithoutNotificationsKeepTheirJSON() {
        let (_, o) = imported("modern")
        #expect(o.members["keyboardChecks"] == nil)
    }
}
