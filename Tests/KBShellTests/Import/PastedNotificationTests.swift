import Foundation
import Testing
import KBModel
@testable import KBInterop
@testable import KBShell

/// `import log` on keyboard notifications in the other forms people paste:
/// a userInfo printed alone (named from its frames), RxSwift's `next(…)`
/// around a notification, and values unquoted, reordered or in Swift's
/// CGRect and Optional forms. Each is compared with kbplay's as the
/// printed notifications are.
///
/// All fixtures are an iPhone 15 in portrait (393 × 852) with kbplay's
/// keyboard: 336 pt tall, so docked at 852 − 336 = 516, its center
/// 393 / 2 = 196.5 across and 516 + 336 / 2 = 684 down; 0.25 s, curve 7.
@Suite("import log: pasted keyboard notifications")
struct PastedNotificationTests {
    /// Imports `text` as a log file.
    func imported(_ text: String, _ tag: String) throws -> (Session, CommandOutcome) {
        var s = Session(sessionsDirectory: "/nonexistent-kbplay-log")
        let path = NSTemporaryDirectory() + "kbplay-pasted-\(tag)-\(getpid()).log"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let o = s.execute("import log \(CommandParser.quote(path))")
        return (s, o)
    }

    /// Per notification of `keyboardChecks`: its JSON object and whether every field matches.
    func checks(_ o: CommandOutcome) -> [JSON] { o.members["keyboardChecks"]?.arrayValue ?? [] }

    func allMatch(_ c: JSON) -> Bool {
        (c["fields"]?.arrayValue ?? []).allSatisfy { $0["matches"] == .bool(true) } && c["matches"] == .bool(true)
    }

    func field(_ c: JSON, _ name: String) -> JSON? {
        c["fields"]?.arrayValue?.first { $0["field"]?.stringValue == name }
    }

    // MARK: 1. A userInfo printed alone

    static let bareShowAndHide = """
        (lldb) po userInfo
        {
            UIKeyboardAnimationCurveUserInfoKey = 7;
            UIKeyboardAnimationDurationUserInfoKey = "0.25";
            UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 852}, {393, 336}}";
            UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 516}, {393, 336}}";
            UIKeyboardIsLocalUserInfoKey = 1;
        }
        [AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 852}, {393, 336}}, AnyHashable("UIKeyboardAnimationDurationUserInfoKey"): 0.25, AnyHashable("UIKeyboardFrameBeginUserInfoKey"): NSRect: {{0, 516}, {393, 336}}]

        """

