import Foundation
import Testing
import KBModel
@testable import KBInterop
@testable import KBShell

/// `import log`: UIKit's conflict dumps read in every description form,
/// rebuilt with UIKit's recovery, and bad logs refused with line and column.
@Suite("import log")
struct ConsoleLogImportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/console-logs").path

    static func path(_ name: String) -> String { "\(folder)/\(name).log" }

    /// One description of a dump's list, read as the dump would read it.
    func read(_ description: String) throws -> LogConstraint {
        let log = try ConsoleLog.parse("""
            Unable to simultaneously satisfy constraints.
            (
                "\(description)"
            )
            Will attempt to recover by breaking constraint
            <NSLayoutConstraint:0x1 V:[UIView:0x2(1)]>
            """)
        return try #require(log.dumps.first?.constraints.first)
    }

    func imported(_ name: String, _ extra: String = "") -> (Session, CommandOutcome) {
        var s = Session(sessionsDirectory: "/nonexistent-kbplay-log")
        let o = s.execute("import log \(CommandParser.quote(Self.path(name)))\(extra)")
        return (s, o)
    }

    func frame(_ s: inout Session, _ name: String) -> Rect? {
        s.state.screen.windowFrame(of: name)
    }

    // MARK: Description forms

    @Test func modernEquationWithIdentifierGuideAndStatus() throws {
        let c = try read(#"<NSLayoutConstraint:0x600003a1c140 'card.top' UILabel:0x7fd2c4a0b2e0'Title'.top == UILayoutGuide:0x6000027f8000'UIViewSafeAreaLayoutGuide'.top + 24   (active)>"#)
        #expect(c.address == "0x600003a1c140")
        #expect(c.identifier == "card.top")
        #expect(c.first.item == LogItem(className: "UILabel", address: "0x7fd2c4a0b2e0", label: "Title"))
        #expect(c.first.attribute == "top")
        #expect(c.relation == .equal)
        #expect(c.second?.item.guide == .safeArea)
        #expect(c.constant == 24)
        #expect(c.isActive)
    }

    @Test func multiplierNegativeConstantPriorityAndInactive() throws {
        let c = try read(#"<NSLayoutConstraint:0x60 UIButton:0x7f1.width <= 0.5*UIView:0x7f2.width - 12 @750   (inactive)>"#)
        #expect(c.relation == .lessOrEqual)
        #expect(c.multiplier == 0.5)
        #expect(c.constant == -12)
        #expect(c.priority == 750)
        #expect(!c.isActive)
        #expect(c.second?.item.address == "0x7f2")
    }

    @Test func constantOnlyAndAutoresizingMask() throws {
        let c = try read(#"<NSAutoresizingMaskLayoutConstraint:0x60 h=--& v=--& UIImageView:0x7f1.height == 0   (active)>"#)
        #expect(c.className == "NSAutoresizingMaskLayoutConstraint")
        #expect(c.autoresizingMask == "h=--& v=--&")
        #expect(c.second == nil)
        #expect(c.constant == 0)
        #expect(c.first.attribute == "height")
    }

    @Test func visualFormatsStandForTheirEquations() throws {
        // |-(30)-[X] (Names: '|':P): X.leading == P.leading + 30.
        let lead = try read(#"<NSLayoutConstraint:0x1 H:|-(30)-[UILabel:0x7f1'Seconds']   (Names: '|':UIView:0x7f9 )>"#)
        #expect(lead.first.item.address == "0x7f1" && lead.first.attribute == "leading")
        #expect(lead.second?.item.address == "0x7f9" && lead.second?.attribute == "leading" && lead.constant == 30)
        #expect(lead.superview?.address == "0x7f9")
        // [X]-(-1)-| : P.bottom == X.bottom - 1.
        let trail = try read(#"<NSLayoutConstraint:0x2 V:[UIView:0x7f1]-(-1)-|   (active, names: '|':UIView:0x7f9 )>"#)
        #expect(trail.first.item.address == "0x7f9" && trail.first.attribute == "bottom")
        #expect(trail.second?.attribute == "bottom" && trail.constant == -1)
        // [A]-(NSSpace(8))-[B]: B.top == A.bottom + 8.
        let gap = try read(#"<NSLayoutConstraint:0x3 V:[UILabel:0x7f1'Price']-(NSSpace(8))-[UIButton:0x7f2'Buy']>"#)
        #expect(gap.first.item.address == "0x7f2" && gap.first.attribute == "top")
        #expect(gap.second?.item.address == "0x7f1" && gap.second?.attribute == "bottom" && gap.constant == 8)
        // [X(>=44@750)]: X.width >= 44 @750.
        let size = try read(#"<NSLayoutConstraint:0x4 H:[UIButton:0x7f2(>=44@750)]>"#)
        #expect(size.first.attribute == "width" && size.relation == .greaterOrEqual && size.constant == 44 && size.priority == 750)
        // The layout direction after a guide's format.
        let ltr = try read(#"<NSLayoutConstraint:0x5 'UIViewSafeAreaLayoutGuide-left' H:|-(0)-[UILayoutGuide:0x6'UIViewSafeAreaLayoutGuide'](LTR)   (active, names: '|':UIView:0x7f9 )>"#)
        #expect(ltr.first.item.guide == .safeArea && ltr.constant == 0)
    }

    @Test func debugNamesEscapesAndIdentifiersWithAngleBrackets() throws {
        let named = try read(#"<NSLayoutConstraint:0x1 Toolbar.lockIcon.width == 40   (active, names: Toolbar.lockIcon:0x106c2b2e0 )>"#)
        #expect(named.first.item.className == "Toolbar.lockIcon")
        #expect(named.first.item.address == "0x106c2b2e0")
        #expect(named.first.item.isDebugName)
        let escaped = try read(#"<NSLayoutConstraint:0x2 'bar.<top>.v2' UIButton:0x7f1'\U53d1\U9001'.height == 44   (active)>"#)
        #expect(escaped.identifier == "bar.<top>.v2")
        #expect(escaped.first.item.label == "发送")
        #expect(ConsoleLogImporter.sanitized("bar.<top>.v2") == "bar_top_v2")
        #expect(ConsoleLogImporter.sanitized("UIView-Encapsulated-Layout-Width") == "UIView_Encapsulated_Layout_Width")
    }

    @Test func prefixesAndQuotingAreSkippedAndOtherLinesCounted() throws {
        let log = try ConsoleLog.parse(String(contentsOfFile: Self.path("two-dumps"), encoding: .utf8))
        #expect(log.dumps.map(\.line) == [3, 20])
        #expect(log.dumps.map(\.constraints.count) == [2, 4])
        // "Loading feed…", "[Network] GET …", "[Feed] 24 items".
        #expect(log.skipped == 3)
        // The broken one is printed raw (分享) in the "breaking" line: matched by its address.
        #expect(log.dumps[1].brokenAddress == "0x600000c821a0")
        let chars = [Unicode.Scalar]("2026-01-20 22:41:09.771902+0000 Chat[918:44120] [LayoutConstraints] x".unicodeScalars)
        // "2026-01-20 " 11 + "22:41:09.771902+0000 " 21 + "Chat[918:44120]" 15 + " " 1 = 48.
        #expect(ConsoleLog.contentStart(chars) == 48)
        #expect(ConsoleLog.contentStart(Array("> // \"<N".unicodeScalars)) == 5)
    }

    // MARK: Sessions rebuilt

    @Test func modernDumpReproducesUIKitsRecovery() throws {
        var (s, o) = imported("modern")
        #expect(o.status == .ok, "\(o.text)")
        // Root width 393 (the encapsulated width) is iPhone 15's.
        #expect(s.state.screen.device.id == "iphone-15")
        #expect(o.members["uikitBroke"] == .string("titleWidth"))
        #expect(o.members["names"]?["0x7fd2c4a0b2e0"] == .string("titleLabel"))
        #expect(o.members["names"]?["0x600003a1c0f0"] == .string("titleWidth"))
        #expect(o.members["names"]?["0x6000027f8000"] == .string("App.view.safeArea"))
        #expect(o.members["conflict"]?.arrayValue?.compactMap(\.stringValue).contains("titleWidth") == true)
        #expect(o.members["conflict"]?.arrayValue?.compactMap(\.stringValue).contains("c1") == true)
        #expect(try s.state.screen.constraint(named: "titleWidth").isBroken)
        // titleLabel: leading 16, trailing 16 in the 393-wide safe area → 393 − 32 = 361 wide;
        // top = safe-area top 59 + 24 = 83; a label's height 21.
        #expect(frame(&s, "titleLabel") == Rect(x: 16, y: 83, width: 361, height: 21))
        #expect(o.text.contains("UIKit broke titleWidth  titleLabel.width == 400"))
        // A fix: the width at 750 no longer conflicts.
        let fix = s.execute("set titleWidth.priority 750")
        #expect(fix.status == .ok)
        #expect(try !s.state.screen.constraint(named: "titleWidth").isBroken)
    }

    @Test func iOS9VisualFormatDumpPicksTheDeviceFromTheEncapsulatedSize() {
        var (s, o) = imported("ios9")
        #expect(o.status == .ok, "\(o.text)")
        // 375 × 667: the first preset of that size.
        #expect(s.state.screen.device.screen == Size(width: 375, height: 667))
        // Constraints are named in the log's order: the broken 300 is the first.
        #expect(o.members["uikitBroke"] == .string("c1"))
        // buyNowButton: 40 from either edge of 375 → 295 wide once the 300 is broken;
        // height 0.5 × priceLabel's 21 + 30 = 40.5; top = priceLabel's 120 + 21 + 8 = 149.
        #expect(frame(&s, "buyNowButton") == Rect(x: 40, y: 149, width: 295, height: 40.5))
        // priceLabel "Price": 5 × 8 = 40 wide, centred: (375 − 40) / 2 = 167.5.
        #expect(frame(&s, "priceLabel") == Rect(x: 167.5, y: 120, width: 40, height: 21))
        #expect(s.state.screen.views.first { $0.name == "priceLabel" }?.text == "Price")
    }

    @Test func keyboardDumpWithMarginsGuideAndTheKeyboardsOwnConstraints() {
        var (s, o) = imported("keyboard")
        #expect(o.status == .ok, "\(o.text)")
        #expect(o.members["uikitBroke"] == .string("c10"))
        #expect(o.members["names"]?["0x7fa1e3812600"] == .string("messageView"))
        #expect(o.members["names"]?["0x7fa1e2d0b3c0"] == .string("App.view.keyboard"))
        // The keyboard's own constraints are rebuilt on its own views, and said to be the keyboard's.
        #expect(!o.text.contains("left out: 'assistantHeight'"))
        #expect(s.state.screen.constraints.first { $0.name == "assistantHeight" }?.first.view == "systemInputAssistantView")
        #expect(o.text.contains("note: the dump also lists the system keyboard's own views (remoteKeyboardPlaceholderView, kbCompatInputView, systemInputAssistantView)"))
        // The bar's bottom is the keyboard guide's top, the safe-area bottom 852 − 34 = 818
        // while the keyboard is down: 818 − 56 = 762.
        #expect(frame(&s, "view1") == Rect(x: 0, y: 762, width: 393, height: 56))
        // messageView: the margins' 56 − 2 × 8 = 40 once ">= 48" is broken.
        #expect(frame(&s, "messageView")?.height == 40)
        #expect(s.state.screen.constraints.first { $0.name == "c12" }?.isActive == false)
        #expect(s.state.screen.constraints.first { $0.name == "c11" }?.priority == 750)
        let conflict = o.members["conflict"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(conflict.contains("c1") && conflict.contains("c10"))
    }

    @Test func secondDumpByNumberWithDebugNamesAndRawBrokenLine() {
        var (s, o) = imported("two-dumps", " dump 2")
        #expect(o.status == .ok, "\(o.text)")
        #expect(o.text.contains("dump 2: line 20, 4 constraints (imported)"))
        #expect(o.members["names"]?["0x7fb8d6c25f00"] == .string("shareLabel"))
        #expect(o.members["skipped"] == .number(3))
        // 120 wide vs. its container's temporary 100: UIKit broke the leading one.
        #expect(o.members["uikitBroke"] == .string("c2"))
        #expect(s.state.screen.constraints.first { $0.name == "_UITemporaryLayoutWidth" } != nil)
        #expect(frame(&s, "shareLabel")?.width == 120)
        var (first, o1) = imported("two-dumps")
        #expect(o1.members["uikitBroke"] == .string("c2"))
        // The autoresizing width 0 holds; the 44 is broken.
        #expect(frame(&first, "view1")?.width == 0)
    }

    @Test func stackDumpTakesTheHierarchyAndComparesFrames() {
        let (s, o) = imported("stack")
        #expect(o.status == .ok, "\(o.text)")
        #expect((try? s.state.screen.view(named: "stackView1"))?.parent == "App.view")
        #expect((try? s.state.screen.view(named: "textField1"))?.parent == "stackView1")
        #expect(o.members["uikitBroke"] == .string("c2"))
        // 34 + 12 + 30 (the button's own height, once 44 is broken) = 76 ≠ 80: the
        // button stretches to 80 − 34 − 12 = 34, as the log's frame (0 46; 361 34) says.
        #expect(o.text.contains("button1 frame (0 46; 0 34) in its superview; the log's (0 46; 361 34)"))
        #expect(o.members["skipped"] == .number(1))
    }

    @Test func tableCellsEncapsulatedHeightIsAConstraintNotTheScreen() {
        var (s, o) = imported("cell")
        #expect(o.status == .ok, "\(o.text)")
        #expect(o.members["names"]?["0x7f8a1b60e200"] == .string("view1"))
        #expect(s.state.screen.constraints.first { $0.name == "UIView_Encapsulated_Layout_Height" }?.constant == 43.667)
        // 12 + 24 + 12 = 48 ≠ 43.667: the label's 24 is broken, leaving 43.667 − 24 = 19.67.
        #expect(o.members["uikitBroke"] == .string("c3"))
        #expect(frame(&s, "nameLabel").map { roundPoints($0.height) } == 19.67)
    }

    @Test func aNegativeSizeIsAConflictAsInUIKit() {
        var (s, o) = imported("negative")
        #expect(o.status == .ok, "\(o.text)")
        // captionLabel.width == view1.width − 32 with view1 as wide as view2's 30: 30 − 32 = −2 < 0.
        #expect(o.members["uikitBroke"] == .string("c1"))
        let conflict = o.members["conflict"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(["c1", "c2", "c3"].allSatisfy(conflict.contains))
        #expect(frame(&s, "view1")?.width == 30)
        // Broken, the label keeps its text's width: "Caption", 7 × 8 = 56.
        #expect(frame(&s, "captionLabel")?.width == 56)
    }

    // MARK: Refusals

    @Test func cutOffAndMalformedDumpsAreRefusedWithLineAndColumn() {
        var s = Session.demo(sessionsDirectory: "/nonexistent-kbplay-log")
        let before = s.state
        let cut = s.execute("import log \(CommandParser.quote(Self.path("cutoff")))")
        #expect(cut.status == .rejected)
        #expect(cut.text.contains("line 5, column 106: the description is cut off; expected '>\"' at its end"))
        let bad = s.execute("import log \(CommandParser.quote(Self.path("malformed")))")
        #expect(bad.text.contains("line 3, column 41: no relation; expected ==, <= or >= between two sides"))
        let missing = s.execute("import log \(CommandParser.quote(Self.path("two-dumps"))) dump 3")
        #expect(missing.text.contains("the log has 2 conflict dumps, no dump 3"))
        let none = s.execute("import log /nonexistent-kbplay-log/x.log")
        #expect(none.text.contains("no file"))
        let stdin = s.execute("import log -")
        #expect(stdin.text.contains("standard input (-) is not available here"))
        #expect(s.state == before)
    }

    @Test func aDumpWithoutItsBrokenConstraintIsCutOff() throws {
        #expect(throws: ConsoleLogError.self) {
            try ConsoleLog.parse("Unable to simultaneously satisfy constraints.\n(\n    \"<NSLayoutConstraint:0x1 UIView:0x2.width == 3>\"\n)\n")
        }
        do {
            _ = try ConsoleLog.parse("Unable to simultaneously satisfy constraints.\n(\n    \"<NSLayoutConstraint:0x1 UIView:0x2.width == 3>\"\nsomething else\n")
            Issue.record("a list that stops was read")
        } catch {
            #expect(error.line == 4 && error.column == 1)
            #expect(error.expected == "a \"<…>\" description or ')'")
        }
    }
}
