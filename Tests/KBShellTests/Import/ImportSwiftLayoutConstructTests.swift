import Foundation
import Testing
import KBTestSupport

/// Screens built in code, through the built binary: each fixture of
/// KBSwiftImportTests/Golden laid out on an iPhone 15 (393 × 852, safe area
/// 59 top and 34 bottom, root margins 16, other views' 8; a text field 34
/// high, a label's or button's text 8 pt a character, 21 or 30 high).
@Suite("import swift: constraints, properties and child controllers in code")
struct ImportSwiftLayoutConstructTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("KBSwiftImportTests/Golden/\(name)").path
    }

    /// `frames` after the script: name → [x, y, width, height].
    static func frames(_ script: String) throws -> (frames: [String: [String]], out: String) {
        let r = try EndToEndTests.run(["run", "-"], input: script)
        #expect(r.status == 0, "\(r.out)\(r.err)")
        var frames: [String: [String]] = [:]
        for line in r.out.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            if words.count == 5, Double(words[1]) != nil { frames[words[0]] = Array(words[1...]) }
        }
        return (frames, r.out)
    }

    /// name: top 59 + 20 = 79; leading and trailing at the root's margins:
    /// x 16, width 393 − 32 = 361; height ≥ 44 over its intrinsic 34 → 44.
    /// note: 12 below: 79 + 44 + 12 = 135; x 16; width 361 × 0.5 = 180.5;
    /// height 120 (toItem nil, .notAnAttribute).
    @Test func itemConstraints() throws {
        let (f, out) = try Self.frames("device iphone-15\nimport swift \"\(Self.fixture("ItemViewController.swift"))\"\nframes\n")
        #expect(out.contains("built Item from ItemViewController's code: 2 views, 8 constraints"))
        #expect(f["name"] == ["16", "79", "361", "44"])
        #expect(f["note"] == ["16", "135", "180.5", "120"])
    }

    /// "H:|-[first]-[last(==first)]-|": 20 + w + 8 + w + 20 = 393 →
    /// w = 172.5; first x 20, last x 20 + 172.5 + 8 = 200.5; alignAllTop:
    /// last's top is first's. "V:|-top-[first]-gap-[email]-gap-[join(44)]":
    /// first y 80 (the root's top, not the safe area's), email y 80 + 34 +
    /// 12 = 126, x 20 and width 353 ("|-(20)-[email]-(20)-|"), join y 126
    /// + 34 + 12 = 172, 44 high, width ≥ 100 @ 750 over "Join"'s 32 → 100,
    /// centred: x (393 − 100) / 2 = 146.5. hint: system spacing × 2 below
    /// join: 172 + 44 + 16 = 232; × 1 after the root's leading: x 8; "We
    /// never share it" is 17 characters: 136 × 21.
    @Test func visualFormatAndSystemSpacing() throws {
        let (f, out) = try Self.frames("device iphone-15\nimport swift \"\(Self.fixture("SignupViewController.swift"))\"\nframes\n")
        #expect(f["first"] == ["20", "80", "172.5", "34"])
        #expect(f["last"] == ["200.5", "80", "172.5", "34"])
        #expect(f["email"] == ["20", "126", "353", "34"])
        #expect(f["join"] == ["146.5", "172", "100", "44"])
        #expect(f["hint"] == ["8", "232", "136", "21"])
        #expect(out.contains("SignupViewController.swift:31:29: note: \"H:[hint]-[nowhere]\": 'nowhere' is not in the views dictionary (hint): not built"))
    }

    /// input: bottom at the safe area's, 852 − 34 = 818; height 44 updated
    /// to 50 → y 768; leading inset 16. send: leading 8 after input,
    /// trailing inset 16 (377), width input's × 0.25: 16 + w + 8 + 0.25 w
    /// = 377 → w = 282.4, send x 306.4, width 70.6; centerY input's, height
    /// input's @ high (750, over the button's 30) → 768, 50. messages: top
    /// 59 + 8 = 67, left and right the root's, bottom 8 above input: 760 →
    /// height 693. badge remade: 24 × 24, top 4 above send's (764), right 4
    /// past send's (377 + 4 = 381 → x 357).
    @Test func snapKit() throws {
        let script = "device iphone-15\nimport swift \"\(Self.fixture("ChatViewController.swift"))\"\nframes\nprint inputBottom.constant\n"
        let (f, out) = try Self.frames(script)
        #expect(f["messages"] == ["0", "67", "393", "693"])
        #expect(f["input"] == ["16", "768", "282.4", "50"])
        #expect(f["send"] == ["306.4", "768", "70.6", "50"])
        #expect(f["badge"] == ["357", "764", "24", "24"])
        // The stored SnapKit constraint keeps its property's name.
        #expect(out.split(separator: "\n").last == "0")
    }

    /// header: safe-area top 59, full width, 60 high; subject: 13 into the
    /// header (72) between its margins (8): x 8, width 393 − 16 = 377, 34
    /// high. container: from 59 + 60 = 119 to the bottom: 733 high. List,
    /// the child controller, fills the container, and its table fills
    /// List's view. The toolbar is subject's input accessory, 44 high; the
    /// header's alpha, clipping and the table's keyboardDismissMode are set.
    @Test func childControllerAndProperties() throws {
        let script = """
        device iphone-15
        import swift "\(Self.fixture("ComposeViewController.swift"))"
        frames
        print header.alpha
        print header.clipsToBounds
        print table.hidden
        focus subject
        print toolbar.frame.height
        export kbs

        """
        let (f, out) = try Self.frames(script)
        #expect(out.contains("built Compose from ComposeViewController's code: 3 views, 11 constraints, 2 properties, 1 child controller"))
        #expect(out.contains("built List from ListViewController's code: 1 view, 4 constraints, 2 properties"))
        #expect(f["header"] == ["0", "59", "393", "60"])
        #expect(f["subject"] == ["8", "72", "377", "34"])
        #expect(f["container"] == ["0", "119", "393", "733"])
        #expect(f["List.view"] == ["0", "119", "393", "733"])
        #expect(f["table"] == ["0", "119", "393", "733"])
        let lines = out.split(separator: "\n").map(String.init)
        let printed = lines.filter { Double($0) != nil }
        #expect(printed == ["0.9", "1", "0", "44"])
        #expect(out.contains("set table.keyboardDismissMode = interactive"))
    }

    /// The storyboard, then its controller's Swift: the outlets are the
    /// storyboard's views. emailField 44 high instead of 34 moves what is
    /// below it down 10: passwordField y 203 → 213, signInButton 257 → 267;
    /// forgot ("Forgot?", 7 characters: 56 × 30) 12 below the button: 267
    /// + 30 + 12 (Layout.gap 8 × 1.5) = 309, centred on it: 165 + 63 / 2 −
    /// 28 = 168.5. The outlet bottomConstraint (safe area's bottom ==
    /// footer's bottom) set to 30: footer's bottom 818 − 30 = 788, y 744.
    @Test func outletsBindToTheStoryboardsViews() throws {
        let storyboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden/interface-builder/login.storyboard").path
        let script = """
        import "\(storyboard)"
        import swift "\(Self.fixture("StoryboardLoginViewController.swift"))"
        frames
        print signInButton.alpha

        """
        let (f, out) = try Self.frames(script)
        #expect(out.contains("built Login from LoginViewController's code: 1 view, 3 constraints, 3 properties"))
        #expect(f["footer"] == ["0", "744", "393", "44"])
        #expect(f["emailField"] == ["20", "157", "353", "44"])
        #expect(f["passwordField"] == ["20", "213", "353", "34"])
        #expect(f["signInButton"] == ["165", "267", "63", "30"])
        #expect(f["forgot"] == ["168.5", "309", "56", "30"])
        #expect(out.split(separator: "\n").last == "0.5")
        #expect(!out.contains("is not in the session"))
    }

    /// Without the storyboard the outlets are missing: each is a note that
    /// says to import the storyboard first, and the rest is built.
    @Test func outletsWithoutTheStoryboardAreNotes() throws {
        let r = try EndToEndTests.run(["run", "-"], input: "import swift \"\(Self.fixture("StoryboardLoginViewController.swift"))\"\n")
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("note: LoginViewController's outlet signInButton is not in the session: import the storyboard that has it first (import FILE.storyboard), then the Swift"))
        #expect(r.out.contains("+ forgot"))
    }

    /// The controller's input accessory view, docked while nothing edits:
    /// 50 pt plus the 34 pt safe area below it, from 852 − 84 = 768; the
    /// text view in it 8 inside its safe area: x 8, y 776, width 393 − 16 =
    /// 377, height 84 − 34 − 16 = 34. The helper's names and priority are
    /// the constraints'; Side, the child, fills the root view.
    @Test func accessoryHelpersAndChildViews() throws {
        let script = """
        device iphone-15
        import swift "\(Self.fixture("BarViewController.swift"))"
        frames
        print messagesTrailing.priority
        print messageHeight.constant

        """
        let (f, out) = try Self.frames(script)
        #expect(f["bar"] == ["0", "768", "393", "84"])
        #expect(f["message"] == ["8", "776", "377", "34"])
        #expect(f["messages"] == ["0", "0", "393", "852"])
        #expect(f["Side.view"] == ["0", "0", "393", "852"])
        #expect(out.split(separator: "\n").suffix(2) == ["750", "34"])
    }

    /// A strategy whose target the session lacks (the outlet body) is a
    /// note; the import itself succeeds.
    @Test func aStrategyThatCannotBeAttachedIsANote() throws {
        let path = try ImportSwiftTests.file()
        let r = try EndToEndTests.run(["run", "-"], input: "controller Notes\nimport swift \"\(path)\" into Notes\n")
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("note: NotesViewController not attached (Notes with content-inset body): unknown view 'body'"))
    }

    /// reply: safe-area top 59 + 20 = 79, inset 20 from both sides: x 20,
    /// width 353; date 12 below: 79 + 34 + 12 = 125; hint ("Be kind", 7
    /// characters: 56 × 21) 8 below: 125 + 34 + 8 = 167. The handler that
    /// hides hint has not run; date's input view is a date picker, 216 pt
    /// over the 34 pt safe area: 250.
    @Test func theScreenAtRestIsWhatSetupCodeBuilds() throws {
        let script = """
        device iphone-15
        import swift "\(Self.fixture("ReplyViewController.swift"))"
        frames
        print hint.hidden
        focus date
        print kb.frame.height

        """
        let (f, out) = try Self.frames(script)
        #expect(f["reply"] == ["20", "79", "353", "34"])
        #expect(f["date"] == ["20", "125", "353", "34"])
        #expect(f["hint"] == ["20", "167", "56", "21"])
        let printed = out.split(separator: "\n").filter { Double($0) != nil }
        #expect(printed == ["0", "250"])
    }

    /// name, a UITextField subclass, is a text field: 34 high, 16 below
    /// the safe-area top (75), between the root's margins (x 16, width
    /// 361); card, a UIView subclass, 16 below it: 75 + 34 + 16 = 125, 100
    /// high; badge, whose class's intrinsicContentSize is 60 × 24, 8 below
    /// the card (233) at its trailing edge: x 377 − 60 = 317.
    @Test func theAppsOwnViewClasses() throws {
        let (f, _) = try Self.frames("device iphone-15\nimport swift \"\(Self.fixture("PaddedViewController.swift"))\"\nframes\n")
        #expect(f["name"] == ["16", "75", "361", "34"])
        #expect(f["card"] == ["16", "125", "361", "100"])
        #expect(f["badge"] == ["317", "233", "60", "24"])
    }

    /// card.storyboard: card at 16, 79, 361 × 120; nameField 12 into it
    /// (y 91), 34 high. The code's `equalToSuperview().inset(12)` on the
    /// outlet is to the card, its superview in the storyboard: x 16 + 12 =
    /// 28, width 361 − 24 = 337. note ("Hi": 16 × 21), made in code and
    /// added to the card, 8 below the field: 91 + 34 + 8 = 133, x 28.
    @Test func anOutletsSuperviewIsTheStoryboards() throws {
        let script = """
        import "\(Self.fixture("card.storyboard"))"
        import swift "\(Self.fixture("CardViewController.swift"))"
        frames

        """
        let (f, out) = try Self.frames(script)
        #expect(out.contains("built Card from CardViewController's code: 1 view, 4 constraints"))
        #expect(f["nameField"] == ["28", "91", "337", "34"])
        #expect(f["note"] == ["28", "133", "16", "21"])
    }

    /// SignInView, the root view loadView makes: email 24 below the
    /// safe-area top (83) between the root's margins (x 16, width 361), 34
    /// high; go ("Go": 16 wide) 16 below it (83 + 34 + 16 = 133), centred
    /// (x (393 − 16) / 2 = 188.5), 44 high from the controller's code.
    @Test func aRootViewOfTheAppsOwnClass() throws {
        let script = "device iphone-15\nimport swift \"\(Self.fixture("SignInViewController.swift"))\"\nframes\nexport kbs\n"
        let (f, out) = try Self.frames(script)
        #expect(f["email"] == ["16", "83", "361", "34"])
        #expect(f["go"] == ["188.5", "133", "16", "44"])
        #expect(out.contains("add textField email to SignIn.view placeholder \"Email\""))
    }
}

