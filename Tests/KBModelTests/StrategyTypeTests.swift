import Testing
@testable import KBModel

/// A screen as a strategy sees it, made of plain values: what a handler
/// reads and what it changes, without a layout engine or the parser.
struct StandInHost: StrategyHost {
    var screenSize = Size(width: 393, height: 852)
    var appeared: Set<String> = ["Login"]
    var constants: [String: Double] = [:]
    var safeAreaConstraints: Set<String> = []
    var frames: [String: Rect] = [:]
    var safeAreas: [String: EdgeInsets] = [:]
    var rootOverrides: [String: Rect] = [:]
    var insets: [String: EdgeInsets] = [:]
    var focus: String?
    var scrolled: [String] = []

    func isAppeared(_ controller: String) -> Bool { appeared.contains(controller) }
    func constant(of constraint: String) -> Double? { constants[constraint] }
    func usesSafeArea(_ constraint: String) -> Bool { safeAreaConstraints.contains(constraint) }
    mutating func setConstant(_ value: Double, of constraint: String) { constants[constraint] = value }
    mutating func windowFrame(of view: String) -> Rect? { frames[view] }
    mutating func safeAreaInsets(of view: String) -> EdgeInsets { safeAreas[view] ?? .zero }
    func rootFrameOverride(of controller: String) -> Rect? { rootOverrides[controller] }
    mutating func naturalRootFrame(of controller: String) -> Rect { Rect(origin: .zero, size: screenSize) }
    mutating func setRootFrame(_ frame: Rect?, of controller: String) { rootOverrides[controller] = frame }
    mutating func contentInset(of scrollView: String) -> EdgeInsets? { insets[scrollView] }
    mutating func setContentInset(_ insets: EdgeInsets, of scrollView: String) { self.insets[scrollView] = insets }
    mutating func scrollFocusToVisible(in scrollView: String) { scrolled.append(scrollView) }
    mutating func scrollRowToVisible(holding view: String, in table: String) -> Int? { nil }
    var appWindowFrame: Rect { Rect(origin: Point(x: 0, y: 0), size: screenSize) }
}

/// Each strategy's handler and flaw checks, on a stand-in host: the
/// numbers by hand, as the strategy's source computes them. The phone is
/// an iPhone 15 (393 × 852, 34 pt home indicator), its keyboard 336 high:
/// up, its frame is (0 516; 393 336); hidden, (0 852; 393 336).
@Suite struct StrategyTypeTests {
    static let up = Rect(x: 0, y: 516, width: 393, height: 336)
    static let down = Rect(x: 0, y: 852, width: 393, height: 336)
    static let show = KeyboardNotification(name: .willShow, begin: down, end: up, duration: 0.25, curve: 7, isLocal: true)
    static let hide = KeyboardNotification(name: .willHide, begin: up, end: down, duration: 0.25, curve: 7, isLocal: true)
    static let change = KeyboardNotification(name: .willChangeFrame, begin: down, end: up, duration: 0.25, curve: 7, isLocal: true)
    static let context = KeyboardContext(keyboard: Keyboard(), device: DeviceCatalog.standard.defaultDevice, orientation: .portrait)

    static func strategy(_ kind: StrategyKind, _ set: (inout Strategy) -> Void = { _ in }) -> Strategy {
        var s = Strategy(kind: kind, controller: "Login")
        set(&s)
        return s
    }

    @Test func theObserverUsesTheEndFramesHeightOnShowAndOnHide() throws {
        var host = StandInHost(constants: ["formBottom": 20], safeAreaConstraints: ["formBottom"],
                               safeAreas: ["Login.view": EdgeInsets(top: 59, bottom: 34)])
        var s = Self.strategy(.observer) { $0.constraint = "formBottom"; $0.padding = 8 }
        // 336 + 8 = 344
        let shown = try #require(s.handle(Self.show, context: Self.context, host: &host))
        #expect(host.constants["formBottom"] == 344)
        #expect(shown.effects.map(\.what) == ["formBottom.constant 20 → 344"])
        // the 34 pt home indicator is in the 336: the form ends 34 + 8 = 42 above the keyboard
        #expect(shown.flaws.map(\.id) == [.safeAreaDoubleCount])
        #expect(shown.flaws[0].message.contains("stops 42 pt above the keyboard instead of 8"))
        // on hide the end frame keeps its height: 336 + 8 again
        let hidden = try #require(s.handle(Self.hide, context: Self.context, host: &host))
        #expect(host.constants["formBottom"] == 344)
        #expect(hidden.flaws.map(\.id) == [.hideKeepsHeight])
        // it does not observe a frame change
        #expect(s.handle(Self.change, context: Self.context, host: &host) == nil)
    }

    @Test func controllableFallsBackWhenTheNotificationHasNoSize() throws {
        var host = StandInHost(constants: ["formBottom": 0])
        var s = Self.strategy(.controllable) { $0.constraint = "formBottom"; $0.inset = 10 }
        var sizeless = Self.show
        sizeless.end = Rect(x: 0, y: 852, width: 393, height: 0)
        _ = try #require(s.handle(sizeless, context: Self.context, host: &host))
        // −(10 + fallback 250) = −260
        #expect(host.constants["formBottom"] == -260)
        _ = try #require(s.handle(Self.hide, context: Self.context, host: &host))
        #expect(host.constants["formBottom"] == -10)
        // registered between viewWillAppear and viewWillDisappear: a
        // controller out of the window runs nothing
        host.appeared = []
        #expect(s.handle(Self.show, context: Self.context, host: &host) == nil)
    }

