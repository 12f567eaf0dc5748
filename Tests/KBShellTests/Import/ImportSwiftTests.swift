import Foundation
import Testing
import KBTestSupport

/// `import swift`, through the built binary: the report in text and JSON,
/// a strategy attached `into` a controller so the session behaves like the
/// code, `kbplay import X.swift`, and a missing file refused.
@Suite("import swift: the binary", .serialized)
struct ImportSwiftTests {
    /// A hand-written controller: one handler for frame changes and hide
    /// that branches on the name (zero on hide), so no hide-keeps-height;
    /// observers added in viewWillAppear, removed in viewWillDisappear.
    static let notes = """
    import UIKit

    final class NotesViewController: UIViewController {
        @IBOutlet var body: UITextView!

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            let center = NotificationCenter.default
            center.addObserver(self, selector: #selector(keyboardChanged(_:)), name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
            center.addObserver(self, selector: #selector(keyboardChanged(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
        }

        override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            NotificationCenter.default.removeObserver(self)
        }

        @objc func keyboardChanged(_ note: Notification) {
            guard let end = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
            if note.name == UIResponder.keyboardWillHideNotification {
                body.contentInset.bottom = 0
            } else {
                body.contentInset.bottom = end.height - view.safeAreaInsets.bottom
            }
            body.verticalScrollIndicatorInsets.bottom = body.contentInset.bottom
        }
    }

    """

    static func file() throws -> String {
        let dir = TemporaryFolder.make("import-swift")
        let path = dir + "/NotesViewController.swift"
        try notes.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theJSONLineCarriesTheReport() throws {
        let path = try Self.file()
        let r = try EndToEndTests.run(["run", "--json", "-"], input: "new\nimport swift \"\(path)\"\n")
        #expect(r.status == 0)
        let lines = r.out.split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(lines.count == 2)
        let json = try #require(JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(json["ok"] as? Bool == true)
        let code = try #require(json["keyboardCode"] as? [[String: Any]])
        #expect(code.count == 1)
        #expect(code[0]["type"] as? String == "NotesViewController")
        #expect(code[0]["observes"] as? [String] == ["keyboardWillHide", "keyboardWillChangeFrame"])
        #expect(code[0]["registers"] as? String == "viewWillAppear")
        #expect(code[0]["removes"] as? String == "viewWillDisappear")
        #expect(code[0]["strategy"] as? String == "content-inset")
        #expect(code[0]["flaws"] as? [String] == [])
        #expect(code[0]["onHide"] as? String == "body.contentInset.bottom = 0; body.verticalScrollIndicatorInsets.bottom = body.contentInset.bottom")
        let findings = try #require(json["findings"] as? [[String: Any]])
        // The first observer is added on line 9 of the fixture.
        #expect(findings.first?["line"] as? Double == 9)
    }

    /// The screen of lesson 05 without its `handle`: importing the code
    /// into Notes attaches content-inset on body, and focusing gives the
    /// inset the code computes: 336 − 34 = 302 on an iPhone 15.
    @Test func intoAControllerAttachesTheStrategy() throws {
        let path = try Self.file()
        let script = """
        device iphone-15
        controller Notes
        add textView body to Notes.view
        pin body to Notes.view
        import swift "\(path)" into Notes
        focus body
        expect body.contentInset.bottom == 302
        resign
        expect body.contentInset.bottom == 0

        """
        let r = try EndToEndTests.run(["run", "-"], input: script)
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("attached: Notes with content-inset body"))
        #expect(r.out.contains("NotesViewController (\(path):9): content-inset — sets body.contentInset.bottom"))
    }

