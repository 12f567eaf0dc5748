import Testing
@testable import KBModel

/// Posting a keyboard transition on a stage: the notifications in order,
/// each strategy's and rule's effect, the flaws, the events kept, and the
/// rotation's split between the old orientation and the new. The screen
/// is the demo on an iPhone 15 (393 × 852, home indicator 34, keyboard
/// 336: up, its frame is (0 516; 393 336)); `formBottom` is
/// `Login.view.safeArea.bottom == form.bottom + 20`.
@Suite struct StageDispatchTests {
    static let showBurst: [KeyboardNotification.Name] = [.willChangeFrame, .willShow, .didChangeFrame, .didShow]

    static func demo(observer: Bool = true) -> Stage {
        var stage = Stage(screen: Screen.demo())
        if observer {
            var s = Strategy(kind: .observer, controller: "Login")
            s.constraint = "formBottom"
            s.padding = 8
            stage.strategies = [s]
        }
        return stage
    }

    @Test func aShowRunsTheObserverOnWillShowAndKeepsEachEvent() throws {
        var stage = Self.demo()
        var log = StageLog()
        try stage.focus("email", &log)
        #expect(log.notifications.map(\.name) == Self.showBurst)
        #expect(stage.keyboard.frame(on: stage.screen.device, .portrait) == Rect(x: 0, y: 516, width: 393, height: 336))
        // The observer sets the end frame's height + padding: 336 + 8 = 344.
        #expect(try stage.screen.constraint(named: "formBottom").constant == 344)
        // The form's bottom is 852 − 34 − 344 = 474.
        #expect(stage.screen.layout().windowFrame("form")?.maxY == 474)
        // Entries in order: the handler's effect right after willShow.
        let lines = log.entries.map { entry -> String in
            switch entry {
            case let .posted(n): n.name.rawValue
            case let .handled(h): "\(h.controller) · \(h.handler): \(h.effect.what)"
            case let .said(line): line
            }
        }
        #expect(lines == ["keyboardWillChangeFrame", "keyboardWillShow", "Login · observer: formBottom.constant 20 → 344",
                          "keyboardDidChangeFrame", "keyboardDidShow"])
        // One event per notification; only willShow's has a handler.
        #expect(log.events.map(\.notification.name) == Self.showBurst)
        #expect(log.events.map(\.handlers.count) == [0, 1, 0, 0])
        #expect(log.reportedConstants == ["formBottom"])
        // The 34 pt home indicator is inside the 336: counted twice.
        #expect(log.flaws.map(\.id) == [.safeAreaDoubleCount])
    }

    @Test func aReplayPostsWithoutListingButKeepsTheEvents() throws {
        var stage = Self.demo()
        var log = StageLog()
        let t = try stage.keyboard.applying(.show(height: nil, duration: nil, curve: nil), on: stage.screen.device, .portrait)
        try stage.post(t, &log, listed: false)
        #expect(log.entries.isEmpty)
        #expect(log.notifications.map(\.name) == Self.showBurst)
        #expect(log.events.count == 4)
        // Not listed, and still not repeated by the diff.
        #expect(log.reportedConstants == ["formBottom"])
        #expect(try stage.screen.constraint(named: "formBottom").constant == 344)
    }

    @Test func aRuleEvaluatesTheExpressionItWasGivenWithTheNotificationPosted() throws {
        var stage = Self.demo(observer: false)
        let rule = Rule(controller: "Login", event: .willShow, constraint: "formBottom", expression: "kb.end.height - 14")
        stage.rules = [rule]
        var log = StageLog()
        log.expressions[rule.expression] = .success(.binary("-", .path("kb.end.height", column: 1), .number(14)))
        try stage.focus("email", &log)
        // 336 − 14 = 322.
        #expect(try stage.screen.constraint(named: "formBottom").constant == 322)
        let effect = try #require(log.events[1].handlers.first)
        #expect(effect.strategy == nil && effect.handler == "rule")
        #expect(effect.effect.what == "formBottom.constant 20 → 322")
        #expect(effect.effect.why == "(kb.end.height - 14)")
    }

    @Test func aRuleWithoutItsExpressionIsRefusedByName() throws {
        var stage = Self.demo(observer: false)
        stage.rules = [Rule(controller: "Login", event: .willShow, constraint: "formBottom", expression: "kb.end.height")]
        var log = StageLog()
        #expect(throws: ValueError.self) { try stage.focus("email", &log) }
        // The focus changed before the rule ran: a fresh stage for the next.
        stage = Self.demo(observer: false)
        stage.rules = [Rule(controller: "Login", event: .willShow, constraint: "formBottom", expression: "kb.end.height")]
        log = StageLog()
        log.expressions["kb.end.height"] = .failure(ValueError("unknown keyboard value 'kb.end.top'", column: 1))
        #expect(throws: ValueError("unknown keyboard value 'kb.end.top'", column: 1)) { try stage.focus("email", &log) }
    }

    @Test func aRotationsHideBurstBelongsToTheOldOrientation() {
        let names: [KeyboardNotification.Name] = [.willChangeFrame, .willHide, .didChangeFrame, .didHide,
                                                   .willChangeFrame, .willShow, .didChangeFrame, .didShow]
        let rect = Rect(x: 0, y: 0, width: 1, height: 1)
        let burst = names.map { KeyboardNotification(name: $0, begin: rect, end: rect, duration: 0, curve: 7, isLocal: true) }
        // The second willChangeFrame starts the new orientation's half.
        #expect(Stage.rotationHideCount(burst) == 4)
        #expect(Stage.rotationHideCount(Array(burst[4...])) == 0)
        #expect(Stage.rotationHideCount(Array(burst[..<4])) == 0)
    }

    @Test func aRotationsHandlersSeeTheScreenOfTheirHalf() throws {
        var stage = Self.demo(observer: false)
        let hide = Rule(controller: "Login", event: .willHide, constraint: "formBottom", expression: "window.frame.width")
        let show = Rule(controller: "Login", event: .willShow, constraint: "formBottom", expression: "window.frame.width")
        stage.rules = [hide, show]
        var log = StageLog()
        log.expressions["window.frame.width"] = .success(.path("window.frame.width", column: 1))
        try stage.focus("email", &log)
        // Portrait: the window is 393 wide.
        #expect(try stage.screen.constraint(named: "formBottom").constant == 393)
        log = StageLog()
        log.expressions["window.frame.width"] = .success(.path("window.frame.width", column: 1))
        try stage.rotate(to: nil, &log)
        #expect(stage.screen.orientation == .landscape)
        // The hide rule runs on the portrait screen (393), the show rule
        // on the landscape one (852).
        let effects = log.events.flatMap(\.handlers).map(\.effect.what)
        #expect(effects == ["formBottom.constant 393 → 393", "formBottom.constant 393 → 852"])
        // Landscape keyboard: 219 tall on a 393 pt screen, top at 174.
        #expect(stage.keyboard.frame(on: stage.screen.device, .landscape) == Rect(x: 0, y: 174, width: 852, height: 219))
    }

    @Test func aKeyboardEventWhileDownPostsNothingAndSaysWhen() throws {
        var stage = Self.demo()
        var log = StageLog()
        try stage.keyboardEvent(.predictive(false), &log)
        #expect(log.notifications.isEmpty)
        #expect(log.notes == ["the keyboard is down: iOS posts nothing now; the change shows when a field is focused"])
    }

    @Test func removingTheConstraintDetachesWhatUsesIt() throws {
        var stage = Self.demo()
        stage.rules = [Rule(controller: "Login", event: .willShow, constraint: "formBottom", expression: "8")]
        _ = try stage.screen.removeConstraint("formBottom")
        var log = StageLog()
        stage.detachDangling(&log)
        #expect(stage.strategies.isEmpty && stage.rules.isEmpty)
        #expect(log.notes == ["Login · observer detached: formBottom is gone",
                              "rule removed: on Login keyboardWillShow: set formBottom.constant = 8"])
    }
}
