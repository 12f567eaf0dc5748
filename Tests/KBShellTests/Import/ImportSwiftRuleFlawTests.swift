import Foundation
import Testing
import KBTestSupport
@testable import KBShell

/// The rules `import swift` makes from a developer's handler show the
/// flaws the import found in that handler when they run the flawed path,
/// in the built-in strategies' words (`⚑ rule: …` and `fix: …`, and JSON
/// `flaws` with `"strategy": "rule"` and the rule's text).
@Suite("import swift: a translated handler's flaws at run time")
struct ImportSwiftRuleFlawTests {
    /// A hand-written controller: cardBottom pins the safe area's bottom 8
    /// above the field's; one handler per notification sets it to the end
    /// frame's height + 8 (on hide too), the show handler animates with
    /// the raw curve as options; observers added in viewDidLoad, never
    /// removed, show and hide only. The import flags all five flaws.
    static let pay = """
    import UIKit

    final class PayViewController: UIViewController {
        let card = UITextField()
        var cardBottom: NSLayoutConstraint!

        override func viewDidLoad() {
            super.viewDidLoad()
            card.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(card)
            cardBottom = view.safeAreaLayoutGuide.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: 8)
            NSLayoutConstraint.activate([
                card.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
                card.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
                cardBottom,
            ])
            NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
            NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillHide(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
        }

        @objc func keyboardWillShow(_ note: Notification) {
            let end = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
            let curve = note.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt ?? 0
            cardBottom.constant = end.height + 8
            UIView.animate(withDuration: 0.25, delay: 0, options: UIView.AnimationOptions(rawValue: curve), animations: {
                self.view.layoutIfNeeded()
            })
        }

        @objc func keyboardWillHide(_ note: Notification) {
            let end = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
            cardBottom.constant = end.height + 8
        }
    }

    """

    static func session() throws -> Session {
        let dir = TemporaryFolder.make("import-swift-flaws")
        try pay.write(toFile: dir + "/Pay.swift", atomically: true, encoding: .utf8)
        var s = Session(sessionsDirectory: TemporaryFolder.make("import-swift-flaws"))
        #expect(s.execute("device iphone-15").status == .ok)
        let o = s.execute("import swift " + CommandParser.quote(dir + "/Pay.swift"))
        #expect(o.status == .ok, "\(o.text)")
        #expect(o.text.contains("flaws: hide-keeps-height, curve-not-shifted, observer-after-disappear, missed-frame-change, safe-area-double-count"), "\(o.text)")
        return s
    }