    /// A controller's own handler runs as rules, through the binary: the
    /// screen of lesson 09 typed, then the code's handler (the safe area
    /// taken off on show, the constant at rest on hide) imported into it.
    /// iPhone 15: keyboard 336, safe area bottom 34: 336 − 34 + 8 = 310,
    /// the form 8 above the keyboard; 20 again on hide.
    @Test func aControllersOwnHandlerRunsAsRules() throws {
        let dir = TemporaryFolder.make("import-swift")
        let path = dir + "/LoginViewController.swift"
        try """
        import UIKit
        final class LoginViewController: UIViewController {
            @IBOutlet var formBottom: NSLayoutConstraint!
            override func viewDidLoad() {
                super.viewDidLoad()
                NotificationCenter.default.addObserver(self, selector: #selector(show(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
                NotificationCenter.default.addObserver(self, selector: #selector(hide(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
            }
            @objc func show(_ note: Notification) {
                guard let end = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
                formBottom.constant = end.height - view.safeAreaInsets.bottom + 8
            }
            @objc func hide(_ note: Notification) {
                formBottom.constant = 20
            }
        }

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let script = """
        device iphone-15
        controller Login
        add stackView form to Login.view axis vertical spacing 12
        add textField email to form
        constrain form.leading == Login.view.margins.leading
        constrain form.trailing == Login.view.margins.trailing
        constrain Login.view.safeArea.bottom == form.bottom + 20 as formBottom
        import swift "\(path)"
        focus email
        expect formBottom.constant == 310
        expect kb.frame.minY - form.frame.maxY == 8
        resign
        expect formBottom.constant == 20

        """
        let r = try EndToEndTests.run(["run", "-"], input: script)
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("runs: on Login keyboardWillShow: set formBottom.constant = kb.end.height - Login.view.safeAreaInsets.bottom + 8"))
        #expect(r.out.contains("runs: on Login keyboardWillHide: set formBottom.constant = 20"))
        #expect(!r.out.contains("not run"), "\(r.out)")
        let json = try EndToEndTests.run(["run", "--json", "-"], input: "device iphone-15\ncontroller Login\nadd view form to Login.view\nconstrain Login.view.safeArea.bottom == form.bottom + 20 as formBottom\nimport swift \"\(path)\"\n")
        let line = try #require(json.out.split(separator: "\n").last)
        let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let code = try #require((object["keyboardCode"] as? [[String: Any]])?.first)
        let rules = try #require(code["rules"] as? [[String: Any]])
        #expect(rules.map { $0["expression"] as? String } == ["kb.end.height - Login.view.safeAreaInsets.bottom + 8", "20"])
        #expect(rules.map { $0["line"] as? Double } == [11, 14])
        #expect((object["attached"] as? [String])?.count == 2)
    }

    @Test func theCommandLineImportsASwiftFile() throws {
        let path = try Self.file()
        let r = try EndToEndTests.run(["import", path])
        #expect(r.status == 0)
        #expect(r.out.contains("observes keyboardWillHide, keyboardWillChangeFrame; registers in viewWillAppear; removes in viewWillDisappear"))
    }

    @Test func aMissingFileIsRefusedAndTheSessionKept() throws {
        let r = try EndToEndTests.run(["run", "-"], input: "demo\nimport swift Nowhere.swift\n")
        #expect(r.status == 2)
        #expect(r.out.contains("no file 'Nowhere.swift'") || r.err.contains("no file 'Nowhere.swift'"))
    }
}

/// A screen made in code, built by `import swift` on the controller its
/// class binds to.
@Suite("import swift: a screen made in code")
struct ImportSwiftLayoutTests {
    static let login = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("KBSwiftImportTests/Golden/LoginViewController.swift").path

    /// iPhone 15: 393 × 852, safe area top 59.
    /// email: x 20, y 59 + 40 = 99, width 393 − 20 − 20 = 353, height 44;
    /// password: y 99 + 44 + 12 = 155, same x, width and height;
    /// signIn: y 155 + 44 + 24 = 223, width 393 × 0.5 = 196.5, centred:
    /// x (393 − 196.5) / 2 = 98.25, height 44; hint, a label "Forgot your
    /// password?" (21 characters: 8 × 21 = 168 wide, 21 high), 8 below
    /// signIn: y 223 + 44 + 8 = 275, centred: x (393 − 168) / 2 = 112.5.
    /// The last line asks signIn's bottom to be 8 (the system spacing)
    /// below password's, against its top 24 below and its height 44: as
    /// UIKit does, the constraint just added is broken.
    @Test func theLoginScreenLaysOutAsTheCodeSays() throws {
        let r = try EndToEndTests.run(["run", "-"], input: "device iphone-15\nimport swift \"\(Self.login)\"\nframes\n")
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("built Login from LoginViewController's code: 4 views, 16 constraints"))
        #expect(r.out.contains("c15  signIn.bottom == password.bottom + 8"))
        #expect(r.out.contains("broke c15, the constraint just added"))
        var frames: [String: [String]] = [:]
        for line in r.out.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            if words.count == 5 { frames[words[0]] = Array(words[1...]) }
        }
        #expect(frames["email"] == ["20", "99", "353", "44"])
        #expect(frames["password"] == ["20", "155", "353", "44"])
        #expect(frames["signIn"] == ["98.25", "223", "196.5", "44"])
        #expect(frames["hint"] == ["112.5", "275", "168", "21"])
    }
}