/// IQKeyboardManager, enabled in the app delegate, runs as auto-scroll on
/// the screen built in code.
@Suite("import swift: an app's IQKeyboardManager")
struct ImportSwiftKeyboardManagerTests {
    /// code: bottom at the safe area's − 40: 852 − 34 − 40 = 778, 34 high
    /// → y 744; x 20, width 393 − 40 = 353. Focused: the keyboard's top is
    /// 852 − 336 = 516; distance 20: the view moves by 516 − 20 − 778 =
    /// −282. Moved up, the view leaves the home indicator: its bottom safe
    /// area inset is 0, so code's bottom is 852 − 40 = 812 and on
    /// keyboardDidChangeFrame the manager moves it again: 516 − 20 − 812 =
    /// −316; code at 812 − 34 − 316 = 462, 20 pt above the keyboard.
    @Test func theManagerMovesTheScreenBuiltInCode() throws {
        let file = ImportSwiftLayoutConstructTests.fixture("ManagedFormViewController.swift")
        let (f, out) = try ImportSwiftLayoutConstructTests.frames("device iphone-15\nimport swift \"\(file)\"\nfocus code\nframes\n")
        #expect(out.contains("AppDelegate (\(file):10): auto-scroll — IQKeyboardManager is enabled: one manager for the whole app"))
        #expect(out.contains("attached: ManagedForm with auto-scroll distance 20"))
        #expect(out.contains("ManagedForm.view.frame.minY 0 → -282   (code bottom 778 + distance 20 vs keyboard top 516)"))
        #expect(f["ManagedForm.view"] == ["0", "-316", "393", "852"])
        #expect(f["code"] == ["20", "462", "353", "34"])
    }

