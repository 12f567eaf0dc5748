import Testing
import KBModel
import KBShell

/// Own rules: `on CONTROLLER EVENT: set NAME.constant = EXPR`.
@Suite struct RuleTests {
    @Test func showAndHideRulesWithTheSafeAreaSubtracted() {
        var s = session(loginForm(device: "iphone-15") + [
            "on Login keyboardWillShow: set formBottom.constant = kb.end.height - Login.view.safeAreaInsets.bottom + 8",
            "on Login keyboardWillHide: set formBottom.constant = 20",
        ])
        let show = s.run("focus email")
        // 336 − 34 + 8 = 310: form bottom 818 − 310 = 508, 8 above 516
        #expect(s.constant("formBottom") == 310)
        #expect(s.frame("form")?.maxY == 508)
        #expect(show.flawIDs.isEmpty)
        s.run("resign")
        #expect(s.constant("formBottom") == 20)
        #expect(s.frame("form")?.maxY == 798)
    }

    @Test func aWillChangeFrameRuleFollowsEveryPostedChange() {
        var s = session(loginForm(device: "iphone-15") + [
            "on Login keyboardWillChangeFrame: set formBottom.constant = max(20, 852 - kb.end.minY - Login.view.safeAreaInsets.bottom + 8)",
            "focus email",
        ])
        // 852 − 516 − 34 + 8 = 310
        #expect(s.constant("formBottom") == 310)
        s.run("keyboard predictive off")
        // 852 − 560 − 34 + 8 = 266
        #expect(s.constant("formBottom") == 266)
        s.run("resign")
        // 852 − 852 − 34 + 8 < 20
        #expect(s.constant("formBottom") == 20)
    }

    @Test func iPhone8LandscapeRule() {
        var s = session(loginForm(device: "iphone-8", "landscape") + [
            "on Login keyboardWillShow: set formBottom.constant = kb.end.height + 8", "focus email",
        ])
        // 200 + 8: form bottom 375 − 208 = 167
        #expect(s.frame("form")?.maxY == 167)
    }

    @Test func rulesRunOnlyWhileTheControllerIsInTheWindow() {
        var s = session(loginForm(device: "iphone-8") + [
            "controller Settings",
            "on Login keyboardWillShow: set formBottom.constant = kb.end.height + 8",
            "disappear Login",
        ])
        s.run("keyboard show")
        #expect(s.constant("formBottom") == 20)
    }

    @Test(arguments: [
        ("on Login keyboardWillShw: set formBottom.constant = 1", 10, "unknown notification 'keyboardWillShw'"),
        ("on Login keyboardWillShow set formBottom.constant = 1", 27, "expected ':' after keyboardWillShow"),
        ("on Login keyboardWillShow: set formBotom.constant = 1", 32, "unknown constraint 'formBotom'"),
        ("on Login keyboardWillShow: set formBottom.priority = 1", 32, "a rule sets NAME.constant"),
        ("on Login keyboardWillShow: set formBottom.constant = kb.end.heigth + 1", 54, "unknown keyboard value 'kb.end.heigth'"),
        ("on Login keyboardWillShow: set formBottom.constant = emial.frame.maxY", 54, "unknown view 'emial'"),
        ("on Login keyboardWillShow: set formBottom.constant = (kb.end.height", 68, "expected ')'"),
    ])
    func rejectedRulesPointAtTheirColumn(line: String, column: Int, message: String) {
        var s = session(loginForm(device: "iphone-15"))
        let before = s.state
        let outcome = s.execute(line)
        #expect(outcome.status == .rejected)
        #expect(outcome.error?.column == column)
        #expect(outcome.error?.message.hasPrefix(message) == true)
        #expect(s.state == before)
        #expect(s.state.rules.isEmpty)
    }
}
