import Foundation
import Testing
import KBModel
import KBTestSupport
@testable import KBInterop
@testable import KBShell

/// `export swift`: the generator's pieces (constraints through anchors
/// or `NSLayoutConstraint(item:…)`, priorities and identifiers, stack
/// views, child controllers, each strategy's code with the flaw the
/// session showed at the line it concerns), the command's errors, and the
/// whole export of two lessons, pinned (`Golden/swift`).
@Suite("export swift: the session as UIKit Swift")
struct SwiftExportTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/swift")

    /// A session built by `lines` (each must be accepted) and its export.
    static func export(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) -> (Session, String) {
        var s = Session(sessionsDirectory: TemporaryFolder.make("export-swift"))
        for line in lines {
            let o = s.execute(line)
            #expect(o.status == .ok, "\(line): \(o.text)", sourceLocation: sourceLocation)
        }
        let o = s.execute("export swift")
        #expect(o.status == .ok, sourceLocation: sourceLocation)
        return (s, o.members["swift"]?.stringValue ?? "")
    }

    /// The lines of `source` with their leading blanks removed.
    static func lines(_ source: String) -> [String] {
        source.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.drop { $0 == " " }) }
    }

    /// Whether `comment` is on the line just before the first line of
    /// `source` that starts with `code` (the comment's line may be one of
    /// several comments right above it).
    static func comment(_ comment: String, isAbove code: String, in source: String) -> Bool {
        let all = lines(source)
        guard let at = all.firstIndex(where: { $0.hasPrefix(code) }) else { return false }
        var i = at - 1
        while i >= 0, all[i].hasPrefix("//") {
            if all[i].hasPrefix(comment) { return true }
            i -= 1
        }
        return false
    }

    static let form = [
        "device iphone-15",
        "controller Login",
        "add stackView form to Login.view axis vertical spacing 12 alignment center distribution fillEqually",
        "add textField email to form",
        "add button signIn to form text \"Sign in\"",
        "constrain form.leading == Login.view.margins.leading",
        "constrain form.trailing == Login.view.margins.trailing",
        "constrain Login.view.safeArea.bottom == form.bottom + 20 as formBottom",
    ]

    // MARK: Constraints

    @Test func anAnchorConstraintWithItsConstantAndIdentifier() {
        let (_, source) = Self.export(Self.form)
        let all = Self.lines(source)
        #expect(all.contains("formBottom = view.safeAreaLayoutGuide.bottomAnchor.constraint(equalTo: form.bottomAnchor, constant: 20).named(\"formBottom\")"))
        #expect(all.contains("form.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor).named(\"c1\"),"))
        #expect(all.contains("var formBottom: NSLayoutConstraint!"))
        // The stored constraint is activated with the others.
        #expect(all.contains("formBottom,"))
        #expect(source.contains("self.identifier = identifier"))
    }

    @Test func aMultiplierOnAPositionGoesThroughNSLayoutConstraintItem() {
        let (_, source) = Self.export(Self.form + [
            "add view badge to Login.view",
            "constrain badge.centerX == Login.view.safeArea.centerX * 1.5 - 4 as badgeX",
            "constrain badge.width == form.width * 0.25 + 2 as badgeWidth",
        ])
        let all = Self.lines(source)
        #expect(all.contains("badgeX = NSLayoutConstraint(item: badge, attribute: .centerX, relatedBy: .equal, toItem: view.safeAreaLayoutGuide, attribute: .centerX, multiplier: 1.5, constant: -4).named(\"badgeX\")"))
        // A multiplier on a size stays with anchors.
        #expect(all.contains("badgeWidth = badge.widthAnchor.constraint(equalTo: form.widthAnchor, multiplier: 0.25, constant: 2).named(\"badgeWidth\")"))
    }

    @Test func prioritiesRelationsConstantsAndInactiveConstraints() {
        let (_, source) = Self.export(Self.form + [
            "constrain email.height <= 40 @ 750 as emailMax",
            "constrain email.height >= 30 @ 999",
            "constrain signIn.width == 120 @ 250 as signInWidth",
            "deactivate signInWidth",
        ])
        let all = Self.lines(source)
        #expect(all.contains("emailMax = email.heightAnchor.constraint(lessThanOrEqualToConstant: 40).named(\"emailMax\", priority: .defaultHigh)"))
        #expect(all.contains("email.heightAnchor.constraint(greaterThanOrEqualToConstant: 30).named(\"c3\", priority: UILayoutPriority(999)),"))
        #expect(all.contains("signInWidth = signIn.widthAnchor.constraint(equalToConstant: 120).named(\"signInWidth\", priority: .defaultLow)"))
        #expect(all.contains("// kbplay: signInWidth is inactive in this session: made and kept, not activated"))
        #expect(!all.contains("signInWidth,"))
    }

    @Test func numbersAreSwiftLiteralsThatReadBackTheSame() {
        #expect(SwiftExporter.number(20) == "20")
        #expect(SwiftExporter.number(-0.0) == "0")
        #expect(SwiftExporter.number(0.3333) == "0.3333")
        #expect(SwiftExporter.number(-7.25) == "-7.25")
        // Past what an Int prints exactly, Swift's own form, which a literal takes back.
        #expect(SwiftExporter.number(1e20) == "1e+20")
        #expect(SwiftExporter.number(1.5e-7) == "1.5e-07")
        for x in [20, 0.3333, -7.25, 1e20, 1.5e-7, 123456.789] {
            #expect(Double(SwiftExporter.number(x)) == x)
        }
    }

    // MARK: Views

    @Test func aStackViewWithItsPropertiesAndArrangedSubviews() {
        let (_, source) = Self.export(Self.form + ["set signIn.hidden on", "set form.alpha = 0.5", "set email.compression.vertical 740"])
        let all = Self.lines(source)
        #expect(all.contains("let form = UIStackView()"))
        for line in ["form.axis = .vertical", "form.spacing = 12", "form.distribution = .fillEqually", "form.alignment = .center",
                     "form.addArrangedSubview(email)", "form.addArrangedSubview(signIn)", "view.addSubview(form)",
                     "signIn.setTitle(\"Sign in\", for: .normal)", "signIn.isHidden = true", "form.alpha = 0.5",
                     "email.setContentCompressionResistancePriority(UILayoutPriority(740), for: .vertical)",
                     "email.translatesAutoresizingMaskIntoConstraints = false"] {
            #expect(all.contains(line), "\(line)")
        }
        // A view is in its superview before a constraint names it.
        let added = all.firstIndex(of: "form.addArrangedSubview(email)") ?? .max
        let constrained = all.firstIndex { $0.hasPrefix("formBottom = ") } ?? -1
        #expect(added < constrained)
    }

    @Test func aScrollViewsContentAndItsGuides() {
        let (_, source) = Self.export([
            "controller Notes",
            "add scrollView scroll to Notes.view",
            "pin scroll to Notes.view.safeArea",
            "add view content to scroll",
            "pin content to scroll.content",
            "constrain content.width == scroll.frameGuide.width",
            "constrain content.bottom == Notes.view.keyboard.top as aboveKeyboard",
        ])
        let all = Self.lines(source)
        #expect(all.contains("scroll.addSubview(content)"))
        #expect(all.contains("content.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor).named(\"content_top\"),"))
        #expect(all.contains("content.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor).named(\"c1\"),"))
        #expect(all.contains("aboveKeyboard = content.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor).named(\"aboveKeyboard\")"))
    }

    @Test func aChildControllerIsEmbeddedAndItsViewsReachedFromTheParent() {
        let (_, source) = Self.export([
            "controller Main",
            "add view container to Main.view",
            "pin container to Main.view.safeArea",
            "controller Child in Main at container",
            "add textField code to Child.view",
            "constrain code.top == Child.view.top + 10 as codeTop",
            "add label hint to Main.view text \"Code\"",
            "constrain hint.bottom == code.top - 4 as hintAboveCode",
        ])
        let all = Self.lines(source)
        for line in ["let Child = ChildViewController()", "addChild(Child)", "Child.view.translatesAutoresizingMaskIntoConstraints = false",
                     "container.addSubview(Child.view)", "Child.didMove(toParent: self)",
                     "Child.view.topAnchor.constraint(equalTo: container.topAnchor),",
                     "final class ChildViewController: UIViewController {", "let code = UITextField()",
                     "codeTop = code.topAnchor.constraint(equalTo: view.topAnchor, constant: 10).named(\"codeTop\")",
                     // A constraint between the parent's view and the child's is the parent's.
                     "hintAboveCode = hint.bottomAnchor.constraint(equalTo: Child.code.topAnchor, constant: -4).named(\"hintAboveCode\")"] {
            #expect(all.contains(line), "\(line)")
        }
        let embedded = all.firstIndex(of: "container.addSubview(Child.view)") ?? .max
        let moved = all.firstIndex(of: "Child.didMove(toParent: self)") ?? -1
        #expect(embedded < moved)
    }

    @Test func keyboardPartsOfRealApps() {
        let (_, source) = Self.export(Self.form + [
            "accessory email height 44 as toolbar",
            "add textField code to Login.view",
            "inputView code height 216",
            "controller Settings table items rows 30 rowHeight 50 style grouped",
            "controller Compose",
            "present Compose as sheet detent medium",
            // A view named like the method that presents Compose keeps its name.
            "add view presentCompose to Login.view",
        ])
        let all = Self.lines(source)
        for line in ["toolbar.frame = CGRect(x: 0, y: 0, width: 0, height: 44)", "email.inputAccessoryView = toolbar",
                     "code.inputView = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 216))",
                     "final class SettingsViewController: UITableViewController {", "var items: UITableView { tableView }",
                     "items.rowHeight = 50", "let presentCompose = UIView()", "func presentCompose_() {", "controller.modalPresentationStyle = .pageSheet",
                     "sheet.detents = [.medium(), .large()]", "sheet.selectedDetentIdentifier = .medium"] {
            #expect(all.contains(line), "\(line)")
        }
        // Its rows are its data source's: the controller's own.
        let rows = all.firstIndex(of: "override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {") ?? 0
        #expect(all[rows + 1] == "30")
        #expect(all.contains("override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {"))
        #expect(source.contains("// kbplay: items is grouped: make this controller with SettingsViewController(style: .grouped)"))
    }

    // MARK: Strategies and their flaws

    @Test func observerWithItsFlawsAtTheHandlersTheyConcern() throws {
        // iPhone 15: the 336 pt keyboard holds the 34 pt home-indicator
        // area, and formBottom is measured from the safe area.
        let (_, source) = Self.export(Self.form + ["handle Login with observer formBottom padding 8", "focus email", "resign"])
        #expect(source.contains("final class LoginViewController: UIViewController, KeyboardObserverDelegate {"))
        #expect(source.contains("keyboardObserver = KeyboardObserver(delegate: self)"))
        #expect(source.contains("@MainActor final class KeyboardObserver {"))
        // The show handler carries safe-area-double-count, the hide handler hide-keeps-height.
        let show = try #require(source.range(of: "keyboardWillShowWith endFrame: CGRect) {\n"))
        let hide = try #require(source.range(of: "keyboardWillHideWith endFrame: CGRect) {\n"))
        let showBody = String(source[show.upperBound..<hide.lowerBound])
        #expect(showBody.contains("// kbplay: ⚑ safe-area-double-count: endFrame.height (336) includes the 34 pt home-indicator area"))
        #expect(showBody.contains("formBottom.constant = endFrame.height + 8"))
        #expect(!showBody.contains("hide-keeps-height"))
        let hideBody = String(source[hide.upperBound...].prefix { $0 != "}" })
        #expect(hideBody.contains("// kbplay: ⚑ hide-keeps-height: on hide the end frame keeps the keyboard's height (336)"))
        #expect(hideBody.contains("// kbplay: fix: use 0 on keyboardWillHide"))
    }

    @Test func withoutAFlawShownThereIsNoFlawComment() {
        let (_, source) = Self.export(Self.form + ["handle Login with observer formBottom padding 8"])
        #expect(source.contains("formBottom.constant = endFrame.height + 8"))
        #expect(!source.contains("⚑"))
    }

    @Test func controllableWithObserverAfterDisappearWhereItRegisters() throws {
        let source = try SwiftExportTypeCheckTests.exported("18-observer-after-disappear")
        #expect(source.contains("KeyboardObserving, KeyboardControllable"))
        #expect(source.contains("startObservingKeyboard(for: self, fallbackHeight: 250)"))
        #expect(source.contains("stopObservingKeyboard()"))
        #expect(Self.comment("// kbplay: ⚑ observer-after-disappear", isAbove: "keyboardObserver = KeyboardObserver(delegate: self)", in: source))
        // Profile's controllable counts the home-indicator area twice where it sets the constant.
        #expect(Self.comment("// kbplay: ⚑ safe-area-double-count: endFrame.height (336) includes the 34 pt home-indicator area, but profileBottom",
                             isAbove: "profileBottom.constant = -height", in: source))
    }

    /// A view given an intrinsic content size is made as a subclass of its
    /// UIKit class that returns it, which `import swift` reads back:
    /// terms 361 × 120 at the safe area's top (59) and leading 16; the
    /// button named like its class keeps its name (`sendButton` →
    /// SendButton); a view without one stays a plain UIKit view.
    @Test func anIntrinsicSizeIsASubclassThatReturnsIt() async throws {
        let (_, source) = Self.export([
            "device iphone-15", "controller Terms",
            "add label terms to Terms.view intrinsic 361 120",
            "constrain terms.top == Terms.view.safeArea.top", "constrain terms.leading == Terms.view.leading + 16",
            "add button sendButton to Terms.view text \"Send\" intrinsic 80 44",
            "constrain sendButton.top == terms.bottom + 8", "constrain sendButton.leading == terms.leading",
            "add label plain to Terms.view text \"Hi\"",
            "constrain plain.top == sendButton.bottom", "constrain plain.leading == terms.leading",
        ])
        let all = Self.lines(source)
        #expect(all.contains("let terms = TermsLabel()"))
        #expect(all.contains("let sendButton = SendButton(type: .system)"))
        #expect(all.contains("let plain = UILabel()"))
        let terms = try #require(all.firstIndex(of: "final class TermsLabel: UILabel {"))
        #expect(all[terms + 1] == "override var intrinsicContentSize: CGSize { CGSize(width: 361, height: 120) }")
        let send = try #require(all.firstIndex(of: "final class SendButton: UIButton {"))
        #expect(all[send + 1] == "override var intrinsicContentSize: CGSize { CGSize(width: 80, height: 44) }")
        #expect(!source.contains("intrinsic content size is"))
        if let errors = try await SwiftExportTypeCheckTests.typeCheck(source, named: "sized") {
            Issue.record("does not type-check:\n\(errors)")
        }
        let file = TemporaryFolder.make("sized") + "/Terms.swift"
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        var imported = Session(sessionsDirectory: TemporaryFolder.make("sized"))
        #expect(imported.execute("device iphone-15").status == .ok)
        let o = imported.execute("import swift " + CommandParser.quote(file))
        #expect(o.status == .ok, "\(o.text)")
        #expect(imported.screen.windowFrame(of: "terms") == Rect(x: 16, y: 59, width: 361, height: 120))
        #expect(imported.screen.windowFrame(of: "sendButton") == Rect(x: 16, y: 187, width: 80, height: 44))
        // "Hi": 2 characters × 8 = 16 wide, 21 high (kbplay's measure of a label's text).
        #expect(imported.screen.windowFrame(of: "plain") == Rect(x: 16, y: 231, width: 16, height: 21))
    }

    /// A table's rows and the views of a row's cell come from its data
    /// source: constraints among the cell's views are made in
    /// `cellForRowAt`, after they are put into `cell.contentView`; one that
    /// ties a cell's view to a view outside the cell cannot be made in code
    /// (the cell comes later) and is left out, saying why.
    @Test func aTablesCellsAreItsDataSources() async throws {
        let (_, source) = Self.export([
            "device iphone-15", "controller Plain",
            "add tableView list to Plain.view rows 20 rowHeight 50", "pin list to Plain.view",
            "add textField name to list row 3", "add label tag to list row 3 text \"Tag\"",
            "constrain name.leading == listRow3.leading + 16", "constrain name.centerY == listRow3.centerY",
            "constrain tag.leading == name.trailing + 8 as tagAfterName", "constrain tag.centerY == name.centerY",
            "constrain tag.trailing == listRow3.trailing - 16",
            "constrain name.width == list.width * 0.5 as halfOfTable",
        ])
        let all = Self.lines(source)
        #expect(all.contains("final class PlainViewController: UIViewController, UITableViewDataSource {"))
        #expect(all.contains("list.dataSource = self"))
        let rows = try #require(all.firstIndex(of: "func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {"))
        #expect(all[rows + 1] == "20")
        let row = try #require(all.firstIndex(of: "if indexPath.row == 3 {"))
        #expect(all[row + 1] == "cell.contentView.addSubview(name)")
        #expect(all[row + 2] == "cell.contentView.addSubview(tag)")
        let made = all[row...].prefix { $0 != "}" }
        #expect(made.contains("tag.leadingAnchor.constraint(equalTo: name.trailingAnchor, constant: 8).named(\"tagAfterName\"),"))
        #expect(made.contains("name.centerYAnchor.constraint(equalTo: cell.contentView.centerYAnchor).named(\"c2\"),"))
        #expect(!source.contains("halfOfTable\")"))
        #expect(source.contains("// kbplay: halfOfTable (name.width == list.width * 0.5) is left out: name is in a table cell"))
        if let errors = try await SwiftExportTypeCheckTests.typeCheck(source, named: "cells") {
            Issue.record("does not type-check:\n\(errors)")
        }
    }

    @Test func autoScrollWithAnUndockedKeyboardInItsComment() throws {
        let (_, source) = Self.export([
            "device ipad-pro-11",
            "controller Notes",
            "add textField note to Notes.view",
            "constrain note.bottom == Notes.view.bottom - 20",
            "handle Notes with auto-scroll",
            "focus note",
            "keyboard undock",
        ])
        let all = Self.lines(source)
        let distance = try #require(all.firstIndex(of: "IQKeyboardManager.shared.keyboardDistance = 10"))
        #expect(all[distance + 1] == "#endif")
        let manager = distance + 1
        #expect(all[manager + 1].hasPrefix("// kbplay: ⚑ undocked-hide-only: the keyboard was undocked or floats: iOS reports it with keyboardWillHide"))
        #expect(all[manager + 2].hasPrefix("// kbplay: fix: observe keyboardWillChangeFrame"))
    }

    @Test func resizeRootWithScreenCoordinatesInItsView() {
        let (_, source) = Self.export([
            "device ipad-pro-11 landscape",
            "window stage 100 60 700 600",
            "controller Notes",
            "add textField title to Notes.view",
            "constrain title.bottom == Notes.view.bottom - 20",
            "handle Notes with resize-root",
            "focus title",
        ])
        #expect(source.contains("view = KeyboardResizingView()"))
        #expect(Self.comment("// kbplay: ⚑ screen-coordinates (Notes):", isAbove: "let keyboardTop = endFrame.minY", in: source))
        #expect(source.contains("// kbplay: fix: convert the end frame from the screen's coordinate space, view.convert(endFrame, from: view.window?.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace)"))
        #expect(!source.contains("from: nil"))
    }

    @Test func childDelegateWithScreenCoordinatesAtTheShowHandler() throws {
        let source = try SwiftExportTypeCheckTests.exported("04-child-delegate")
        #expect(source.contains("final class LoginViewController: UIViewController, KeyboardExpansionDelegate {"))
        #expect(source.contains("Form.expansionDelegate = self"))
        #expect(source.contains("headerTop.constant = expand ? -header.frame.height : 0"))
        #expect(Self.comment("// kbplay: ⚑ screen-coordinates: Form.view ends at", isAbove: "commentBottom.constant = endFrame.height", in: source))
    }

    @Test func contentInsetWithHardwareKeyboardHeightWhereTheInsetIsSet() {
        let (_, source) = Self.export([
            "device iphone-15",
            "controller Notes",
            "add scrollView body to Notes.view",
            "pin body to Notes.view",
            "add textField note to body",
            "constrain note.top == body.content.top + 600",
            "constrain note.leading == body.content.leading",
            "constrain note.width == body.frameGuide.width",
            "constrain note.bottom == body.content.bottom",
            "handle Notes with content-inset body",
            "keyboard hardware on",
            "focus note",
        ])
        #expect(source.contains("keyboardInsetTokens = ["))
        #expect(Self.comment("// kbplay: ⚑ hardware-keyboard-height:", isAbove: "body.contentInset.bottom = converted.height - view.safeAreaInsets.bottom", in: source))
        #expect(source.contains("for field in [self.note] as [UIView] where field.isFirstResponder {"))
        // At rest the inset is zero: the 302 the handler set while the keyboard is up is said, not written.
        #expect(source.contains("// kbplay: body's content inset is top 0, left 0, bottom 302, right 0 in this session, as its keyboard handlers left it; top 0, left 0, bottom 0, right 0 at rest"))
        #expect(!source.contains("body.contentInset = UIEdgeInsets("))
    }

    @Test func layoutConstraintSubclassWithCurveNotShiftedAtTheAnimationOptions() throws {
        let source = try SwiftExportTypeCheckTests.exported("06-layout-constraint")
        #expect(source.contains("var formBottom: KeyboardLayoutConstraint!"))
        #expect(source.contains("formBottom = KeyboardLayoutConstraint(item: view.safeAreaLayoutGuide, attribute: .bottom, relatedBy: .equal, toItem: form, attribute: .bottom, multiplier: 1, constant: 20).named(\"formBottom\")"))
        #expect(source.contains("formBottom.downOffset = 4"))
        #expect(source.contains("formBottom.startObservingKeyboard()"))
        #expect(Self.comment("// kbplay: ⚑ curve-not-shifted (Login):", isAbove: "let options = UIView.AnimationOptions(rawValue: curve)", in: source))
        // formBottom's first item is the safe area's guide: the window is laid out, not a guide's superview.
        let all = Self.lines(source)
        #expect(all.contains("let item = (firstItem as? UIView) ?? (firstItem as? UILayoutGuide)?.owningView"))
        #expect(all.contains("let root: UIView? = item?.window ?? item?.superview ?? item"))
        #expect(all.contains("root?.layoutIfNeeded()"))
        #expect(!source.contains("(self.firstItem as? UIView)?.superview?.layoutIfNeeded()"))
    }

    @Test func contentInsetConvertsFromTheScreensCoordinateSpace() throws {
        let source = try SwiftExportTypeCheckTests.exported("05-content-inset")
        #expect(Self.lines(source).contains("let converted = view.convert(endFrame, from: view.window?.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace)"))
        #expect(!source.contains("from: view.window)"))
    }

    /// Lesson 09 without its `save`: the keyboard is up, the rule set formBottom to 310.
    @Test func lesson09IsExportedAtRestWithItsRuleAsCode() throws {
        let source = try SwiftExportTypeCheckTests.exported("09-safe-area-double-count")
        let all = Self.lines(source)
        #expect(all.contains("formBottom = view.safeAreaLayoutGuide.bottomAnchor.constraint(equalTo: form.bottomAnchor, constant: 20).named(\"formBottom\")"))
        #expect(!source.contains("constant: 310"))
        #expect(!source.contains("becomeFirstResponder"))
        #expect(all.contains("self.formBottom.constant = endFrame.height - self.view.safeAreaInsets.bottom + 8"))
        #expect(!source.contains("a rule of this session"))
    }

    @Test func layoutGuideAndTableControllerAreSaidInCommentsAutoScrollIsTheManagersSetUp() throws {
        let guide = try SwiftExportTypeCheckTests.exported("07-layout-guide")
        #expect(guide.contains("view.keyboardLayoutGuide.topAnchor"))
        #expect(guide.contains("// kbplay: layout-guide (UIKeyboardLayoutGuide): no observers: the guide follows the keyboard: the constraints to keyboardLayoutGuide above follow the keyboard"))
        let scroll = try SwiftExportTypeCheckTests.exported("08-auto-scroll")
        // IQKeyboardManager's set-up as code, built only where the app
        // links the package.
        let lines = Self.lines(scroll)
        let imported = try #require(lines.firstIndex(of: "import IQKeyboardManagerSwift"))
        #expect(lines[imported - 1] == "#if canImport(IQKeyboardManagerSwift)" && lines[imported + 1] == "#endif")
        let enabled = try #require(lines.firstIndex(of: "IQKeyboardManager.shared.isEnabled = true"))
        #expect(lines[enabled - 1] == "#if canImport(IQKeyboardManagerSwift)")
        #expect(lines[enabled + 1] == "IQKeyboardManager.shared.keyboardDistance = 10")
        #expect(lines[enabled + 2] == "#endif")
        let table = try SwiftExportTypeCheckTests.exported("22-table-controller")
        #expect(table.contains("UIKit adjusts items's content inset for the keyboard and scrolls the editing row to visible"))
    }

    @Test func aRuleIsObserverCodeThatDoesIt() async throws {
        let (_, source) = Self.export(Self.form + ["on Login keyboardWillShow: set formBottom.constant = kb.end.height - Login.view.safeAreaInsets.bottom + 8"])
        let all = Self.lines(source)
        #expect(!source.contains("a rule of this session"))
        // Registered with the strategies, in viewDidLoad.
        #expect(all.contains("keyboardRuleTokens = ["))
        #expect(all.contains("NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { [weak self] note in"))
        #expect(all.contains("MainActor.assumeIsolated { self?.keyboardWillShowRules(note) }"))
        // The userInfo reads, the arithmetic, the keyboard's animation, the layout of the constraint's view.
        for line in ["private func keyboardWillShowRules(_ note: Notification) {",
                     "guard viewIfLoaded?.window != nil else { return }",
                     "let endFrame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero",
                     "let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0",
                     "let curve = note.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt ?? 0",
                     "self.formBottom.constant = endFrame.height - self.view.safeAreaInsets.bottom + 8",
                     "UIView.animate(withDuration: duration, delay: 0, options: UIView.AnimationOptions(rawValue: curve << 16), animations: {",
                     "self.view.layoutIfNeeded()"] {
            #expect(all.contains(line), "\(line)")
        }
        if let errors = try await SwiftExportTypeCheckTests.typeCheck(source, named: "rule") {
            Issue.record("does not type-check:\n\(errors)\n\(source)")
        }
    }

    /// NotificationCenter calls observers in the order they were added:
    /// a rule's is added after its controller's strategies', where the
    /// last of them registers, as kbplay runs rules after strategies.
    @Test func aRuleRegistersAfterTheStrategiesOfItsClass() throws {
        let (_, loaded) = Self.export(Self.form + ["handle Login with observer formBottom padding 8",
                                                   "on Login keyboardWillShow: set formBottom.constant = 10"])
        let a = Self.lines(loaded)
        let observer = try #require(a.firstIndex(of: "keyboardObserver = KeyboardObserver(delegate: self)"))
        let rules = try #require(a.firstIndex(of: "keyboardRuleTokens = ["))
        #expect(observer < rules)
        #expect(a.contains("guard viewIfLoaded?.window != nil else { return }"))
        // Lesson 17: child-delegate registers in viewWillAppear, so the rule does too, and goes in viewWillDisappear.
        let b = Self.lines(try SwiftExportTypeCheckTests.exported("17-child-controller-offsets"))
        let form = try #require(b.firstIndex(of: "final class FormViewController: UIViewController {"))
        let appear = try #require(b[form...].firstIndex(of: "override func viewWillAppear(_ animated: Bool) {"))
        let child = try #require(b[appear...].firstIndex(of: "keyboardChildTokens = ["))
        let rule = try #require(b[appear...].firstIndex(of: "keyboardRuleTokens = ["))
        let end = try #require(b[appear...].firstIndex(of: "}"))
        #expect(child < rule && rule < end)
        #expect(b.contains("keyboardRuleTokens.forEach { NotificationCenter.default.removeObserver($0) }"))
    }

    /// Every value and operation of the rule language, translated: the
    /// keyboard's frames, duration, curve and visibility; the window's
    /// frame; a view's frame (window coordinates), bounds, insets, scroll
    /// state and flags; a constraint's constant and priority; `+ - * /`,
    /// signs, parentheses, `min max abs`.
    @Test func everyExpressionOfTheRuleLanguageTranslates() async throws {
        let (_, source) = Self.export(Self.form + [
            "add scrollView list to Login.view",
            "constrain list.top == Login.view.top as listTop",
            "on Login keyboardWillChangeFrame: set formBottom.constant = max(0, window.frame.maxY - kb.end.minY, kb.begin.height) + kb.frame.width / 2 - -(kb.duration * kb.curve)",
            "on Login keyboardWillChangeFrame: set listTop.constant = min(email.frame.maxY, Login.view.bounds.height) * kb.visible - abs(list.contentInset.bottom - list.contentOffset.y) + list.contentSize.height",
            "on Login keyboardDidHide: set listTop.constant = email.visible + email.alpha + email.hidden + form.clipsToBounds + formBottom.constant - listTop.priority / (1 + 2) - (3 - 4) + min(5)",
        ])
        let all = Self.lines(source)
        for line in [
            "self.formBottom.constant = max(0, windowFrame.maxY - endFrame.minY, beginFrame.height) + endFrame.width / 2 - -(CGFloat(duration) * CGFloat(curve))",
            "self.listTop.constant = min(self.email.convert(self.email.bounds, to: nil).maxY, self.view.bounds.height) * keyboardVisible - abs(self.list.contentInset.bottom - self.list.contentOffset.y) + self.list.contentSize.height",
            "self.listTop.constant = keyboardVisibility(of: self.email, keyboardEndFrame: endFrame) + self.email.alpha + (self.email.isHidden ? 1 : 0) + (self.form.clipsToBounds ? 1 : 0) + self.formBottom.constant - CGFloat(self.listTop.priority.rawValue) / (1 + 2) - (3 - 4) + (5)",
            "let beginFrame = (note.userInfo?[UIResponder.keyboardFrameBeginUserInfoKey] as? NSValue)?.cgRectValue ?? .zero",
            "let keyboardVisible: CGFloat = note.name == UIResponder.keyboardWillHideNotification || note.name == UIResponder.keyboardDidHideNotification ? 0 : 1",
            "let windowFrame = view.window.map { $0.convert($0.bounds, to: $0.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace) } ?? .zero",
            "private func keyboardDidHideRules(_ note: Notification) {",
            "@MainActor func keyboardVisibility(of view: UIView, keyboardEndFrame endFrame: CGRect) -> CGFloat {",
        ] {
            #expect(all.contains(line), "\(line)")
        }
        // Two rules on one notification share one observer and one handler.
        #expect(source.components(separatedBy: "UIResponder.keyboardWillChangeFrameNotification").count == 2)
        #expect(!source.contains("kbplay: on Login"), "a rule left out as a comment")
        if let errors = try await SwiftExportTypeCheckTests.typeCheck(source, named: "rules") {
            Issue.record("does not type-check:\n\(errors)\n\(source)")
        }
    }

    // MARK: The screen at rest

    @Test func constantsAreExportedAtRestNotAsTheHandlersLeftThem() {
        // iPhone 15: the observer sets formBottom to 336 + 8 = 344 while the keyboard is up.
        let (s, source) = Self.export(Self.form + ["handle Login with observer formBottom padding 8", "focus email"])
        #expect((try? s.screen.constraint(named: "formBottom"))?.constant == 344)
        let all = Self.lines(source)
        #expect(all.contains("formBottom = view.safeAreaLayoutGuide.bottomAnchor.constraint(equalTo: form.bottomAnchor, constant: 20).named(\"formBottom\")"))
        #expect(all.contains("// kbplay: formBottom is 344 in this session, as its keyboard handlers left it; 20 at rest"))
        // Nothing focused at launch.
        #expect(!source.contains("becomeFirstResponder"))
        #expect(all.contains("// kbplay: email is being edited in this session; the screen starts with nothing focused"))
    }

    @Test func aConstantACommandSetIsTheOneAtRest() {
        // Set by a command while the keyboard is up (after the observer's 344), then the observer moves it again on hide (336 + 8).
        let (s, source) = Self.export(Self.form + ["handle Login with observer formBottom padding 8", "focus email",
                                                   "set formBottom.constant = 50", "resign"])
        #expect((try? s.screen.constraint(named: "formBottom"))?.constant == 344)
        #expect(Self.lines(source).contains("formBottom = view.safeAreaLayoutGuide.bottomAnchor.constraint(equalTo: form.bottomAnchor, constant: 50).named(\"formBottom\")"))
        // A handler that sets the constant back to the one at rest leaves nothing to say.
        let (_, back) = Self.export(Self.form + ["on Login keyboardWillShow: set formBottom.constant = 99",
                                                 "on Login keyboardWillHide: set formBottom.constant = 20", "focus email", "resign"])
        #expect(!back.contains("as its keyboard handlers left it"))
    }

    @Test func theConstantAtRestIsSavedAndLoaded() throws {
        let (s, _) = Self.export(Self.form + ["handle Login with observer formBottom padding 8", "focus email"])
        let text = try SessionFile.encode(s)
        #expect(text.contains("\"restingConstant\" : 20"))
        let loaded = try SessionFile.decode(text, path: "at-rest.json")
        #expect((try? loaded.screen.constraint(named: "formBottom"))?.restingConstant == 20)
        #expect((try? loaded.screen.constraint(named: "formBottom"))?.constant == 344)
        // A file without the member (every file written before it) loads with the constant as the one at rest.
        let old = text.replacingOccurrences(of: "\"restingConstant\" : 20,\n", with: "")
            .replacingOccurrences(of: ",\n        \"restingConstant\" : 20", with: "")
        #expect(!old.contains("restingConstant"))
        let oldLoaded = try SessionFile.decode(old, path: "old.json")
        #expect((try? oldLoaded.screen.constraint(named: "formBottom"))?.constantAtRest == 344)
    }

    // MARK: The command

    @Test func theSameSessionGivesTheSameBytes() throws {
        let a = try SwiftExportTypeCheckTests.exported("17-child-controller-offsets")
        let b = try SwiftExportTypeCheckTests.exported("17-child-controller-offsets")
        #expect(a == b)
    }

    @Test func writtenToAFileAtomicallyAsItPrints() throws {
        var (s, printed) = Self.export(Self.form)
        let path = TemporaryFolder.make("export-swift-file") + "/Login.swift"
        let o = s.execute("export swift \(path)")
        #expect(o.status == .ok)
        let lineCount = printed.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(o.text == "wrote \(path) (\(lineCount) lines)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == printed)
    }

    @Test func aFileThatCannotBeWrittenIsRefusedAndTheSessionStays() throws {
        var (s, _) = Self.export(Self.form)
        let before = s.state
        let folder = TemporaryFolder.make("export-swift-dir")
        for target in [folder, "/nonexistent-kbplay-folder/Login.swift"] {
            let o = s.execute("export swift \(target)")
            #expect(o.status == .ioError, "\(target): \(o.text)")
            #expect(o.text.contains(target))
            #expect(s.state == before)
        }
    }

    @Test func theFormatIsOneOfKbsAndSwift() {
        var s = Session.demo()
        let missing = s.execute("export")
        #expect(missing.status != .ok)
        #expect(missing.text.contains("export kbs|swift [fixed] [FILE]"))
        let unknown = s.execute("export java")
        #expect(unknown.status != .ok)
        #expect(unknown.text.contains("kbs"))
        #expect(unknown.text.contains("swift"))
        #expect(s.execute("export kbs").members["script"] != nil)
        #expect(s.execute("export swift").members["swift"] != nil)
    }

    // MARK: export swift fixed

    /// The export of `lines` with `fixed`.
    static func fixedExport(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        var (s, _) = export(lines, sourceLocation: sourceLocation)
        let o = s.execute("export swift fixed")
        #expect(o.status == .ok, "\(o.text)", sourceLocation: sourceLocation)
        return o.members["swift"]?.stringValue ?? ""
    }

    @Test func fixedObserverRegistersWhileAppearedAndUsesTheOverlapLessTheSafeArea() async throws {
        var s = try LessonRun.run("18-observer-after-disappear")
        let plain = try #require(s.execute("export swift").members["swift"]?.stringValue)
        let source = try #require(s.execute("export swift fixed").members["swift"]?.stringValue)
        #expect(plain.contains("keyboardObserver = KeyboardObserver(delegate: self)"))
        let all = Self.lines(source)
        #expect(all[0].hasPrefix("// kbplay export swift fixed: "))
        // observer-after-disappear: made in viewWillAppear, stopped in viewWillDisappear.
        #expect(Self.comment("// kbplay: fixed ⚑ observer-after-disappear: remove the observer in viewWillDisappear",
                             isAbove: "keyboardObserver = KeyboardObserver(delegate: self)", in: source))
        let appear = try #require(all.firstIndex(of: "override func viewWillAppear(_ animated: Bool) {"))
        let made = try #require(all.firstIndex(of: "keyboardObserver = KeyboardObserver(delegate: self)"))
        #expect(appear < made)
        #expect(all.contains("keyboardObserver?.stop()"))
        #expect(all.contains("func stop() {"))
        // safe-area-double-count and hide-keeps-height: the overlap of the converted end frame, less the safe area.
        #expect(all.contains("formBottom.constant = max(0, view.keyboardOverlap(endFrame) - view.safeAreaInsets.bottom) + 8"))
        #expect(!source.contains("formBottom.constant = endFrame.height + 8"))
        #expect(all.contains("let screenSpace = window?.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace"))
        // Profile's controllable: the overlap of its view, less the safe area.
        #expect(all.contains("profileBottom.constant = -max(0, height - view.safeAreaInsets.bottom)"))
        #expect(all.contains("let height = endFrame.map { view?.keyboardOverlap($0) ?? $0.height } ?? fallbackHeight"))
        // Every flaw shown is fixed: none is left as a ⚑ with its fix to do.
        #expect(!source.contains("// kbplay: fix:"))
        if let errors = try await SwiftExportTypeCheckTests.typeCheck(source, named: "fixed18") {
            Issue.record("does not type-check:\n\(errors)\n\(source)")
        }
    }

    @Test func fixedCurveScreenCoordinatesAndHardwareKeyboard() async throws {
        var curve = try LessonRun.run("19-curve-not-shifted")
        let curveSource = try #require(curve.execute("export swift fixed").members["swift"]?.stringValue)
        #expect(Self.comment("// kbplay: fixed ⚑ curve-not-shifted (Login): UIView.AnimationOptions(rawValue: UInt(curve) << 16)",
                             isAbove: "let options = UIView.AnimationOptions(rawValue: curve << 16)", in: curveSource))
        var child = try LessonRun.run("04-child-delegate")
        let childSource = try #require(child.execute("export swift fixed").members["swift"]?.stringValue)
        #expect(Self.lines(childSource).contains("commentBottom.constant = view.keyboardOverlap(endFrame)"))
        let resize = Self.fixedExport([
            "device ipad-pro-11 landscape", "window stage 100 60 700 600", "controller Notes",
            "add textField title to Notes.view", "constrain title.bottom == Notes.view.bottom - 20",
            "handle Notes with resize-root", "focus title",
        ])
        #expect(Self.lines(resize).contains("let endFrame = superview.convert(screenEndFrame, from: screenSpace)"))
        let inset = Self.fixedExport([
            "device iphone-15", "controller Notes", "add scrollView body to Notes.view", "pin body to Notes.view",
            "add textField note to body", "constrain note.top == body.content.top + 600",
            "constrain note.leading == body.content.leading", "constrain note.width == body.frameGuide.width",
            "constrain note.bottom == body.content.bottom", "handle Notes with content-inset body",
            "keyboard hardware on", "focus note",
        ])
        #expect(Self.comment("// kbplay: fixed ⚑ hardware-keyboard-height: use the intersection of the converted end frame with the view's bounds",
                             isAbove: "body.contentInset.bottom = max(0, view.keyboardOverlap(endFrame) - view.safeAreaInsets.bottom)", in: inset))
        for (name, source) in [("fixed19", curveSource), ("fixed04", childSource), ("fixedResize", resize), ("fixedInset", inset)] {
            if let errors = try await SwiftExportTypeCheckTests.typeCheck(source, named: name) {
                Issue.record("\(name) does not type-check:\n\(errors)\n\(source)")
            }
        }
    }

    @Test func aFlawCodeCannotFixKeepsItsCommentInTheFixedExport() {
        // IQKeyboardManager is a package, not code of this file.
        let source = Self.fixedExport([
            "device ipad-pro-11", "controller Notes", "add textField note to Notes.view",
            "constrain note.bottom == Notes.view.bottom - 20", "handle Notes with auto-scroll", "focus note", "keyboard undock",
        ])
        #expect(source.contains("// kbplay: ⚑ undocked-hide-only: the keyboard was undocked or floats"))
        #expect(source.contains("// kbplay: fix: observe keyboardWillChangeFrame"))
    }

    @Test func fixedIsForSwiftOnlyAndWritesAFileAsExportDoes() throws {
        var (s, _) = Self.export(Self.form + ["handle Login with observer formBottom padding 8", "focus email"])
        let before = s.state
        let kbs = s.execute("export kbs fixed")
        #expect(kbs.status != .ok)
        #expect(kbs.text.contains("'fixed' goes with export swift only"))
        #expect(kbs.text.contains("export swift fixed [FILE]"))
        #expect(s.state == before)
        let path = TemporaryFolder.make("export-swift-fixed") + "/Login+fixed.swift"
        let o = s.execute("export swift fixed \(path)")
        #expect(o.status == .ok, "\(o.text)")
        let printed = try #require(s.execute("export swift fixed").members["swift"]?.stringValue)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == printed)
        #expect(printed.contains("formBottom.constant = max(0, view.keyboardOverlap(endFrame) - view.safeAreaInsets.bottom) + 8"))
    }

    // MARK: Whole exports

    /// Two strategies, and the lessons whose fix is a rule.
    @Test(arguments: ["04-child-delegate", "06-layout-constraint", "09-safe-area-double-count", "15-hardware-keyboard",
                      "17-child-controller-offsets", "20-toolbar-accessory", "24-stage-manager-window", "26-imported-login"])
    func aLessonsExportIsPinned(_ lesson: String) throws {
        let source = try SwiftExportTypeCheckTests.exported(lesson)
        try GoldenFile.check(source, against: Self.golden.appendingPathComponent(lesson + ".swift"))
    }

    /// The fixed export of lessons with a flawed strategy still attached.
    @Test(arguments: ["01-observer", "04-child-delegate", "18-observer-after-disappear", "19-curve-not-shifted"])
    func aLessonsFixedExportIsPinned(_ lesson: String) throws {
        let source = try SwiftExportTypeCheckTests.exported(lesson, fixed: true)
        try GoldenFile.check(source, against: Self.golden.appendingPathComponent(lesson + "+fixed.swift"))
    }
}