    /// Without a screen to run on, the manager is a finding that says so.
    @Test func withNoScreenItSaysWhatToImport() throws {
        let app = TemporaryFolder.make("manager") + "/AppDelegate.swift"
        try """
        class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                IQKeyboardManager.shared.isEnabled = true
                return true
            }
        }
        """.write(toFile: app, atomically: true, encoding: .utf8)
        let (_, out) = try ImportSwiftLayoutConstructTests.frames("device iphone-15\nimport swift \"\(app)\"\n")
        #expect(out.contains("\(app):3:9: note: IQKeyboardManager is enabled: one manager for the whole app, run on every screen: the session has none yet (import the storyboard or the controllers' Swift files with it)"))
    }
}

/// Tables and their data source in code: the rows `numberOfRowsInSection`
/// returns, and what `cellForRowAt` puts into the cell of a row.
@Suite("import swift: a table's data source")
struct ImportSwiftTableTests {
    /// A UITableViewController: its table `tableView` fills the root view;
    /// rows: `fields.count`, an array literal of 5; rowHeight 60. Its
    /// adjusted content inset is the safe area's, 59 at the top, so row 3
    /// starts at 59 + 3 × 60 = 239, 60 high. `case 3:` of `switch
    /// indexPath.row` puts code into the cell: x 20, width 393 − 40 = 353,
    /// centred: 239 + 30 − 17 = 252.
    @Test func aTableViewControllersRowsAndTheCellOfARow() throws {
        let (f, out) = try ImportSwiftLayoutConstructTests.frames(
            "device iphone-15\nimport swift \"\(ImportSwiftLayoutConstructTests.fixture("ProfileViewController.swift"))\"\nexport kbs\nframes\n")
        #expect(out.contains("controller Profile table tableView rows 5 rowHeight 60 style plain\nadd textField code to tableView row 3\n"), "\(out)")
        #expect(f["tableViewRow3"] == ["0", "239", "393", "60"])
        #expect(f["code"] == ["20", "252", "353", "34"])
    }

