import Foundation
import Testing
import KBModel
import KBTestSupport
@testable import KBInterop
@testable import KBShell

/// `import FILE`: Interface Builder documents written for these tests
/// (`Golden/interface-builder/`, each with its frames worked out by hand
/// in its header comment) imported on the device they were designed on.
@Suite("import: Interface Builder storyboards and XIBs")
struct InterfaceBuilderImportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/interface-builder").path

    static func fixture(_ name: String) -> String { folder + "/" + name }

    /// A session with `file` imported, and the import's outcome.
    static func imported(_ file: String, _ extra: String = "") -> (Session, CommandOutcome) {
        var s = Session(sessionsDirectory: TemporaryFolder.make("ib"))
        let outcome = s.execute("import \(fixture(file))\(extra)")
        return (s, outcome)
    }

    /// The window frames kbplay lays the session out at.
    static func frames(_ s: inout Session) -> [String: Rect] {
        let layout = s.screen.layout()
        var out: [String: Rect] = [:]
        for v in s.screen.views { out[v.name] = layout.windowFrame(v.name) }
        return out
    }

    static func expectFrames(_ file: String, _ expected: [String: Rect], sourceLocation: SourceLocation = #_sourceLocation) {
        var (s, outcome) = imported(file)
        #expect(outcome.status == .ok, "\(outcome.text)", sourceLocation: sourceLocation)
        let frames = Self.frames(&s)
        for (name, rect) in expected {
            guard let f = frames[name] else {
                Issue.record("no view \(name) in \(file): \(frames.keys.sorted())", sourceLocation: sourceLocation)
                continue
            }
            let off = max(abs(f.x - rect.x), abs(f.y - rect.y), abs(f.width - rect.width), abs(f.height - rect.height))
            #expect(off <= 0.5, "\(file): \(name) is \(f), expected \(rect)", sourceLocation: sourceLocation)
        }
        // Every stored frame is met: no finding says otherwise.
        #expect(!outcome.text.contains("kbplay lays it out at"), "\(outcome.text)", sourceLocation: sourceLocation)
    }

    // MARK: Fidelity: the frames worked out in each document's comment

    @Test func loginForm() {
        Self.expectFrames("login.storyboard", [
            "Login.view": Rect(x: 0, y: 0, width: 393, height: 852),
            "welcomeBackLabel": Rect(x: 20, y: 99, width: 180, height: 34),     // 59 + 40
            "emailField": Rect(x: 20, y: 157, width: 353, height: 34),          // 99 + 34 + 24; 393 − 40
            "passwordField": Rect(x: 20, y: 203, width: 353, height: 34),       // 157 + 34 + 12
            "signInButton": Rect(x: 165, y: 257, width: 63, height: 30),        // 203 + 34 + 20; (393 − 63) / 2
            "footer": Rect(x: 0, y: 774, width: 393, height: 44),               // 852 − 34 − 44
        ])
    }

    @Test func scrollViewFormWithContentGuides() {
        Self.expectFrames("scroll-form.storyboard", [
            "scrollView": Rect(x: 0, y: 59, width: 393, height: 759),           // 852 − 59 − 34
            "formContent": Rect(x: 0, y: 59, width: 393, height: 591),          // 20 + 21 + 16 + 34 + 400 + 34 + 12 + 34 + 20
            "shippingAddressLabel": Rect(x: 16, y: 79, width: 140, height: 21), // 59 + 20
            "nameField": Rect(x: 16, y: 116, width: 361, height: 34),           // 59 + 57
            "streetField": Rect(x: 16, y: 550, width: 361, height: 34),         // 59 + 491
            "cityField": Rect(x: 16, y: 596, width: 361, height: 34),           // 59 + 537
        ])
    }

    @Test func stackViewFormInAXIB() {
        Self.expectFrames("stack-form.xib", [
            "formStack": Rect(x: 16, y: 79, width: 361, height: 158),           // margins 16; 59 + 20; 24 + 3 × 12 + 34 + 34 + 30
            "createAccountLabel": Rect(x: 16, y: 79, width: 361, height: 24),
            "nameField": Rect(x: 16, y: 115, width: 361, height: 34),           // 79 + 24 + 12
            "emailField": Rect(x: 16, y: 161, width: 361, height: 34),          // 115 + 34 + 12
            "signUpButton": Rect(x: 16, y: 207, width: 361, height: 30),        // 161 + 34 + 12
        ])
    }

    @Test func containerWithAChildController() {
        Self.expectFrames("container.storyboard", [
            "summaryContainer": Rect(x: 0, y: 59, width: 393, height: 200),
            "OrderSummary.view": Rect(x: 0, y: 59, width: 393, height: 200),
            "totalLabel": Rect(x: 16, y: 75, width: 42, height: 21),            // 59 + 16
            "totalField": Rect(x: 16, y: 104, width: 361, height: 34),          // 59 + 16 + 21 + 8
            "payButton": Rect(x: 176.5, y: 279, width: 40, height: 30),         // 59 + 200 + 20; (393 − 40) / 2
        ])
        let (s, _) = Self.imported("container.storyboard")
        let child = s.screen.controllers.first { $0.name == "OrderSummary" }
        #expect(child?.parent == "Checkout" && child?.container == "summaryContainer")
    }

    @Test func navigationEmbeddedScene() {
        Self.expectFrames("navigation.storyboard", [
            "navigationBar": Rect(x: 0, y: 59, width: 393, height: 44),
            "nameField": Rect(x: 20, y: 123, width: 353, height: 34),           // 59 + 44 + 20
            "saveButton": Rect(x: 172.5, y: 772, width: 48, height: 30),        // 852 − 34 − 16 − 30; (393 − 48) / 2
        ])
        var (s, _) = Self.imported("navigation.storyboard")
        // The content's safe area starts under the bar, as UIKit's does: 59 + 44.
        #expect(s.execute("print Profile.view.frame.minY + Profile.view.safeAreaInsets.top").text == "103")
    }

    @Test func aTabBarControllerRaisesTheSafeAreaBottom() throws {
        let dir = TemporaryFolder.make("ib-tabs")
        // A field 10 pt over the safe-area bottom: with the tab bar (49 pt
        // over the home indicator's 34) that is 852 − 34 − 49 − 10 = 759,
        // so y = 759 − 34 = 725.
        let field = """
            <textField opaque="NO" placeholder="Search" translatesAutoresizingMaskIntoConstraints="NO" id="tb-tf-1">
                <rect key="frame" x="20" y="725" width="353" height="34"/>
            </textField>
            """
        let constraints = """
            <constraint firstItem="sa-1" firstAttribute="bottom" secondItem="tb-tf-1" secondAttribute="bottom" constant="10" id="tb-cn-1"/>
            <constraint firstItem="tb-tf-1" firstAttribute="leading" secondItem="sa-1" secondAttribute="leading" constant="20" id="tb-cn-2"/>
            <constraint firstItem="sa-1" firstAttribute="trailing" secondItem="tb-tf-1" secondAttribute="trailing" constant="20" id="tb-cn-3"/>
            """
        let tabs = """
            <scene sceneID="sc-t">
                <objects>
                    <tabBarController id="tbc-1" sceneMemberID="viewController">
                        <tabBar key="tabBar" contentMode="scaleToFill" id="tbar-1">
                            <rect key="frame" x="0.0" y="769" width="393" height="83"/>
                        </tabBar>
                        <connections>
                            <segue destination="vc-1" kind="relationship" relationship="viewControllers" id="sg-t1"/>
                        </connections>
                    </tabBarController>
                </objects>
            </scene>
            """
        try Self.minimal(views: field, constraints: constraints, extraScenes: tabs, initial: "tbc-1")
            .write(toFile: dir + "/tabs.storyboard", atomically: true, encoding: .utf8)
        var s = Session(sessionsDirectory: dir)
        let outcome = s.execute("import \(dir)/tabs.storyboard")
        #expect(outcome.status == .ok, "\(outcome.text)")
        #expect(s.screen.controllers.map(\.name) == ["Tabs", "Form"])
        let f = Self.frames(&s)
        #expect(f["searchField"] == Rect(x: 20, y: 725, width: 353, height: 34))
        #expect(f["tabBar"] == Rect(x: 0, y: 769, width: 393, height: 83))      // 852 − 34 − 49
        #expect(!outcome.text.contains("kbplay lays it out at"), "\(outcome.text)")
    }

    @Test func aTableViewControllerAndKeyboardDismissMode() throws {
        let dir = TemporaryFolder.make("ib-table")
        let doc = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES" initialViewController="tv-1">
                <device id="retina6_12" orientation="portrait"/>
                <scenes>
                    <scene sceneID="sc-1">
                        <objects>
                            <tableViewController id="tv-1" customClass="SettingsTableViewController" sceneMemberID="viewController">
                                <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" keyboardDismissMode="onDrag" dataMode="prototypes" style="plain" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="28" sectionFooterHeight="28" id="tb-1">
                                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                    <prototypes>
                                        <tableViewCell reuseIdentifier="Cell" id="cl-1"/>
                                    </prototypes>
                                </tableView>
                            </tableViewController>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        try doc.write(toFile: dir + "/settings.storyboard", atomically: true, encoding: .utf8)
        var s = Session(sessionsDirectory: dir)
        let outcome = s.execute("import \(dir)/settings.storyboard")
        #expect(outcome.status == .ok, "\(outcome.text)")
        #expect(s.screen.controllers.first?.tableView == "tableView")
        #expect(s.state.strategies.map(\.kind) == [.tableController])
        #expect(try s.screen.view(named: "tableView").scroll?.keyboardDismissMode == .onDrag)
        #expect(Self.frames(&s)["tableView"] == Rect(x: 0, y: 0, width: 393, height: 852))
        #expect(outcome.members["names"]?["tb-1"]?.stringValue == "tableView")
        // The scroll form's scroll view is dismissed interactively, as its document says.
        let (t, _) = Self.imported("scroll-form.storyboard")
        #expect(try t.screen.view(named: "scrollView").scroll?.keyboardDismissMode == .interactive)
    }

    @Test func unconstrainedAutoresizingViews() {
        Self.expectFrames("autoresizing.storyboard", [
            "banner": Rect(x: 16, y: 100, width: 343, height: 60),
            "badge": Rect(x: 293, y: 120, width: 50, height: 21),               // 16 + 277, 100 + 20
            "spinner": Rect(x: 177.5, y: 400, width: 20, height: 20),
            "footer": Rect(x: 0, y: 617, width: 375, height: 50),
        ])
        var (s, _) = Self.imported("autoresizing.storyboard")
        #expect(s.screen.device.id == "iphone-8")
        #expect((try? s.screen.view(named: "spinner"))?.isHidden == true)
        #expect(s.screen.constraints.contains { $0.name == "NSAutoresizingMaskLayoutConstraint_banner_right" })
        // On a wider screen the masks do what UIKit's do: the banner's
        // width follows (375 → 414: 343 + 39 = 382), the badge keeps its
        // right margin (414 − 16 − 16 − 50 = 332), the spinner stays
        // centred ((414 − 20) / 2 = 197) and the footer stays at the bottom (736 − 50 = 686).
        _ = s.execute("device iphone-8-plus")
        let f = Self.frames(&s)
        #expect(f["banner"] == Rect(x: 16, y: 100, width: 382, height: 60))
        #expect(f["badge"] == Rect(x: 332, y: 120, width: 50, height: 21))
        #expect(f["spinner"]?.x == 197)
        #expect(f["footer"] == Rect(x: 0, y: 686, width: 414, height: 50))
    }

    @Test func placeholderConstraintsAreRemovedAndInactiveOnesKeptInactive() {
        Self.expectFrames("placeholder.storyboard", [
            "card": Rect(x: 20, y: 79, width: 353, height: 53),                 // 16 + 21 + 16
            "savedOfflineLabel": Rect(x: 36, y: 95, width: 120, height: 21),    // 20 + 16, 79 + 16
        ])
        let (s, outcome) = Self.imported("placeholder.storyboard")
        #expect(outcome.text.contains("placeholder constraint Ph1-cn-010 is removed"))
        #expect(!outcome.text.contains("Unable to simultaneously satisfy"))
        let names = outcome.members["names"]
        #expect(names?["Ph1-cn-010"] == nil)
        #expect(names?["Ph1-cn-011"]?.stringValue == "compactCardWidth")
        let width = s.screen.constraints.first { $0.name == "compactCardWidth" }
        #expect(width?.isActive == false && width?.priority == 1000)
    }

    // MARK: Names, JSON and the session

    @Test func clipsSubviewsAndAlphaAreKept() throws {
        let (s, _) = Self.imported("login.storyboard")
        let footer = try s.screen.view(named: "footer")
        #expect(footer.clipsToBounds && footer.alpha == 0.5)
        let field = try s.screen.view(named: "emailField")
        #expect(!field.clipsToBounds && field.alpha == 1)
        let (t, _) = Self.imported("scroll-form.storyboard")
        #expect(try t.screen.view(named: "scrollView").clipsToBounds)
    }

    @Test func namesComeFromOutletsThenLabelsThenTextThenKind() {
        let (s, outcome) = Self.imported("login.storyboard")
        let names = outcome.members["names"]
        #expect(names?["Lg1-vc-001"]?.stringValue == "Login")              // LoginViewController
        #expect(names?["Lg1-rv-001"]?.stringValue == "Login.view")
        #expect(names?["Lg1-sa-001"]?.stringValue == "Login.view.safeArea")
        #expect(names?["Lg1-tf-001"]?.stringValue == "emailField")         // an outlet
        #expect(names?["Lg1-vw-001"]?.stringValue == "footer")             // its userLabel
        #expect(names?["Lg1-lb-001"]?.stringValue == "welcomeBackLabel")   // its text
        #expect(names?["Lg1-cn-014"]?.stringValue == "bottomConstraint")   // an outlet
        #expect(names?["Lg1-cn-001"]?.stringValue == "titleTop")           // its identifier
        #expect(names?["Lg1-cn-003"]?.stringValue == "emailField_top")     // the view it places
        // Unique, and the same on every import.
        let all = s.screen.allNames
        #expect(Set(all).count == all.count)
        let (_, again) = Self.imported("login.storyboard")
        #expect(again.members["names"] == names)
        #expect(again.text == outcome.text)
    }

    @Test func anOutletNamedConstraintDrivesAStrategyRightAway() {
        var (s, _) = Self.imported("login.storyboard")
        #expect(s.execute("handle Login with observer bottomConstraint").status == .ok)
        let focus = s.execute("focus emailField")
        #expect(focus.status == .ok)
        // willShow: constant = endFrame.height 336 (+ padding 0).
        #expect(focus.text.contains("bottomConstraint.constant 0 → 336"))
    }

    @Test func theJSONLineCarriesNamesAndFindings() throws {
        let (_, outcome) = Self.imported("login.storyboard")
        let json = try JSONReader.parse(outcome.jsonText)
        let findings = try #require(json["findings"]?.arrayValue)
        #expect(!findings.isEmpty)
        for f in findings {
            #expect(["warning", "note"].contains(f["severity"]?.stringValue ?? ""))
            #expect((f["line"]?.numberValue ?? 0) > 0 && (f["column"]?.numberValue ?? 0) > 0)
            #expect(f["message"]?.stringValue?.isEmpty == false)
        }
        // The email field's keyboard type is line 32 of the document.
        #expect(findings.contains { $0["line"]?.numberValue == 32 && ($0["message"]?.stringValue ?? "").contains("keyboardType emailAddress") })
        #expect(json["names"]?["Lg1-tf-002"]?.stringValue == "passwordField")
    }

    @Test func anImportIsOneUndoableStep() {
        var s = Session.demo(sessionsDirectory: TemporaryFolder.make("ib"))
        let before = s.state
        #expect(s.execute("import \(Self.fixture("login.storyboard"))").status == .ok)
        #expect(s.screen.controllers.map(\.name) == ["Login"])
        #expect(s.execute("undo").status == .ok)
        #expect(s.state == before)
        #expect(s.execute("redo").status == .ok)
        #expect(s.screen.controllers.map(\.name) == ["Login"])
    }

    @Test func aSceneIsChosenByIdentifierClassIdOrTitle() {
        for name in ["OrderSummary", "OrderSummaryViewController", "Co2-vc-001"] {
            var (s, outcome) = Self.imported("container.storyboard", " scene \(name)")
            #expect(outcome.status == .ok, "\(name): \(outcome.text)")
            #expect(s.screen.controllers.map(\.name) == ["OrderSummary"])
            // The child alone is the window's root: it fills the screen, and
            // its label is pinned to the root's top, not the safe area's: 16 + 21 + 8.
            #expect(Self.frames(&s)["totalField"] == Rect(x: 16, y: 45, width: 361, height: 34))
        }
        var (s, _) = Self.imported("navigation.storyboard", " scene Profile")
        #expect(s.screen.controllers.map(\.name) == ["Navigation", "Profile"])
        #expect(Self.frames(&s)["nameField"]?.y == 123)
    }

    @Test func theDeviceCanBeChosen() {
        var (s, outcome) = Self.imported("login.storyboard", " device iphone-se1")
        #expect(outcome.status == .ok)
        #expect(s.screen.device.id == "iphone-se1")
        // 320 wide: the fields keep 20 pt each side: 320 − 40 = 280.
        #expect(Self.frames(&s)["emailField"]?.width == 280)
        // The stored frames are the iPhone 15's: not compared on another device.
        #expect(outcome.text.contains("note: the document was designed on retina6_12 (nearest preset iphone-15): on iphone-se1 portrait its stored frames are not compared"))
        #expect(!outcome.text.contains("kbplay lays it out at"))
    }

    @Test func aRunOnSeveralDevicesImportsOnEach() throws {
        var s = try Session(sessionsDirectory: TemporaryFolder.make("ib"), device: DeviceSetting(id: "iphone-8", orientation: .landscape))
        let outcome = s.execute("import \(Self.fixture("login.storyboard"))")
        #expect(outcome.text.hasPrefix("imported Login from \(Self.fixture("login.storyboard")) on iphone-8 landscape"))
        #expect(outcome.text.contains("on iphone-8 landscape its stored frames are not compared"))
        // 667 wide, no safe-area insets in landscape: 667 − 20 − 20 = 627.
        #expect(Self.frames(&s)["emailField"]?.width == 627)
        // An explicit device wins.
        _ = s.execute("import \(Self.fixture("login.storyboard")) device iphone-15")
        #expect(s.screen.device.id == "iphone-15" && s.screen.orientation == .portrait)
    }

    @Test func conflictingConstraintsImportAndReportTheConflict() throws {
        let dir = TemporaryFolder.make("ib-conflict")
        let doc = Self.minimal(views: """
            <textField opaque="NO" placeholder="Code" translatesAutoresizingMaskIntoConstraints="NO" id="cf-tf-1">
                <rect key="frame" x="20" y="79" width="353" height="34"/>
                <constraints>
                    <constraint firstAttribute="height" constant="34" id="cf-cn-1"/>
                    <constraint firstAttribute="height" constant="50" id="cf-cn-2"/>
                </constraints>
            </textField>
            """, constraints: """
            <constraint firstItem="cf-tf-1" firstAttribute="top" secondItem="sa-1" secondAttribute="top" constant="20" id="cf-cn-3"/>
            <constraint firstItem="cf-tf-1" firstAttribute="leading" secondItem="sa-1" secondAttribute="leading" constant="20" id="cf-cn-4"/>
            <constraint firstItem="sa-1" firstAttribute="trailing" secondItem="cf-tf-1" secondAttribute="trailing" constant="20" id="cf-cn-5"/>
            """)
        try doc.write(toFile: dir + "/conflict.storyboard", atomically: true, encoding: .utf8)
        var s = Session(sessionsDirectory: dir)
        let outcome = s.execute("import \(dir)/conflict.storyboard")
        #expect(outcome.status == .ok)
        #expect(outcome.text.contains("Unable to simultaneously satisfy constraints"))
        #expect(outcome.text.contains("broke codeField_height2"))
        #expect(Self.frames(&s)["codeField"]?.height == 34)
    }

    @Test func aStoredFrameKbplayDoesNotMeetIsAFindingUnlessMarkedMisplaced() throws {
        let dir = TemporaryFolder.make("ib-misplaced")
        // top = safe-area top + 20 = 79 on an iPhone 15, but the document says 300.
        func document(_ flag: String) -> String {
            Self.minimal(views: """
                <textField opaque="NO" placeholder="Code" \(flag) translatesAutoresizingMaskIntoConstraints="NO" id="mp-tf-1">
                    <rect key="frame" x="20" y="300" width="353" height="34"/>
                </textField>
                """, constraints: """
                <constraint firstItem="mp-tf-1" firstAttribute="top" secondItem="sa-1" secondAttribute="top" constant="20" id="mp-cn-1"/>
                <constraint firstItem="mp-tf-1" firstAttribute="leading" secondItem="sa-1" secondAttribute="leading" constant="20" id="mp-cn-2"/>
                <constraint firstItem="sa-1" firstAttribute="trailing" secondItem="mp-tf-1" secondAttribute="trailing" constant="20" id="mp-cn-3"/>
                """)
        }
        try document("").write(toFile: dir + "/moved.storyboard", atomically: true, encoding: .utf8)
        try document(#"misplaced="YES""#).write(toFile: dir + "/marked.storyboard", atomically: true, encoding: .utf8)
        var s = Session(sessionsDirectory: dir)
        let moved = s.execute("import \(dir)/moved.storyboard")
        #expect(moved.text.contains("warning: codeField: kbplay lays it out at (20 79; 353 34), the document stores (20 300; 353 34)"), "\(moved.text)")
        let marked = s.execute("import \(dir)/marked.storyboard")
        #expect(marked.status == .ok)
        #expect(!marked.text.contains("kbplay lays it out at"))
    }

    // MARK: Bad input: a clear error, the session untouched

    /// A one-scene storyboard around `views` (subviews of the root view) and
    /// `constraints` (the root view's), on an iPhone 15.
    static func minimal(views: String, constraints: String = "", connections: String = "", extraScenes: String = "",
                        initial: String = "vc-1") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES" initialViewController="\(initial)">
            <device id="retina6_12" orientation="portrait"/>
            <scenes>
                <scene sceneID="sc-1">
                    <objects>
                        <viewController id="vc-1" customClass="FormViewController" sceneMemberID="viewController">
                            <view key="view" id="rv-1">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <subviews>
                                \(views)
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="sa-1"/>
                                <constraints>
                                \(constraints)
                                </constraints>
                            </view>
                            <connections>
                            \(connections)
                            </connections>
                        </viewController>
                    </objects>
                </scene>
                \(extraScenes)
            </scenes>
        </document>
        """
    }

    /// Imports `text` into the demo session: refused, with the session as it was.
    static func refused(_ text: String, file: String = "bad.storyboard", scene: String = "") throws -> String {
        let dir = TemporaryFolder.make("ib-bad")
        try text.write(toFile: dir + "/" + file, atomically: true, encoding: .utf8)
        var s = Session.demo(sessionsDirectory: dir)
        let before = s.state
        let history = s.history
        let outcome = s.execute("import \(dir)/\(file)\(scene)")
        #expect(outcome.status == .rejected, "\(outcome.text)")
        #expect(s.state == before)
        #expect(s.history == history)
        #expect(s.undoStack.isEmpty)
        return outcome.text.replacingOccurrences(of: dir + "/", with: "")
    }

    @Test func notXMLOrCutShortIsRefusedWithItsLineAndColumn() throws {
        let notXML = try Self.refused("this is not a storyboard\n")
        #expect(notXML.contains("bad.storyboard:1:"), "\(notXML)")
        #expect(notXML.contains("not a readable Interface Builder document"))
        let full = Self.minimal(views: "")
        let cut = String(full.prefix(full.count / 2))
        let truncated = try Self.refused(cut)
        #expect(truncated.contains("not a readable Interface Builder document"), "\(truncated)")
        // The line libxml2 stopped at: the last line of what is left.
        let lines = cut.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(truncated.contains("bad.storyboard:\(lines):"), "\(truncated)")
    }

    @Test func deepNestingAndImpossibleFramesAreRefusedNotCrashedOn() throws {
        let deep = #"<?xml version="1.0"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" targetRuntime="iOS.CocoaTouch"><objects>"#
            + String(repeating: "<view><subviews>", count: 5000) + String(repeating: "</subviews></view>", count: 5000)
            + "</objects></document>"
        #expect(try Self.refused(deep).contains("elements nested more than 200 deep"))
        let badFrame = Self.minimal(views: """
            <view id="bf-1"><rect key="frame" x="nan" y="0.0" width="10" height="-4"/></view>
            """)
        let message = try Self.refused(badFrame)
        #expect(message.contains("the frame of view (id bf-1) is (nan 0; 10 -4): not a frame kbplay can lay out"), "\(message)")
        // Priorities past either end are the nearest end, not a crash.
        #expect(InterfaceBuilderImportTests.priority("inf") == 1000 && InterfaceBuilderImportTests.priority("-1e300") == 1)
    }

    static func priority(_ text: String) -> Int { IBImporter.priority(Double(text)!) }

    @Test func anotherPlatformsDocumentIsRefusedNamingIt() throws {
        let mac = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
                <scenes/>
            </document>
            """
        #expect(try Self.refused(mac).contains("a document for macOS (AppKit) (targetRuntime \"MacOSX.Cocoa\")"))
        let tv = mac.replacingOccurrences(of: "Cocoa.Storyboard", with: "AppleTV.Storyboard")
            .replacingOccurrences(of: "MacOSX.Cocoa", with: "AppleTV")
        #expect(try Self.refused(tv).contains("a document for tvOS"))
        #expect(try Self.refused("<plist version=\"1.0\"/>").contains("not an Interface Builder document (its root element is <plist>"))
    }

    @Test func aDocumentWithNoViewsIsRefused() throws {
        let empty = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1"/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2"/>
                </objects>
            </document>
            """
        #expect(try Self.refused(empty, file: "empty.xib").contains("empty.xib: the document has no views to import"))
    }

    @Test func anUnknownSceneIsRefusedWithTheListAndTheNearestName() throws {
        let text = try String(contentsOfFile: Self.fixture("container.storyboard"), encoding: .utf8)
        let message = try Self.refused(text, scene: " scene OrderSumary")
        #expect(message.contains("no scene 'OrderSumary' — did you mean 'OrderSummary'?"), "\(message)")
        #expect(message.contains("id Co1-vc-001, CheckoutViewController, 0 text fields"))
        #expect(message.contains("id Co2-vc-001, OrderSummaryViewController, identifier OrderSummary, 1 text field"))
        // Without an initial view controller, several scenes need a name.
        let noInitial = text.replacingOccurrences(of: " initialViewController=\"Co1-vc-001\"", with: "")
        let list = try Self.refused(noInitial)
        #expect(list.contains("has 2 scenes and no initial view controller: name one with scene NAME"), "\(list)")
    }

    @Test func anOutletToAMissingObjectIsRefused() throws {
        let text = Self.minimal(views: "", connections: #"<outlet property="emailField" destination="gone-1" id="ou-1"/>"#)
        let message = try Self.refused(text)
        #expect(message.contains("outlet 'emailField' of viewController \"FormViewController\" (id vc-1) points at object gone-1, which is not in the document"), "\(message)")
    }

    @Test func aConstraintNamingAMissingItemIsRefused() throws {
        let text = Self.minimal(views: "", constraints: #"<constraint firstItem="gone-2" firstAttribute="top" secondItem="sa-1" secondAttribute="top" id="cn-1"/>"#)
        let message = try Self.refused(text)
        #expect(message.contains("constraint cn-1 names item gone-2, which is not in the document"), "\(message)")
    }

    @Test func aCycleOfEmbedSeguesIsRefused() throws {
        let container = """
            <containerView opaque="NO" translatesAutoresizingMaskIntoConstraints="NO" id="cv-1">
                <rect key="frame" x="0.0" y="59" width="393" height="200"/>
                <connections><segue destination="vc-2" kind="embed" id="sg-1"/></connections>
            </containerView>
            """
        let second = """
            <scene sceneID="sc-2">
                <objects>
                    <viewController id="vc-2" customClass="InnerViewController" sceneMemberID="viewController">
                        <view key="view" id="rv-2">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="200"/>
                            <subviews>
                                <containerView opaque="NO" id="cv-2">
                                    <rect key="frame" x="0.0" y="0.0" width="393" height="100"/>
                                    <connections><segue destination="vc-1" kind="embed" id="sg-2"/></connections>
                                </containerView>
                            </subviews>
                        </view>
                    </viewController>
                </objects>
            </scene>
            """
        let message = try Self.refused(Self.minimal(views: container, extraScenes: second))
        #expect(message.contains("the embed segues form a cycle (Form → Inner → Form)"), "\(message)")
    }

    @Test func importLogIsNotReadAsAFileNamedLog() {
        var s = Session.demo()
        let outcome = s.execute("import log console.txt")
        #expect(outcome.status == .rejected)
        #expect(!outcome.text.contains("no file 'log'"))
    }
}