    /// The `⚑` lines of an output, without their fix lines.
    static func flawLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("⚑") }
    }

    // iPhone 15: 393×852, home indicator 34, keyboard 336 (top at 516),
    // curve 7.

    @Test func showRunsTheSafeAreaAndCurveFlaws() throws {
        var s = try Self.session()
        let o = s.execute("focus card")
        // 336 + 8 = 344 from the safe area's bottom (818): the card ends at
        // 474, 42 (8 + 34) above the keyboard, not 8.
        #expect(Self.flawLines(o.text) == [
            "⚑ rule: endFrame.height (336) includes the 34 pt home-indicator area, but cardBottom is measured from the safe area, so the view stops 42 pt above the keyboard instead of 8.",
            "⚑ rule: the animation options are UIView.AnimationOptions(rawValue: 7), the curve itself, not 7 << 16 = 458752: that is .layoutSubviews/.allowUserInteraction/.beginFromCurrentState, so the views ease in and out while the keyboard springs.",
        ], "\(o.text)")
        #expect(o.text.contains("  fix: subtract Pay.view.safeAreaInsets.bottom, or pin to Pay.view.keyboard.top"))
        guard case let .array(flaws)? = o.members["flaws"] else { Issue.record("no flaws member: \(o.members)"); return }
        #expect(flaws.count == 2)
        guard case let .object(first)? = flaws.first else { Issue.record("\(flaws)"); return }
        #expect(first["id"] == .string("safe-area-double-count"))
        #expect(first["strategy"] == .string("rule"))
        #expect(first["controller"] == .string("Pay"))
        #expect(first["rule"] == .string("on Pay keyboardWillShow: set cardBottom.constant = kb.end.height + 8"))
    }

    @Test func hideRunsHideKeepsHeightOnly() throws {
        var s = try Self.session()
        #expect(s.execute("focus card").status == .ok)
        let o = s.execute("resign")
        // The hide handler does not animate: no curve-not-shifted there.
        #expect(Self.flawLines(o.text) == [
            "⚑ rule: on hide the end frame keeps the keyboard's height (336), so cardBottom stays at 344 and the view never comes back down.",
        ], "\(o.text)")
        #expect(o.text.contains("  fix: use 0 on keyboardWillHide, or the overlap 852 − endFrame.minY"))
    }

    @Test func aDragNoRuleHearsIsAMissedFrameChange() throws {
        var s = try Self.session()
        #expect(s.execute("focus card").status == .ok)
        // The keyboard's top from 516 to 600: overlap 336 → 252, nothing posted.
        let o = s.execute("keyboard drag 600")
        #expect(Self.flawLines(o.text) == [
            "⚑ rule: the keyboard's overlap went from 336 to 252 pt, but iOS posted no notification and the code listens to keyboardWillShow/keyboardWillHide only, so nothing followed.",
        ], "\(o.text)")
    }

    @Test func observersNeverRemovedRunWhileTheControllerIsAway() throws {
        var s = try Self.session()
        #expect(s.execute("disappear Pay").status == .ok)
        let o = s.execute("keyboard show")
        #expect(o.text.contains("Pay · rule"), "\(o.text)")
        #expect(Self.flawLines(o.text).first == "⚑ rule: Pay is not in the window, yet its imported handler ran on keyboardWillShow (the code does not remove its observers when the controller disappears).", "\(o.text)")
    }

    @Test func theTextsAreTheBuiltInStrategysAndATypedRuleHasNone() throws {
        // The observer strategy with padding 8 on the same screen says the
        // same of safe-area-double-count and hide-keeps-height.
        var typed = Session(sessionsDirectory: TemporaryFolder.make("import-swift-flaws"))
        for line in ["device iphone-15", "controller Pay", "add textField card to Pay.view",
                     "constrain card.leading == Pay.view.leading + 20", "constrain card.trailing == Pay.view.trailing - 20",
                     "constrain Pay.view.safeArea.bottom == card.bottom + 8 as cardBottom"] {
            #expect(typed.execute(line).status == .ok, "\(line)")
        }
        var strategy = typed
        #expect(strategy.execute("handle Pay with observer cardBottom padding 8").status == .ok)
        var s = try Self.session()
        func reasons(_ lines: [String], _ prefix: String) -> [String] { lines.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) } }
        let ruleShow = reasons(Self.flawLines(s.execute("focus card").text), "⚑ rule: ")
        let strategyShow = reasons(Self.flawLines(strategy.execute("focus card").text), "⚑ observer: ")
        #expect(!strategyShow.isEmpty)
        #expect(ruleShow.first == strategyShow.first)
        let ruleHide = reasons(Self.flawLines(s.execute("resign").text), "⚑ rule: ")
        let strategyHide = reasons(Self.flawLines(strategy.execute("resign").text), "⚑ observer: ")
        #expect(!strategyHide.isEmpty)
        #expect(ruleHide == strategyHide)
        // The same rule typed in kbplay is no code with flaws: no ⚑.
        #expect(typed.execute("on Pay keyboardWillShow: set cardBottom.constant = kb.end.height + 8").status == .ok)
        let o = typed.execute("focus card")
        #expect(o.text.contains("Pay · rule"))
        #expect(Self.flawLines(o.text).isEmpty, "\(o.text)")
    }
}
