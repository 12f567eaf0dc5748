import Foundation
import Testing
import KBModel
import KBTestSupport
@testable import KBShell

/// `export kbs`: a session as a script of commands; running the script
/// from an empty session rebuilds it, with the same `frames` and the same
/// `constraints`, byte for byte.
@Suite("export kbs: a session as a script that rebuilds it")
struct ScriptExportTests {
    /// What `frames` and `constraints` print for `session`.
    static func inspect(_ session: inout Session) -> String {
        session.execute("frames").text + "\n" + session.execute("constraints").text
    }

    /// Runs the exported script of `session` in a fresh one and compares.
    static func roundTrip(_ session: inout Session, sourceLocation: SourceLocation = #_sourceLocation) {
        let outcome = session.execute("export kbs")
        #expect(outcome.status == .ok, sourceLocation: sourceLocation)
        let script = outcome.members["script"]?.stringValue ?? ""
        var rebuilt = Session(sessionsDirectory: TemporaryFolder.make("export"))
        var lines = ScriptLines(StringLineReader(script))
        while let line = lines.next() {
            let o = rebuilt.execute(line.text)
            #expect(o.status == .ok, "line \(line.number): \(line.text): \(o.text)", sourceLocation: sourceLocation)
        }
        #expect(inspect(&rebuilt) == inspect(&session), "\(script)", sourceLocation: sourceLocation)
        #expect(rebuilt.state.strategies == session.state.strategies, sourceLocation: sourceLocation)
        #expect(rebuilt.state.rules == session.state.rules, sourceLocation: sourceLocation)
        // Canonical: the rebuilt session exports the same script.
        #expect(rebuilt.execute("export kbs").members["script"]?.stringValue == script, sourceLocation: sourceLocation)
    }

    @Test(arguments: ["login.storyboard", "scroll-form.storyboard", "stack-form.xib", "container.storyboard",
                      "autoresizing.storyboard", "placeholder.storyboard", "opaque-bar.storyboard", "size-classes.storyboard",
                      "margins.storyboard", "baselines.storyboard", "moved-group.storyboard"])
    func anImportedScreenRebuilds(_ file: String) {
        var (s, outcome) = InterfaceBuilderImportTests.imported(file)
        #expect(outcome.status == .ok)
        Self.roundTrip(&s)
    }

    /// A scene under a translucent navigation bar is laid out on a canvas
    /// whose safe area has the bar (59 + 44 = 103 on an iPhone 15), which no
    /// command sets: its script says so, and rebuilds on the same device
    /// chosen by name (where the child sits below the bar) as it is.
    @Test func aSceneUnderANavigationBarSaysItsCanvas() {
        let (s, _) = InterfaceBuilderImportTests.imported("navigation.storyboard")
        #expect(s.script().contains("\n# note: the imported document's canvas (393×852, safe area 103 top, 34 bottom) is not iphone-15's: this script lays the screen out on iphone-15 as it is"), "\(s.script())")
        var chosen = InterfaceBuilderImportTests.imported("navigation.storyboard", " device iphone-15").0
        Self.roundTrip(&chosen)
    }

    /// The largest constant the layout takes (10,000,000 points either
    /// way; a larger one is refused) and one with a fraction rebuild.
    @Test func theLargestConstantRebuilds() {
        var s = Session.demo()
        #expect(s.execute("constrain email.height <= 10000000 as huge").status == .ok)
        #expect(s.execute("constrain email.top >= form.top - 9999999.875 @ 1 as low").status == .ok)
        let script = s.execute("export kbs").members["script"]?.stringValue ?? ""
        #expect(script.contains("constrain email.height <= 10000000 as huge"))
        #expect(script.contains("constrain email.top >= form.top - 9999999.875 @ 1 as low"), "\(script)")
        Self.roundTrip(&s)
    }

    @Test func theDemoRebuilds() {
        var s = Session.demo()
        Self.roundTrip(&s)
    }