    @Test func theLayoutConstraintSubclassPassesTheCurveUnshifted() throws {
        var host = StandInHost(constants: ["formBottom": 20])
        var s = Self.strategy(.layoutConstraint) { $0.constraint = "formBottom"; $0.downOffset = 5 }
        LayoutConstraintStrategy.attached(&s) { host.constants[$0] }
        #expect(s.offset == 20)
        let report = try #require(s.handle(Self.show, context: Self.context, host: &host))
        // offset 20 + 336 = 356
        #expect(host.constants["formBottom"] == 356)
        // curve 7 = 1 + 2 + 4: three options, and 7 << 16 = 458752
        #expect(report.flaws.map(\.id) == [.curveNotShifted])
        #expect(report.flaws[0].message.contains("not 7 << 16 = 458752: that is .layoutSubviews/.allowUserInteraction/.beginFromCurrentState"))
        _ = s.handle(Self.hide, context: Self.context, host: &host)
        // offset 20 + down-offset 5
        #expect(host.constants["formBottom"] == 25)
    }

    @Test func theChildDelegateTakesScreenCoordinatesForItsOwn() throws {
        // the child's root view ends at 652, 200 above the screen's bottom
        var host = StandInHost(constants: ["fieldBottom": 0, "containerHeight": 0],
                               frames: ["Login.view": Rect(x: 0, y: 400, width: 393, height: 252),
                                        "header": Rect(x: 0, y: 0, width: 393, height: 120)])
        var s = Self.strategy(.childDelegate) {
            $0.constraint = "fieldBottom"; $0.parentConstraint = "containerHeight"; $0.expandView = "header"
        }
        let report = try #require(s.handle(Self.show, context: Self.context, host: &host))
        #expect(host.constants["fieldBottom"] == 336)
        #expect(host.constants["containerHeight"] == -120)
        #expect(report.flaws.map(\.id) == [.screenCoordinates])
        #expect(report.flaws[0].message.contains("Login.view ends at 652, 200 pt above the screen's bottom"))
    }

    @Test func theResizingRootViewEndsAtTheKeyboardsTop() throws {
        var host = StandInHost(frames: ["Login.view": Rect(x: 0, y: 0, width: 393, height: 852)])
        var s = Self.strategy(.resizeRoot)
        let report = try #require(s.handle(Self.change, context: Self.context, host: &host))
        // keyboard top 516 − root top 0
        #expect(host.rootOverrides["Login"] == Rect(x: 0, y: 0, width: 393, height: 516))
        #expect(report.flaws.isEmpty)
    }

    @Test func contentInsetsLeaveOutTheHomeIndicatorAndScrollTheFocus() throws {
        var host = StandInHost(frames: ["Notes.view": Rect(x: 0, y: 0, width: 393, height: 852)],
                               safeAreas: ["Notes.view": EdgeInsets(top: 59, bottom: 34)], insets: ["body": .zero],
                               focus: "body")
        host.appeared = ["Notes"]
        var s = Strategy(kind: .contentInset, controller: "Notes")
        s.scrollView = "body"
        _ = try #require(s.handle(Self.change, context: Self.context, host: &host))
        // 336 − 34 = 302
        #expect(host.insets["body"] == EdgeInsets(bottom: 302))
        #expect(host.scrolled == ["body"])
        _ = s.handle(Self.hide, context: Self.context, host: &host)
        #expect(host.insets["body"] == .zero)
    }

    @Test func autoScrollMovesTheRootViewSoTheFieldClearsTheKeyboard() throws {
        var host = StandInHost(frames: ["Login.view": Rect(x: 0, y: 0, width: 393, height: 852),
                                        "email": Rect(x: 16, y: 676, width: 361, height: 34)], focus: "email")
        var s = Self.strategy(.autoScroll)
        _ = try #require(s.handle(Self.show, context: Self.context, host: &host))
        // min(0, 516 − 10 − 710) = −204
        #expect(host.rootOverrides["Login"] == Rect(x: 0, y: -204, width: 393, height: 852))
        // one global manager: it runs for a controller out of the window,
        // and says so
        host.appeared = []
        host.frames["Login.view"] = Rect(x: 0, y: -204, width: 393, height: 852)
        let hidden = try #require(s.handle(Self.hide, context: Self.context, host: &host))
        #expect(host.rootOverrides["Login"] == nil)
        #expect(hidden.flaws.map(\.id) == [.observerAfterDisappear])
    }

    @Test func theLayoutGuideObservesNothing() {
        var host = StandInHost()
        var s = Self.strategy(.layoutGuide)
        for n in [Self.show, Self.hide, Self.change] { #expect(s.handle(n, context: Self.context, host: &host) == nil) }
    }

    /// What `handle` parses, prints as usage, completes and detaches by.
    @Test func argumentsDriveUsageAndReferences() {
        #expect(StrategyKind.allCases.map(\.usage) == [
            "observer CONSTRAINT [padding N]",
            "controllable CONSTRAINT [inset N] [fallback H]",
            "resize-root",
            "child-delegate FIELD_CONSTRAINT parent PARENT_CONSTRAINT expand VIEW",
            "content-inset SCROLLVIEW",
            "layout-constraint CONSTRAINT [down-offset N]",
            "layout-guide",
            "auto-scroll [distance N]",
            "table-controller TABLE",
            "frame-origin",
        ])
        let s = Self.strategy(.childDelegate) { $0.constraint = "a"; $0.parentConstraint = "b"; $0.expandView = "v"; $0.padding = 3 }
        #expect(s.references.map(\.name) == ["a", "b", "v"])
        #expect(s.references.map(\.isConstraint) == [true, true, false])
        for kind in StrategyKind.allCases { #expect(kind.type.kind == kind) }
    }
}
