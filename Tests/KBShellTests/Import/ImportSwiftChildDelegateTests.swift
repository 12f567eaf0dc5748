import Foundation
import Testing
import KBTestSupport
@testable import KBShell

/// `import swift` of a child controller that asks its parent, through a
/// delegate, to make room: it runs as kbplay's child-delegate strategy,
/// with the parent's constraint and the view whose height it takes.
@Suite("import swift: a child controller's request for room")
struct ImportSwiftChildDelegateTests {
    /// A hand-written parent (a 100 pt banner pinned to the safe area's top
    /// as bannerTop, a slot below it down to the root view's bottom, the
    /// child's view filling the slot) and a child whose show handler sets
    /// messageBottom to the keyboard's height and calls its delegate, which
    /// sets bannerTop to −banner's height (0 when the child no longer needs
    /// room).
    static let inbox = """
    import UIKit

    protocol ComposerDelegate: AnyObject {
        func composer(_ composer: ComposerViewController, needsRoom: Bool)
    }

    final class InboxViewController: UIViewController, ComposerDelegate {
        let banner = UIView()
        let slot = UIView()
        let composer = ComposerViewController()
        var bannerTop: NSLayoutConstraint!

        override func viewDidLoad() {
            super.viewDidLoad()
            banner.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(banner)
            slot.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(slot)
            addChild(composer)
            composer.view.translatesAutoresizingMaskIntoConstraints = false
            slot.addSubview(composer.view)
            bannerTop = banner.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor)
            NSLayoutConstraint.activate([
                bannerTop,
                banner.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                banner.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                banner.heightAnchor.constraint(equalToConstant: 100),
                slot.topAnchor.constraint(equalTo: banner.bottomAnchor),
                slot.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                slot.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                slot.bottomAnchor.constraint(equalTo: view.bottomAnchor),
                composer.view.topAnchor.constraint(equalTo: slot.topAnchor),
                composer.view.leadingAnchor.constraint(equalTo: slot.leadingAnchor),
                composer.view.trailingAnchor.constraint(equalTo: slot.trailingAnchor),
                composer.view.bottomAnchor.constraint(equalTo: slot.bottomAnchor),
            ])
            composer.didMove(toParent: self)
            composer.delegate = self
        }

        func composer(_ composer: ComposerViewController, needsRoom: Bool) {
            bannerTop.constant = needsRoom ? -banner.bounds.height : 0
            view.layoutIfNeeded()
        }
    }

    final class ComposerViewController: UIViewController {
        let message = UITextField()
        var messageBottom: NSLayoutConstraint!
        weak var delegate: ComposerDelegate?

        override func viewDidLoad() {
            super.viewDidLoad()
            message.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(message)
            messageBottom = view.bottomAnchor.constraint(equalTo: message.bottomAnchor, constant: 10)
            NSLayoutConstraint.activate([
                message.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                message.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
                messageBottom,
            ])
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
            NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillHide(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
        }

        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            NotificationCenter.default.removeObserver(self)
        }

        @objc func keyboardWillShow(_ note: Notification) {
            let frame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
            messageBottom.constant = frame.height
            delegate?.composer(self, needsRoom: true)
        }

        @objc func keyboardWillHide(_ note: Notification) {
            messageBottom.constant = 0
            delegate?.composer(self, needsRoom: false)
        }
    }

    """

    static func session(_ text: String = inbox) throws -> (session: Session, report: String) {
        let dir = TemporaryFolder.make("import-swift-child")
        try text.write(toFile: dir + "/Inbox.swift", atomically: true, encoding: .utf8)
        var s = Session(sessionsDirectory: TemporaryFolder.make("import-swift-child"))
        #expect(s.execute("device iphone-8").status == .ok)
        let o = s.execute("import swift " + CommandParser.quote(dir + "/Inbox.swift"))
        #expect(o.status == .ok, "\(o.text)")
        return (s, o.text)
    }

    static func frame(_ s: inout Session, _ name: String) -> String? {
        s.screen.windowFrame(of: name).map { "\(Session.number($0.x)) \(Session.number($0.y)) \(Session.number($0.width)) \(Session.number($0.height))" }
    }

    @Test func theChildsHandlerRunsAsChildDelegate() throws {
        var (s, report) = try Self.session()
        #expect(report.contains("attached: Composer with child-delegate messageBottom parent bannerTop expand banner"), "\(report)")
        // iPhone 8, 375×667, status bar 20, keyboard 260 (top at 407).
        // At rest: banner 20…120, the slot and Composer.view 120…667;
        // message (34 high) ends 10 pt above Composer.view's bottom: 623.
        #expect(Self.frame(&s, "message") == "16 623 343 34")
        #expect(s.execute("focus message").status == .ok)
        // messageBottom = 260 → message ends at 667 − 260 = 407, top 373;
        // bannerTop = −100 → banner −80…20, the slot from 20.
        #expect(Self.frame(&s, "message") == "16 373 343 34")
        #expect(Self.frame(&s, "banner") == "0 -80 375 100")
        #expect(Self.frame(&s, "Composer.view") == "0 20 375 647")
        #expect(s.execute("resign").status == .ok)
        // Hide: both constants 0 → message ends at 667, banner back at 20.
        #expect(Self.frame(&s, "message") == "16 633 343 34")
        #expect(Self.frame(&s, "banner") == "0 20 375 100")
    }

    @Test func aParentThatDoesNotMoveByAViewsHeightIsNoChildDelegate() throws {
        // The parent sets bannerTop to a fixed −40: not the strategy's
        // "minus a view's height", so the child's own handler stays other.
        let text = Self.inbox.replacingOccurrences(of: "needsRoom ? -banner.bounds.height : 0", with: "needsRoom ? -40 : 0")
        #expect(text != Self.inbox)
        let report = try Self.session(text).report
        #expect(report.contains("Inbox.swift:66): other — the controller's own handler sets messageBottom.constant"), "\(report)")
        #expect(!report.contains("child-delegate"), "\(report)")
    }
}