    /// A table view whose dataSource is the controller: under the safe
    /// area, 59 to the bottom (793 high); 12 rows of 50; the safe area's
    /// top is above it, so row 10 starts at 59 + 10 × 50 = 559. note, made
    /// active with `isActive = true` inside `if indexPath.row == 10`: x 16,
    /// width 361, 8 below the cell's top: 567.
    @Test func aTableViewWhoseDataSourceIsTheController() throws {
        let (f, out) = try ImportSwiftLayoutConstructTests.frames(
            "device iphone-15\nimport swift \"\(ImportSwiftLayoutConstructTests.fixture("OrderViewController.swift"))\"\nprint summary.contentSize.height\nframes\n")
        // 12 × 50.
        #expect(out.contains("\n600\n"), "\(out)")
        #expect(f["summary"] == ["0", "59", "393", "793"])
        #expect(f["summaryRow10"] == ["0", "559", "393", "50"])
        #expect(f["note"] == ["16", "567", "361", "34"])
    }

    /// IQKeyboardManager leaves table view controllers to UIKit (its
    /// default `disabledDistanceHandlingClasses`): only the form gets
    /// auto-scroll.
    @Test func theManagerLeavesTableViewControllersOut() throws {
        let (_, out) = try ImportSwiftLayoutConstructTests.frames(
            "device iphone-15\nimport swift \"\(ImportSwiftLayoutConstructTests.fixture("ManagedFormViewController.swift"))\" \"\(ImportSwiftLayoutConstructTests.fixture("ProfileViewController.swift"))\"\n")
        #expect(out.contains("attached: ManagedForm with auto-scroll distance 20"))
        #expect(!out.contains("attached: Profile"))
    }
}

