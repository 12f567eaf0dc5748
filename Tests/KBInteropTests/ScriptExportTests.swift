import Testing
import KBModel
import KBInterop

/// `export kbs` on a stage, without the shell: the script that rebuilds it,
/// line by line, as the exporter writes each part.
@Suite("export kbs without the shell")
struct ScriptExportTests {
    @Test func aStageIsWrittenAsTheCommandsThatRebuildIt() throws {
        var screen = try Screen(deviceID: "iphone-8", orientation: .portrait)
        _ = try screen.addController("C")
        _ = try screen.addView(.textField, "f", to: "C.view", options: ViewOptions(text: "Say \"hi\""))
        _ = try screen.constrain("f.top", .equal, "C.view.safeArea.top", constant: 20, name: "top")
        var stage = Stage(screen: screen)
        var log = StageLog()
        // Set while the keyboard is down: nothing posted, the setting kept.
        try stage.keyboardEvent(.predictive(false), &log)
        var observer = Strategy(kind: .observer, controller: "C")
        observer.constraint = "top"
        observer.padding = 8
        stage.strategies = [observer]
        stage.rules = [Rule(controller: "C", event: .willShow, constraint: "top", expression: "kb.end.height")]
        // The device, the controller, the field (its text quoted, the inner
        // quotes escaped), the constraint by name (+ 20), the keyboard's
        // setting, then the strategy (padding 8 is not the default 0) and
        // the rule.
        #expect(ScriptExporter.script(of: stage) == """
            # kbplay script (export kbs): the screen, the keyboard, then the strategies and rules
            device iphone-8 portrait
            controller C
            add textField f to C.view text "Say \\"hi\\""
            constrain f.top == C.view.safeArea.top + 20 as top
            keyboard predictive off
            handle C with observer top padding 8
            on C keyboardWillShow: set top.constant = kb.end.height

            """)
    }

    @Test func valuesAreWrittenAsTheLexerReadsThemBack() {
        #expect(ScriptText.number(20) == "20")
        #expect(ScriptText.number(-0.5) == "-0.5")
        // 1e20 has no fraction, but is too large for an Int: written out whole.
        #expect(ScriptText.number(1e20) == "100000000000000000000")
        #expect(ScriptText.quote("a\nb\t\\") == #""a\nb\t\\""#)
        #expect(ScriptText.quote("\u{7}") == #""\u{7}""#)
    }
}