    @Test func aBareUserInfoIsReadInBothDictionaryForms() throws {
        let log = try ConsoleLog.parse(Self.bareShowAndHide)
        #expect(log.notifications.count == 2 && log.skipped == 1)
        let objc = log.notifications[0], swift = log.notifications[1]
        #expect(objc.form == .objectiveCUserInfo && objc.line == 2 && objc.nameInferred)
        #expect(objc.frameBegin == Rect(x: 0, y: 852, width: 393, height: 336) && objc.frameEnd == Rect(x: 0, y: 516, width: 393, height: 336))
        #expect(objc.curve == 7 && objc.duration == 0.25 && objc.isLocal == true)
        #expect(swift.form == .swiftUserInfo && swift.line == 9 && swift.nameInferred)
        #expect(swift.frameEnd == Rect(x: 0, y: 852, width: 393, height: 336) && swift.duration == 0.25)
        // One line, NSDictionary's form.
        let one = try ConsoleLog.parse(#"{ UIKeyboardAnimationCurveUserInfoKey = 7; UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 516}, {393, 336}}"; }"#)
        #expect(one.notifications.count == 1 && one.notifications[0].curve == 7)
        #expect(one.notifications[0].frameEnd == Rect(x: 0, y: 516, width: 393, height: 336))
        // A brace and a dictionary of other keys are not a keyboard userInfo.
        let other = try ConsoleLog.parse("{\n    count = 3;\n}\n[AnyHashable(\"page\"): 2]\n")
        #expect(other.notifications.isEmpty && other.skipped == 4)
    }

    @Test func theNameOfABareUserInfoIsInferredFromItsFrames() {
        func p(_ b: Rect?, _ e: Rect) -> PrintedNotification {
            PrintedNotification(name: .willChangeFrame, spelling: "userInfo", form: .swiftUserInfo, line: 1, frameBegin: b, frameEnd: e,
                                nameInferred: true)
        }
        let up = Rect(x: 0, y: 516, width: 393, height: 336), down = Rect(x: 0, y: 852, width: 393, height: 336)
        let shorter = Rect(x: 0, y: 560, width: 393, height: 292)
        // On the 852-high screen: end at 852 (below it) hides; from 852 to 516 shows; 516 → 560 both on screen: a frame change.
        let named = NotificationReplay.inferNames([p(up, down), p(down, up), p(up, shorter), p(nil, up)], screenHeight: 852)
        #expect(named.map(\.name) == [.willHide, .willShow, .willChangeFrame, .willShow])
        // Without a screen: lower end (852 > 516) hides, higher shows.
        #expect(NotificationReplay.inferNames([p(up, down), p(down, up)], screenHeight: nil).map(\.name) == [.willHide, .willShow])
        // A named notification keeps its name.
        var named2 = p(up, down)
        named2.nameInferred = false
        #expect(NotificationReplay.inferNames([named2], screenHeight: 852)[0].name == .willChangeFrame)
    }

    @Test func aBareUserInfoIsComparedAndSaysItsNameIsInferred() throws {
        let (s, o) = try imported(Self.bareShowAndHide, "bare")
        #expect(o.status == .ok, "\(o.text)")
        #expect(s.state.screen.device.id == "iphone-15")
        let c = checks(o)
        #expect(c.map { $0["name"]?.stringValue } == ["keyboardWillShow", "keyboardWillHide"])
        #expect(c.allSatisfy { $0["nameInferred"] == .bool(true) })
        #expect(c.map { $0["form"]?.stringValue } == ["objectiveCUserInfo", "swiftUserInfo"])
        #expect(c.allSatisfy(allMatch))
        // 852 − 336 = 516: kbplay's show ends where the log's does.
        #expect(field(c[0], "frameEnd")?["kbplay"] == .array([0, 516, 393, 336].map { JSON.number($0) }))
        #expect(o.text.contains("✓ line 2 keyboardWillShow (inferred) as kbplay's"))
        #expect(o.text.contains("keyboard notifications: 2 as kbplay posts them, 0 differ"))
        let assumed = o.members["assumed"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(assumed.contains { $0.hasPrefix("the keyboard notifications of lines 2, 9, a userInfo printed alone, named from the frames") })
    }

    // MARK: 2. RxSwift's next(…)

    @Test func rxWrappersAreStripped() throws {
        let text = """
            next(NSConcreteNotification 0x600000c3c570 {name = UIKeyboardWillShowNotification; userInfo = {
                UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 852}, {393, 336}}";
                UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 516}, {393, 336}}";
            }})
            onNext(NSConcreteNotification 0x600000c3d2c0 {name = UIKeyboardWillHideNotification; userInfo = {UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 516}, {393, 336}}"; UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 852}, {393, 336}}"; UIKeyboardAnimationCurveUserInfoKey = 7;}})
            event next(name = UIKeyboardDidHideNotification, object = nil, userInfo = Optional([AnyHashable("UIKeyboardFrameBeginUserInfoKey"): NSRect: {{0, 516}, {393, 336}}, AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 852}, {393, 336}}]))
            """
        let log = try ConsoleLog.parse(text)
        #expect(log.notifications.map(\.name) == [.willShow, .willHide, .didHide] && log.skipped == 0)
        #expect(log.notifications.map(\.form) == [.objectiveC, .objectiveC, .swift])
        #expect(log.notifications[1].curve == 7 && log.notifications[1].frameEnd == Rect(x: 0, y: 852, width: 393, height: 336))
        #expect(log.notifications[2].line == 6)
        let (_, o) = try imported(text, "rx")
        #expect(o.status == .ok, "\(o.text)")
        let c = checks(o)
        #expect(c.map { $0["name"]?.stringValue } == ["keyboardWillShow", "keyboardWillHide", "keyboardDidHide"])
        #expect(c.allSatisfy(allMatch))
        #expect(c.allSatisfy { $0["nameInferred"] == nil })
        // The hide burst: didHide printed after willHide, as kbplay posts it.
        #expect(field(c[2], "order")?["log"] == .string("after keyboardWillHide"))
        #expect(o.text.contains("keyboard notifications: 3 as kbplay posts them, 0 differ"))
    }

    // MARK: 3. Unquoted, reordered and Swift-typed values

    @Test func valuesInEveryPrintedForm() throws {
        #expect(PrintedNotification.unwrapped("Optional(Optional(\"0.25\"))") == "0.25")
        #expect(PrintedNotification.rect("__C.CGRect(origin: __C.CGPoint(x: 0.0, y: 852.0), size: __C.CGSize(width: 393.0, height: 336.0))")
                == Rect(x: 0, y: 852, width: 393, height: 336))
        #expect(PrintedNotification.rect("CGRect(origin: CGPoint(x: 0, y: 516), size: CGSize(width: 393, height: 336))")
                == Rect(x: 0, y: 516, width: 393, height: 336))
        #expect(PrintedNotification.point("CGPoint(x: 196.5, y: 684.0)") == Point(x: 196.5, y: 684))
        #expect(PrintedNotification.rect("__C.CGRect(origin: __C.CGPoint(x: 0.0, y: 852.0), size: __C.CGSize(width: 393.0))") == nil)
        let text = """
            name = UIResponder.keyboardWillShowNotification, object = nil, userInfo = Optional([AnyHashable("UIKeyboardAnimationCurveUserInfoKey"): 7.0, AnyHashable("UIKeyboardFrameEndUserInfoKey"): Optional((0.0, 516.0, 393.0, 336.0)), AnyHashable("UIKeyboardFrameBeginUserInfoKey"): __C.CGRect(origin: __C.CGPoint(x: 0.0, y: 852.0), size: __C.CGSize(width: 393.0, height: 336.0)), AnyHashable("UIKeyboardCenterEndUserInfoKey"): CGPoint(x: 196.5, y: 684.0), AnyHashable("UIKeyboardAnimationDurationUserInfoKey"): Optional(0.25), AnyHashable("UIKeyboardIsLocalUserInfoKey"): Optional(true)])
            NSConcreteNotification 0x60 {name = UIKeyboardWillHideNotification; userInfo = {
                UIKeyboardFrameEndUserInfoKey = NSRect: {{0, 852}, {393, 336}};
                UIKeyboardAnimationDurationUserInfoKey = 0.25;
                UIKeyboardFrameBeginUserInfoKey = NSRect: {{0, 516}, {393, 336}};
                UIKeyboardAnimationCurveUserInfoKey = 7;
            }}
            """
        let log = try ConsoleLog.parse(text)
        let show = try #require(log.notifications.first)
        #expect(show.curve == 7 && show.duration == 0.25 && show.isLocal == true)
        #expect(show.frameBegin == Rect(x: 0, y: 852, width: 393, height: 336) && show.frameEnd == Rect(x: 0, y: 516, width: 393, height: 336))
        #expect(show.centerEnd == Point(x: 196.5, y: 684))
        #expect(log.notifications[1].frameEnd == Rect(x: 0, y: 852, width: 393, height: 336) && log.notifications[1].curve == 7)
        let (_, o) = try imported(text, "values")
        #expect(o.status == .ok, "\(o.text)")
        let c = checks(o)
        #expect(c.count == 2 && c.allSatisfy(allMatch))
        #expect(field(c[0], "centerEnd")?["kbplay"] == .array([.number(196.5), .number(684)]))
        #expect(field(c[0], "curve") != nil && field(c[0], "isLocal") != nil && field(c[1], "duration") != nil)
    }