/// What `import swift` cannot follow is a finding, not a silent drop.
@Suite("import swift: layout helpers of the app's own")
struct ImportSwiftLayoutHelperTests {
    /// `code.pinEdges(to: view)`, a helper in `extension UIView` that makes
    /// constraints, is named at its call; the constraints the controller
    /// makes itself are built (code: top 59 + 20 = 79 at the safe area).
    @Test func aHelperThatMakesConstraintsIsAFinding() throws {
        let file = TemporaryFolder.make("helper") + "/Pin.swift"
        try """
        import UIKit

        extension UIView {
            func pinEdges(to other: UIView) {
                translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.activate([
                    leadingAnchor.constraint(equalTo: other.leadingAnchor),
                    trailingAnchor.constraint(equalTo: other.trailingAnchor),
                ])
            }
        }

        final class PinViewController: UIViewController {
            let code = UITextField()
            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(code)
                code.pinEdges(to: view)
                code.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20).isActive = true
            }
        }
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let (f, out) = try ImportSwiftLayoutConstructTests.frames("device iphone-15\nimport swift \"\(file)\"\nframes\n")
        #expect(out.contains("\(file):18:9: note: code.pinEdges(…) makes constraints in UIView.pinEdges, which kbplay does not follow: they are not built"), "\(out)")
        #expect(f["code"]?[1] == "79")
    }
}
