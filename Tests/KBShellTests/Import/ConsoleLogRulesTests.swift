import Foundation
import Testing
import KBModel
@testable import KBInterop
@testable import KBShell

/// `import log`: the UIKit rules that make a real paste read as UIKit wrote
/// it, one hand-written excerpt each (addresses and numbers made up; the
/// arithmetic is in the comments).
@Suite("import log rules")
struct ConsoleLogRulesTests {
    /// A dump around `entries` with UIKit's header and recovery lines.
    static func dump(_ entries: [String], broke: String) -> String {
        "Unable to simultaneously satisfy constraints.\n"
            + "\tProbably at least one of the constraints in the following list is one you don't want.\n(\n"
            + entries.map { "    \"\($0)\"" }.joined(separator: ",\n")
            + "\n)\n\nWill attempt to recover by breaking constraint \n\(broke)\n"
    }

    /// Imports `text` as a log file in a fresh session.
    func imported(_ text: String, _ extra: String = "") throws -> (Session, CommandOutcome) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kbplay-log-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("console.log").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var s = Session(sessionsDirectory: "/nonexistent-kbplay-log")
        let o = s.execute("import log \(CommandParser.quote(path))\(extra)")
        return (s, o)
    }

    func conflict(_ o: CommandOutcome) -> [String] { o.members["conflict"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
    func broken(_ s: Session) -> [String] { s.state.screen.constraints.filter(\.isBroken).map(\.name) }

    // MARK: Reading what people paste

    @Test func systemSpacingSignedConstantsSnapKitAndMarkdownItalics() throws {
        let log = try ConsoleLog.parse(Self.dump([
            // `NSLayoutAnchorConstraintSpace(8)` after the second item: that item + 8.
            "<_UISystemBaselineConstraint:0xa1 UIView:0xb1.bottom <= UILayoutGuide:0xc1'UIViewSafeAreaLayoutGuide'.bottom NSLayoutAnchorConstraintSpace(8)   (active)>",
            // A negative constant alone, printed with a blank after the sign.
            "<NSLayoutConstraint:0xa2 UIView:0xb2.minY == - 0.333333   (active)>",
            // SnapKit's class, dotted, and where the constraint was made.
            "<SnapKit.LayoutConstraint:0xa3@LoginView.swift#61 UIView:0xb1.height == 44>",
            // Markdown's italics turned the leading `_` into `*`.
            "<NSLayoutConstraint:0xa4 *UIKBCompatInputView:0xb4.height == 10   (active)>",
        ], broke: "<NSLayoutConstraint:0xa2 UIView:0xb2.minY == - 0.333333   (active)>"))
        let c = try #require(log.dumps.first?.constraints)
        #expect(c[0].relation == .lessOrEqual && c[0].constant == 8 && c[0].second?.item.guide == .safeArea)
        #expect(c[1].second == nil && c[1].constant == -0.333333)
        #expect(c[2].address == "0xa3" && c[2].constant == 44 && c[2].first.item.address == "0xb1")
        #expect(c[3].first.item.className == "_UIKBCompatInputView")
    }

    @Test func markdownEscapedAngleBracketsAndAListWithoutItsHeader() throws {
        // `\<…\>` around every description, and no "Unable to…" line before the list.
        let text = """
            (
            "\\<NSLayoutConstraint:0xa1 V:[UIView:0xb1(30)]\\>",
            "\\<NSLayoutConstraint:0xa2 'UIView-Encapsulated-Layout-Height' V:[UIView:0xb1(20)]\\>"
            )
            Will attempt to recover by breaking constraint
            \\<NSLayoutConstraint:0xa1 V:[UIView:0xb1(30)]\\>
            """
        let log = try ConsoleLog.parse(text)
        #expect(log.dumps.count == 1)
        #expect(log.dumps.first?.constraints.count == 2)
        #expect(log.dumps.first?.brokenAddress == "0xa1")
    }

    // MARK: The log's own geometry

    @Test func anEncapsulatedHeightOf375IsALandscapeScreen() throws {
        // The root is 375 high: no preset is in portrait, iPhone 8 (667 × 375) is in landscape.
        // The label: top 50, height 300, and 40 below it: 50 + 300 + 40 = 390 > 375.
        let (s, o) = try imported(Self.dump([
            "<NSLayoutConstraint:0xa1 UILabel:0xb1.height == 300   (active)>",
            "<NSLayoutConstraint:0xa2 V:|-(50)-[UILabel:0xb1]   (active, names: '|':UIView:0xb0 )>",
            "<NSLayoutConstraint:0xa3 V:[UILabel:0xb1]-(>=40)-|   (active, names: '|':UIView:0xb0 )>",
            "<NSLayoutConstraint:0xa4 'UIView-Encapsulated-Layout-Height' UIView:0xb0.height == 375   (active)>",
        ], broke: "<NSLayoutConstraint:0xa1 UILabel:0xb1.height == 300   (active)>"))
        #expect(o.status == .ok, "\(o.text)")
        #expect(s.state.screen.device.id == "iphone-8" && s.state.screen.orientation == .landscape)
        #expect(o.members["uikitBroke"] == .string("c1"))
        // The root frame's 375 is the log's encapsulated height, by its own name.
        #expect(o.members["names"]?["0xa4"] == .string("App.view.height"))
        #expect(Set(conflict(o)) == ["App.view.height", "c1", "c2", "c3"])
        #expect(broken(s) == ["c1"])
        // The text maps kbplay's names to the log's addresses, as the JSON does.
        #expect(o.text.contains("names: label1 0xb1, App.view 0xb0, App.view.height 0xa4, c2 0xa2, c3 0xa3, c1 0xa1"))
        // A dump lists only the constraints in conflict: the label's free x is a note, not a warning.
        #expect(o.text.contains("note: ambiguous layout: label1"))
        #expect(!o.text.contains("⚠ ambiguous layout"))
    }

    @Test func theConflictsArithmeticInOneLine() throws {
        // A button 40 from each side of a 375-wide root and 300 wide: the rows combine to
        // (b.x − r.x − 40) + (r.x + r.w − b.x − b.w − 40) + (b.w − 300) − (r.w − 375) = −5,
        // so 40 + 40 + 300 = 380 must equal 375, the root's encapsulated width.
        let (_, o) = try imported(Self.dump([
            "<NSLayoutConstraint:0xa1 UIButton:0xb1.width == 300   (active)>",
            "<NSLayoutConstraint:0xa2 H:|-(40)-[UIButton:0xb1]   (active, names: '|':UIView:0xb0 )>",
            "<NSLayoutConstraint:0xa3 H:[UIButton:0xb1]-(40)-|   (active, names: '|':UIView:0xb0 )>",
            "<NSLayoutConstraint:0xa4 'UIView-Encapsulated-Layout-Width' UIView:0xb0.width == 375   (active)>",
        ], broke: "<NSLayoutConstraint:0xa1 UIButton:0xb1.width == 300   (active)>"))
        #expect(o.status == .ok, "\(o.text)")
        let why = "40 + 40 + 300 = 380 ≠ 375 (App.view.width)"
        #expect(o.members["arithmetic"] == .string(why))
        #expect(o.text.contains("why: \(why)\n"), "\(o.text)")
        // A conflict through a size's implicit ≥ 0, which kbplay lists with it: 20 + 400 from the
        // sides of a 393-wide root leaves the button 393 − 420 = −27 wide, below 0, so 420 > 393.
        let (_, n) = try imported(Self.dump([
            "<NSLayoutConstraint:0xa2 H:|-(20)-[UIButton:0xb1]   (active, names: '|':UIView:0xb0 )>",
            "<NSLayoutConstraint:0xa3 H:[UIButton:0xb1]-(400)-|   (active, names: '|':UIView:0xb0 )>",
            "<NSLayoutConstraint:0xa4 'UIView-Encapsulated-Layout-Width' UIView:0xb0.width == 393   (active)>",
        ], broke: "<NSLayoutConstraint:0xa3 H:[UIButton:0xb1]-(400)-|   (active, names: '|':UIView:0xb0 )>"))
        #expect(n.status == .ok, "\(n.text)")
        #expect(n.members["arithmetic"] == .string("20 + 400 = 420 > 393 (App.view.width)"))
        // A log without a conflict has no arithmetic: null in JSON.
        let (_, none) = try imported("<UIView: 0x20; frame = (0 0; 393 852); layer = <CALayer: 0x21>>")
        #expect(none.status == .ok, "\(none.text)")
        #expect(none.members["arithmetic"] == .null)
        #expect(!none.text.contains("why:"))
    }

    @Test func whenTheRestStillConflictsUIKitWentOnToBreakMore() throws {
        // A label in a 375-wide root: 20 + 400 + 20 = 440 ≠ 375, and UIKit
        // breaks the width. Its height is also said to be 30 and 40, which
        // no choice among the listed widths settles: UIKit went on to break
        // one of the heights too (a further dump), and kbplay breaks the
        // newer one, 40.
        let (s, o) = try imported(Self.dump([
            "<NSLayoutConstraint:0xa1 'UIView-Encapsulated-Layout-Width' UIView:0xb0.width == 375   (active)>",
            "<NSLayoutConstraint:0xa2 H:|-(20)-[UILabel:0xb1]   (active, names: '|':UIView:0xb0 )>",
            "<NSLayoutConstraint:0xa3 H:[UILabel:0xb1]-(20)-|   (active, names: '|':UIView:0xb0 )>",
            "<NSLayoutConstraint:0xa4 UILabel:0xb1.height == 30   (active)>",
            "<NSLayoutConstraint:0xa5 UILabel:0xb1.height == 40   (active)>",
            "<NSLayoutConstraint:0xa6 UILabel:0xb1.width == 400   (active)>",
        ], broke: "<NSLayoutConstraint:0xa6 UILabel:0xb1.width == 400   (active)>"))
        #expect(o.status == .ok, "\(o.text)")
        let names = o.members["names"]
        let width = try #require(names?["0xa6"]?.stringValue), height40 = try #require(names?["0xa5"]?.stringValue)
        #expect(Set(broken(s)) == [width, height40], "\(broken(s))")
        #expect(o.text.contains("note: with \(width) broken the rest still conflicts, so UIKit went on to break more — the log's next dump shows which; kbplay broke \(height40) to lay the rest out"), "\(o.text)")
        // One conflict, one choice: no such note.
        let (_, single) = try imported(Self.dump([
            "<NSLayoutConstraint:0xa1 'UIView-Encapsulated-Layout-Width' UIView:0xb0.width == 375   (active)>",
            "<NSLayoutConstraint:0xa2 H:|-(20)-[UILabel:0xb1]   (active, names: '|':UIView:0xb0 )>",
            "<NSLayoutConstraint:0xa3 H:[UILabel:0xb1]-(20)-|   (active, names: '|':UIView:0xb0 )>",
            "<NSLayoutConstraint:0xa6 UILabel:0xb1.width == 400   (active)>",
        ], broke: "<NSLayoutConstraint:0xa6 UILabel:0xb1.width == 400   (active)>"))
        #expect(single.status == .ok && !single.text.contains("went on to break more"), "\(single.text)")
    }

    @Test func aRootOfItsOwnSizeAndAScreenSizedAutoresizingRoot() throws {
        // A keyboard extension's input view, 216 high: no screen, so the root's own frame.
        // 250 ≠ 216, and UIKit broke the 250.
        var (s, o) = try imported(Self.dump([
            "<NSLayoutConstraint:0xa1 UIInputView:0xb0.height == 250   (active)>",
            "<NSLayoutConstraint:0xa2 'UIView-Encapsulated-Layout-Height' UIInputView:0xb0.height == 216   (active)>",
        ], broke: "<NSLayoutConstraint:0xa1 UIInputView:0xb0.height == 250   (active)>"))
        #expect(o.status == .ok, "\(o.text)")
        #expect(s.state.screen.windowFrame(of: "App.view") == Rect(x: 0, y: 0, width: 393, height: 216))
        #expect(Set(conflict(o)) == ["App.view.height", "c1"])
        #expect(broken(s) == ["c1"])
        // A view that translates its mask, 896 high: iPhone 11's screen. Inside it
        // 200 + 0.2 × 896 = 379.2 ≠ 896, so the 200 UIKit broke cannot hold.
        (s, o) = try imported(Self.dump([
            "<NSAutoresizingMaskLayoutConstraint:0xa1 h=--& v=--& App.MyView:0xb0.height == 896   (active)>",
            "<NSLayoutConstraint:0xa2 UIView:0xb1.height == 200   (active)>",
            "<NSLayoutConstraint:0xa3 V:|-(0)-[UIView:0xb1]   (active, names: '|':App.MyView:0xb0 )>",
            "<NSLayoutConstraint:0xa4 V:[UIView:0xb1]-(0)-[UIView:0xb2]   (active)>",
            "<NSLayoutConstraint:0xa5 UIView:0xb2.bottom == App.MyView:0xb0.bottom   (active)>",
            "<NSLayoutConstraint:0xa6 UIView:0xb2.height == 0.2*App.MyView:0xb0.height   (active)>",
        ], broke: "<NSLayoutConstraint:0xa2 UIView:0xb1.height == 200   (active)>"))
        #expect(o.status == .ok, "\(o.text)")
        #expect(s.state.screen.device.id == "iphone-11")
        #expect(Set(conflict(o)) == ["App.view.height", "c1", "c2", "c3", "c4", "c5"])
        #expect(broken(s) == ["c1"])
        // 896 − 179.2 = 716.8 for the first view once the 200 is broken.
        #expect(s.state.screen.windowFrame(of: "view1")?.height == 716.8)
    }

    @Test func deviceAndOrientationOverrideTheInference() throws {
        let text = Self.dump([
            "<NSLayoutConstraint:0xa1 UIInputView:0xb0.height == 250   (active)>",
            "<NSLayoutConstraint:0xa2 'UIView-Encapsulated-Layout-Height' UIInputView:0xb0.height == 216   (active)>",
        ], broke: "<NSLayoutConstraint:0xa1 UIInputView:0xb0.height == 250   (active)>")
        // iPhone 8 in landscape is 667 × 375: the input view keeps the log's 216.
        var (s, o) = try imported(text, " device iphone-8 landscape")
        #expect(o.status == .ok, "\(o.text)")
        #expect(s.state.screen.device.id == "iphone-8" && s.state.screen.orientation == .landscape)
        #expect(s.state.screen.windowFrame(of: "App.view") == Rect(x: 0, y: 0, width: 667, height: 216))
        // An orientation alone is refused, and the session stays as it was.
        let before = s.state.screen.device.id
        o = s.execute("import log /nonexistent.log landscape")
        #expect(o.status != .ok)
        #expect(o.text.contains("landscape goes with a device"))
        #expect(s.state.screen.device.id == before)
    }

    @Test func anAutoresizingSizeThatIsNoScreenStaysAConstraint() throws {
        // A button of height 0 (its mask pins it) holding a view 6 from its top and 6 from
        // its bottom: 0 − 6 − 6 = −12 < 0, so the size ≥ 0 UIKit keeps conflicts with it.
        var (s, o) = try imported(Self.dump([
            "<NSAutoresizingMaskLayoutConstraint:0xa1 h=--& v=--& UIButton:0xb0.height == 0   (active)>",
            "<NSLayoutConstraint:0xa2 UIView:0xb1.bottom == UIButton:0xb0.bottom - 6   (active)>",
            "<NSLayoutConstraint:0xa3 V:|-(6)-[UIView:0xb1]   (active, names: '|':UIButton:0xb0 )>",
        ], broke: "<NSLayoutConstraint:0xa2 UIView:0xb1.bottom == UIButton:0xb0.bottom - 6   (active)>"))
        #expect(o.status == .ok, "\(o.text)")
        #expect(s.state.screen.device.id == "iphone-15")
        #expect(s.state.screen.windowFrame(of: "App.view")?.height == 0)
        #expect(conflict(o).allSatisfy { ["App.view.height", "c1", "c2", "UIKit-height-non-negative"].contains($0) })
        #expect(broken(s) == ["c1"])
    }

    @Test func aSafeAreaBottomOf0IsAScreenWithoutAHomeIndicator() throws {
        // The guide's bottom is the root's (inset 0). Up from it: 312, the button 25, then
        // 70 to the view above: its bottom is 312 + 25 + 70 = 407 up. The view below it
        // starts 34 lower, 373 up, and ends 391 up: height 373 − 391 = −18 < 0. With
        // iPhone 15's bottom inset 34 it would be 16, and no conflict.
        let (s, o) = try imported(Self.dump([
            "<NSLayoutConstraint:0xa1 UIButton:0xb1.height == 25   (active)>",
            "<NSLayoutConstraint:0xa2 UILayoutGuide:0xc0'UIViewSafeAreaLayoutGuide'.bottom == UIButton:0xb1.bottom + 312   (active)>",
            "<NSLayoutConstraint:0xa3 V:[UIView:0xb2]-(34)-[UIView:0xb3]   (active)>",
            "<NSLayoutConstraint:0xa4 V:[UIView:0xb3]-(391)-|   (active, names: '|':UIView:0xb0 )>",
            "<NSLayoutConstraint:0xa5 V:[UIView:0xb2]-(70)-[UIButton:0xb1]   (active)>",
            "<NSLayoutConstraint:0xa6 'UIViewSafeAreaLayoutGuide-bottom' V:[UILayoutGuide:0xc0'UIViewSafeAreaLayoutGuide']-(0)-|   (active, names: '|':UIView:0xb0 )>",
        ], broke: "<NSLayoutConstraint:0xa1 UIButton:0xb1.height == 25   (active)>"))
        #expect(o.status == .ok, "\(o.text)")
        #expect(s.state.screen.device.safeAreaInsets(s.state.screen.orientation).bottom == 0)
        #expect(o.members["uikitBroke"] == .string("c1"))
        // The guide's own constraints are the log's 'UIViewSafeAreaLayoutGuide-bottom'.
        #expect(o.members["names"]?["0xa6"] == .string("UIViewSafeAreaLayoutGuide_bottom"))
        #expect(conflict(o).contains("UIViewSafeAreaLayoutGuide_bottom"))
        #expect(conflict(o).allSatisfy { ["c1", "c2", "c3", "c4", "c5", "UIViewSafeAreaLayoutGuide_bottom", "UIKit-height-non-negative"].contains($0) })
        #expect(broken(s) == ["c1"])
    }

    @Test func marginAttributesAreTheEdgeAndUIViewsMarginInOneConstraint() throws {
        // A header the log makes 0 wide: 8 (leading margin) + label + 8 (system spacing)
        // + button + 8 (trailing margin) = 0 leaves −24 for the two widths, below 0.
        // UIKit lists no margins-guide constraint: the margins are in the constraints.
        let (s, o) = try imported(Self.dump([
            "<NSLayoutConstraint:0xa1 UILabel:0xb1.leading == App.HeaderView:0xb0.leadingMargin>",
            "<NSLayoutConstraint:0xa2 H:[UILabel:0xb1]-(NSSpace(8))-[UIButton:0xb2'More']>",
            "<NSLayoutConstraint:0xa3 App.HeaderView:0xb0.trailingMargin == UIButton:0xb2'More'.trailing>",
            "<NSLayoutConstraint:0xa4 'UIView-Encapsulated-Layout-Width' H:[App.HeaderView:0xb0(0)]>",
        ], broke: "<NSLayoutConstraint:0xa2 H:[UILabel:0xb1]-(NSSpace(8))-[UIButton:0xb2'More']>"))
        #expect(o.status == .ok, "\(o.text)")
        #expect(s.state.screen.constraints.first { $0.name == "c1" }?.constant == 8)
        #expect(s.state.screen.constraints.first { $0.name == "c1" }?.second?.guide == nil)
        // trailing − 8 == button.trailing, kept as trailing == button.trailing + 8.
        #expect(s.state.screen.constraints.first { $0.name == "c3" }?.constant == 8)
        #expect(conflict(o).allSatisfy { ["App.view.width", "c1", "c2", "c3", "UIKit-width-non-negative"].contains($0) })
        #expect(broken(s) == ["c2"])
    }

    @Test func controlsAreNamedFromTheirTitlesAsOutletsAre() throws {
        // 'Add Entry' on a button → addEntryButton; 'Email' in a text field → emailTextField;
        // a label in Chinese has no ASCII word → label1; an accessibility identifier wins.
        let (_, o) = try imported(Self.dump([
            "<NSLayoutConstraint:0xa1 UIButton:0xb1'Add Entry'.width == 300   (active)>",
            "<NSLayoutConstraint:0xa2 H:|-(40)-[UIButton:0xb1'Add Entry']   (active, names: '|':UIView:0xb0 )>",
            "<NSLayoutConstraint:0xa3 H:[UIButton:0xb1'Add Entry']-(40)-|   (active, names: '|':UIView:0xb0 )>",
            "<NSLayoutConstraint:0xa4 UITextField:0xb2'Email'.leading == UILabel:0xb3'\\U5206\\U4eab'.leading   (active)>",
            "<NSLayoutConstraint:0xa5 UITextView:0xb4'notesView'.top == UILabel:0xb3'\\U5206\\U4eab'.bottom   (active)>",
            "<NSLayoutConstraint:0xa6 'UIView-Encapsulated-Layout-Width' UIView:0xb0.width == 375   (active)>",
        ], broke: "<NSLayoutConstraint:0xa1 UIButton:0xb1'Add Entry'.width == 300   (active)>"))
        #expect(o.status == .ok, "\(o.text)")
        #expect(o.members["names"]?["0xb1"] == .string("addEntryButton"))
        #expect(o.members["names"]?["0xb2"] == .string("emailTextField"))
        #expect(o.members["names"]?["0xb3"] == .string("label1"))
        #expect(o.members["names"]?["0xb4"] == .string("notesView"))
        // 40 + 300 + 40 = 380 > 375: UIKit broke the button's width.
        #expect(o.members["uikitBroke"] == .string("c1"))
        #expect(o.text.contains("to change: c1 (0xa1 in the log), the constraint UIKit broke — give it a priority below 1000 (set c1.priority 999)"))
    }

    // MARK: Structure the log states

    @Test func aFittingSizeStaysOnTheMeasuredStackAndItsCanvasGivesTheSuperview() throws {
        // A stack measured at width 0 (fittingSizeHTarget) holding two views of equal width
        // (fill equally, spacing 0): each 0 wide. Inside the second, a view 5 from either
        // side: 0 − 5 − 5 = −10 < 0. The stack is no screen: its width stays a constraint.
        let (s, o) = try imported(Self.dump([
            "<NSLayoutConstraint:0xa1 H:|-(5)-[UIView:0xb9]   (active, names: '|':App.TabItemView:0xb2 )>",
            "<NSLayoutConstraint:0xa2 UIView:0xb9.trailing == App.TabItemView:0xb2.trailing - 5   (active)>",
            "<NSLayoutConstraint:0xa3 'fittingSizeHTarget' UIStackView:0xb0.width == 0   (active)>",
            "<NSLayoutConstraint:0xa4 'UISV-canvas-connection' UIStackView:0xb0.leading == App.TabItemView:0xb1.leading   (active)>",
            "<NSLayoutConstraint:0xa5 'UISV-canvas-connection' H:[App.TabItemView:0xb2]-(0)-|   (active, names: '|':UIStackView:0xb0 )>",
            "<NSLayoutConstraint:0xa6 'UISV-fill-equally' App.TabItemView:0xb2.width == App.TabItemView:0xb1.width   (active)>",
            "<NSLayoutConstraint:0xa7 'UISV-spacing' H:[App.TabItemView:0xb1]-(0)-[App.TabItemView:0xb2]   (active)>",
        ], broke: "<NSLayoutConstraint:0xa2 UIView:0xb9.trailing == App.TabItemView:0xb2.trailing - 5   (active)>"))
        #expect(o.status == .ok, "\(o.text)")
        let screen = s.state.screen
        #expect(screen.constraints.first { $0.name == "fittingSizeHTarget" }?.constant == 0)
        // 0xb1's superview is the stack, from the canvas constraint that names both.
        let stack = try #require(o.members["names"]?["0xb0"]?.stringValue)
        let first = try #require(o.members["names"]?["0xb1"]?.stringValue)
        #expect((try? screen.view(named: first))?.parent == stack)
        #expect(conflict(o).allSatisfy { !$0.hasPrefix("UIView-Encapsulated") })
        #expect(broken(s) == [o.members["uikitBroke"]?.stringValue ?? "?"])
    }

    @Test func viewsAVisualFormatSpacingRelatesShareTheirSuperview() throws {
        // The stack sits 0 below the label, the label inside the cell's content view:
        // so the stack is in the content view too, and no view of the dump is the screen.
        let (s, o) = try imported(Self.dump([
            "<NSLayoutConstraint:0xa1 V:|-(10)-[UILabel:0xb1]   (active, names: '|':UITableViewCellContentView:0xb0 )>",
            "<NSLayoutConstraint:0xa2 V:[UILabel:0xb1]-(0)-[UIStackView:0xb2]   (active)>",
            "<NSLayoutConstraint:0xa3 V:[UIStackView:0xb2]-(0)-|   (active, names: '|':UITableViewCellContentView:0xb0 )>",
            "<NSLayoutConstraint:0xa4 UILabel:0xb1.height == 40   (active)>",
            "<NSLayoutConstraint:0xa5 'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:0xb0.height == 44   (active)>",
        ], broke: "<NSLayoutConstraint:0xa4 UILabel:0xb1.height == 40   (active)>"))
        #expect(o.status == .ok, "\(o.text)")
        let stack = try #require(o.members["names"]?["0xb2"]?.stringValue)
        let content = try #require(o.members["names"]?["0xb0"]?.stringValue)
        #expect(content != "App.view")
        #expect((try? s.state.screen.view(named: stack))?.parent == content)
        // 10 + 40 + stack ≥ 0 = 50 > 44.
        #expect(broken(s) == ["c4"])
    }

    @Test func aSafeAreaGuideBelongsToTheViewItsGuideConstraintsName() throws {
        // The guide is the content view's (its 'UIViewSafeAreaLayoutGuide-left/right' say so),
        // 20 wide; a label 10 in from its leading edge and 30 wide: 10 + 30 = 40 > 20.
        let (s, o) = try imported(Self.dump([
            "<NSLayoutConstraint:0xa1 UILabel:0xb1.leading == UILayoutGuide:0xc0'UIViewSafeAreaLayoutGuide'.leading + 10   (active)>",
            "<NSLayoutConstraint:0xa2 UILabel:0xb1.trailing == UILayoutGuide:0xc0'UIViewSafeAreaLayoutGuide'.trailing   (active)>",
            "<NSLayoutConstraint:0xa3 UILabel:0xb1.width == 30   (active)>",
            "<NSLayoutConstraint:0xa4 'UIView-Encapsulated-Layout-Width' UITableViewCellContentView:0xb0.width == 20   (active)>",
            "<NSLayoutConstraint:0xa5 'UIViewSafeAreaLayoutGuide-left' H:|-(0)-[UILayoutGuide:0xc0'UIViewSafeAreaLayoutGuide'](LTR)   (active, names: '|':UITableViewCellContentView:0xb0 )>",
            "<NSLayoutConstraint:0xa6 'UIViewSafeAreaLayoutGuide-right' H:[UILayoutGuide:0xc0'UIViewSafeAreaLayoutGuide']-(0)-|(LTR)   (active, names: '|':UITableViewCellContentView:0xb0 )>",
        ], broke: "<NSLayoutConstraint:0xa3 UILabel:0xb1.width == 30   (active)>"))
        #expect(o.status == .ok, "\(o.text)")
        let content = try #require(o.members["names"]?["0xb0"]?.stringValue)
        #expect(s.state.screen.constraints.first { $0.name == "c1" }?.second?.view == content)
        #expect(s.state.screen.constraints.first { $0.name == "c1" }?.second?.guide == .safeArea)
        // The label's edges (c1, c2) and width (c3) make the guide 40 wide; its width is the
        // content view's 20 (the log's left and right guide constraints, inset 0).
        #expect(Set(conflict(o)) == ["UIViewSafeAreaLayoutGuide_left", "UIViewSafeAreaLayoutGuide_right", "c1", "c2", "c3", "UIView_Encapsulated_Layout_Width"])
        #expect(broken(s) == ["c3"])
    }

    // MARK: The keyboard's own views

    @Test func aConflictInsideTheSystemKeyboardIsRebuiltAndSaidToBeTheKeyboards() throws {
        // The assistant bar between the placeholder's bottom and the input view's top,
        // which are one edge: its height is 0, against 'assistantHeight' 45.
        let (s, o) = try imported(Self.dump([
            "<NSLayoutConstraint:0xa1 'accessoryView.bottom' _UIRemoteKeyboardPlaceholderView:0xb1.bottom == _UIKBCompatInputView:0xb2.top   (active)>",
            "<NSLayoutConstraint:0xa2 'assistantHeight' SystemInputAssistantView.height == 45   (active, names: SystemInputAssistantView:0xb3 )>",
            "<NSLayoutConstraint:0xa3 'assistantView.bottom' SystemInputAssistantView.bottom == _UIKBCompatInputView:0xb2.top   (active, names: SystemInputAssistantView:0xb3 )>",
            "<NSLayoutConstraint:0xa4 'assistantView.top' V:[_UIRemoteKeyboardPlaceholderView:0xb1]-(0)-[SystemInputAssistantView]   (active, names: SystemInputAssistantView:0xb3 )>",
        ], broke: "<NSLayoutConstraint:0xa4 'assistantView.top' V:[_UIRemoteKeyboardPlaceholderView:0xb1]-(0)-[SystemInputAssistantView]   (active, names: SystemInputAssistantView:0xb3 )>"))
        #expect(o.status == .ok, "\(o.text)")
        #expect(o.members["names"]?["0xb3"] == .string("systemInputAssistantView"))
        #expect(o.members["names"]?["0xb1"] == .string("remoteKeyboardPlaceholderView"))
        #expect(Set(conflict(o)) == ["accessoryView_bottom", "assistantHeight", "assistantView_bottom", "assistantView_top"])
        #expect(broken(s) == ["assistantView_top"])
        #expect(o.text.contains("note: this conflict is inside the system keyboard"))
        #expect(!o.text.contains("to change:"))
    }

    // MARK: A view hierarchy alone

    @Test func aRecursiveDescriptionAloneIsAScreenOfItsFrames() throws {
        // Cycript's backquote, a 375 × 667 window (iPhone 8), its root view, a text field
        // 20 in and 100 down, 335 × 34, with its own background view (not rebuilt).
        let text = [
            "cy# [[UIApp keyWindow] recursiveDescription].toString()",
            "`<UIWindow: 0x10; frame = (0 0; 375 667); layer = <UIWindowLayer: 0x11>>",
            "   | <UIView: 0x20; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer: 0x21>>",
            "   |    | <UITextField: 0x30; frame = (20 100; 335 34); text = 'Email'; layer = <CALayer: 0x31>>",
            "   |    |    | <_UITextFieldRoundedRectBackgroundViewNeue: 0x40; frame = (0 0; 335 34); layer = <CALayer: 0x41>>",
            "   |    | <_UILayoutGuide: 0x50; frame = (0 0; 0 20); hidden = YES; layer = <CALayer: 0x51>>`",
        ].joined(separator: "\n")
        var (s, o) = try imported(text)
        #expect(o.status == .ok, "\(o.text)")
        #expect(s.state.screen.device.id == "iphone-8")
        #expect(o.members["names"]?["0x20"] == .string("App.view"))
        #expect(o.members["names"]?["0x30"] == .string("textField1"))
        #expect(o.members["names"]?["0x40"] == nil)
        #expect(s.state.screen.windowFrame(of: "textField1") == Rect(x: 20, y: 100, width: 335, height: 34))
        #expect(s.state.screen.views.count == 2)
    }

    @Test func anAutolayoutTraceAloneIsAScreenOfItsSuperviews() throws {
        // The window, UIKit's transition and shadow views (not the app's), the root view; in it a
        // text field, a button UIKit marks ambiguous, and a stack view holding a label (the label
        // in the pre-iOS 11 form, without angle brackets). No frames: the views only.
        let text = [
            "(lldb) po [[UIWindow keyWindow] _autolayoutTrace]",
            "",
            "•UIWindow:0x10 - AMBIGUOUS LAYOUT",
            "|   UITransitionView:0x20",
            "|   |   UIDropShadowView:0x30",
            "|   |   |   *<UIView:0x40>",
            "|   |   |   |   *<UITextField:0x50>",
            "|   |   |   |   *<UIButton:0x60> - AMBIGUOUS LAYOUT for UIButton:0x60.minY{id: 42}",
            "|   |   |   |   *<UIStackView:0x70>",
            "|   |   |   |   |   *UILabel:0x80'Email'",
            // Not a view: an unmarked line with text after the address.
            "|   |   |   |   see NSObject:0x99 for more",
            "",
            "Legend:",
            "\t* - is laid out with auto layout",
            "\t+ - is laid out manually, but is represented in the layout engine because translatesAutoresizingMaskIntoConstraints = YES",
            "\t• - layout engine host",
        ].joined(separator: "\n")
        let log = try ConsoleLog.parse(text)
        #expect(log.hierarchy.map(\.item.address) == ["0x10", "0x20", "0x30", "0x40", "0x50", "0x60", "0x70", "0x80"])
        #expect(log.hierarchy.map(\.parent) == [nil, "0x10", "0x20", "0x30", "0x40", "0x40", "0x40", "0x70"])
        #expect(log.hierarchy.filter(\.ambiguous).map(\.item.address) == ["0x10", "0x60"])
        let (s, o) = try imported(text)
        #expect(o.status == .ok, "\(o.text)")
        let names = try #require(o.members["names"])
        #expect(names["0x40"] == .string("App.view"))
        #expect(names["0x20"] == nil && names["0x30"] == nil)
        let screen = s.state.screen
        let field = try #require(names["0x50"]?.stringValue), button = try #require(names["0x60"]?.stringValue)
        let stack = try #require(names["0x70"]?.stringValue), label = try #require(names["0x80"]?.stringValue)
        #expect(try screen.view(named: field).parent == "App.view" && screen.view(named: button).parent == "App.view")
        #expect(try screen.view(named: label).parent == stack)
        #expect(screen.constraints.isEmpty)
        #expect(o.text.contains("of a view hierarchy (_autolayoutTrace)"), "\(o.text)")
        #expect(o.text.contains("the trace marks \(button) AMBIGUOUS LAYOUT"), "\(o.text)")
        // A constraint's description on a line of its own is not a view.
        let stray = try ConsoleLog.parse("<NSLayoutConstraint:0xa1 UIView:0xb1.width == 10   (active)>")
        #expect(stray.hierarchy.isEmpty)
    }

    // MARK: Printed notifications

    @Test func iOS7LandscapeFramesInPortraitScreenCoordinatesAreTurned() throws {
        // An iPad (768 × 1024) in landscape: the keyboard 352 high comes in from the
        // portrait screen's left edge, x −352 → 0. Turned: y = 768 − maxX, so 768 → 416.
        let text = """
            NSConcreteNotification 0x1 {name = UIKeyboardWillShowNotification; userInfo = {
                UIKeyboardAnimationCurveUserInfoKey = 0;
                UIKeyboardAnimationDurationUserInfoKey = "0.25";
                UIKeyboardBoundsUserInfoKey = "NSRect: {{0, 0}, {1024, 352}}";
                UIKeyboardFrameBeginUserInfoKey = "NSRect: {{-352, 0}, {352, 1024}}";
                UIKeyboardFrameChangedByUserInteraction = 0;
                UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 0}, {352, 1024}}";
            }}
            """
        let (s, o) = try imported(text)
        #expect(o.status == .ok, "\(o.text)")
        #expect(s.state.screen.device.id == "ipad-9.7" && s.state.screen.orientation == .landscape)
        let checks = o.members["keyboardChecks"]?.arrayValue ?? []
        #expect(checks.count == 1)
        let fields = checks.first?["fields"]?.arrayValue ?? []
        let end = fields.first { $0["field"] == .string("frameEnd") }
        #expect(end?["log"] == .array(([0, 416, 1024, 352] as [Double]).map { .number($0) }))
        #expect(o.text.contains("as iOS 7 and earlier printed them"))
    }
}