    // MARK: Refusals

    @Test func unreadablePastesSayWhatWouldWork() throws {
        let swift = #"[AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 516}, {393"#
        do {
            _ = try ConsoleLog.parse(swift)
            Issue.record("a cut-off bare userInfo was read")
        } catch {
            // 70 scalars: the cut is at column 71.
            #expect(error.line == 1 && error.column == 71)
            #expect(error.message == "the keyboard notification's userInfo printed alone on line 1 is cut off")
            #expect(error.expected == "AnyHashable(\"KEY\"): VALUE entries separated by ', ' and closed by ']'")
        }
        do {
            _ = try ConsoleLog.parse(#"{ UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 516}, {393, 336}}"; UIKeyboardAnim"#)
            Issue.record("a cut-off one-line userInfo was read")
        } catch {
            // `{ ` 2 + the key 29 + ` = ` 3 + the quoted value 32 + `; ` 2 = 68: the second entry starts at column 69.
            #expect(error.line == 1 && error.column == 69)
            #expect(error.expected == "'KEY = VALUE;' entries and '}' after the last")
        }
        do {
            _ = try ConsoleLog.parse(#"next(NSConcreteNotification 0x60 {name = UIKeyboardWillShowNotification; userInfo = {UIKeyboardAnimationCurveUserInfoKey = 7;})"#)
            Issue.record("a notification closed by one brace was read")
        } catch {
            #expect(error.message == "the keyboard notification of line 1 is not closed")
            #expect(error.expected == "'}}' after its userInfo's entries")
        }
        do {
            _ = try ConsoleLog.parse(#"[AnyHashable("UIKeyboardFrameEndUserInfoKey"): Optional((0.0, 516.0, 393.0))]"#)
            Issue.record("a CGRect of three numbers was read")
        } catch {
            #expect(error.message.contains("is not a rectangle: 'Optional((0.0, 516.0, 393.0))'"))
        }
        // Through the command: refused, the session as it was.
        var s = Session.demo(sessionsDirectory: "/nonexistent-kbplay-log")
        let before = s.state
        let path = NSTemporaryDirectory() + "kbplay-pasted-cut-\(getpid()).log"
        try (swift + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let o = s.execute("import log \(CommandParser.quote(path))")
        #expect(o.status == .rejected)
        #expect(o.text.contains("line 1, column 71: the keyboard notification's userInfo printed alone on line 1 is cut off"))
        #expect(o.text.contains("paste each notification whole"))
        #expect(s.state == before)
    }
}