    @Test func aTypedSessionRebuildsWithItsStrategiesRulesAndOddValues() {
        var s = Session(sessionsDirectory: TemporaryFolder.make("export"))
        for line in [
            "device iphone-13-mini landscape",
            "controller Main",
            "add scrollView list to Main.view",
            "pin list to Main.view.safeArea",
            "add stackView rows to list axis vertical spacing 7.25 distribution equalSpacing alignment center",
            "constrain rows.top == list.content.top + 3",
            "constrain rows.leading == list.content.leading",
            "constrain rows.width == list.frameGuide.width * 0.3333 - 1.5 @ 999 as rowsWidth",
            "constrain rows.bottom <= list.content.bottom",
            "add label title to rows text \"Say \\\"hi\\\" # not a comment\"",
            "add textField name to rows intrinsic 120.5 40",
            "add button go to rows text \"Go\"",
            "set go.hidden on",
            "set name.hugging.vertical 251",
            "set name.compression.horizontal 740",
            "set rows.clipsToBounds on",
            "set list.clipsToBounds off",
            "set title.alpha = 0.4",
            "add view panel to Main.view",
            "constrain panel.height == 50 as panelHeight",
            "constrain panel.bottom == Main.view.keyboard.top",
            "constrain panel.leading == Main.view.margins.leading",
            "constrain panel.width == 200 @ 250",
            "deactivate panelHeight",
            "controller Child in Main at panel",
            "add textField code to Child.view",
            "pin code to Child.view inset 4",
            "handle Main with observer rowsWidth padding 8",
            "handle Child with content-inset list",
            "on Main keyboardWillShow: set rowsWidth.constant = kb.end.height / 2",
            "disappear Child",
        ] {
            let o = s.execute(line)
            #expect(o.status == .ok, "\(line): \(o.text)")
        }
        Self.roundTrip(&s)
    }

    static let lessons: [String] = LessonTests.lessons

    /// Every lesson's saved session, whatever it holds (tables, accessories,
    /// sheets, windows, the keyboard up, undocked or dragged): the script
    /// rebuilds its frames, the keyboard's included. A layout kbplay flags
    /// as ambiguous may settle on another of its equal solutions, as a
    /// session file's may.
    @Test(arguments: lessons)
    func aLessonsSessionRebuilds(_ lesson: String) throws {
        let dir = LessonTests.sessions.path
        var s = Session(sessionsDirectory: dir)
        #expect(s.execute("load \(lesson)").status == .ok)
        let layout = s.screen.layout()
        if !s.screen.ambiguousViews(among: s.screen.views.map(\.name)).isEmpty || layout.views.isEmpty { return }
        let script = s.execute("export kbs").members["script"]?.stringValue ?? ""
        var rebuilt = Session(sessionsDirectory: TemporaryFolder.make("export"))
        var lines = ScriptLines(StringLineReader(script))
        while let line = lines.next() {
            let o = rebuilt.execute(line.text)
            #expect(o.status == .ok, "\(lesson): line \(line.number): \(line.text): \(o.text)")
        }
        #expect(rebuilt.execute("frames").text == s.execute("frames").text, "\(lesson):\n\(script)")
    }

    /// The lessons left out above are few: the ambiguous layouts.
    @Test func almostEveryLessonIsCompared() {
        var ambiguous: [String] = []
        for lesson in Self.lessons {
            var s = Session(sessionsDirectory: LessonTests.sessions.path)
            _ = s.execute("load \(lesson)")
            if !s.screen.ambiguousViews(among: s.screen.views.map(\.name)).isEmpty { ambiguous.append(lesson) }
        }
        #expect(Self.lessons.count >= 27)
        #expect(ambiguous.count <= 2, "\(ambiguous)")
    }

    @Test func aScriptIsWrittenToAFile() throws {
        let dir = TemporaryFolder.make("export-file")
        var s = Session.demo(sessionsDirectory: dir)
        let outcome = s.execute("export kbs \(dir)/demo.kbs")
        #expect(outcome.status == .ok)
        #expect(outcome.text.hasPrefix("wrote \(dir)/demo.kbs ("))
        let text = try String(contentsOfFile: dir + "/demo.kbs", encoding: .utf8)
        #expect(text == s.execute("export kbs").members["script"]?.stringValue)
        #expect(s.execute("export kbs \(dir)/no/such/folder/x.kbs").status == .ioError)
    }
}
