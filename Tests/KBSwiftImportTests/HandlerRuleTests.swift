import Foundation
import KBModel
@testable import KBSwiftImport
import XCTest

/// A controller's own handler that sets a constraint's constant runs as
/// kbplay rules: what it assigns on each notification, translated into the
/// rule language; what the language cannot say stays a finding with its
/// place.
final class HandlerRuleTests: XCTestCase {
    func read(_ text: String, _ path: String = "Code.swift") -> SwiftImportResult {
        SwiftImporter.read([SwiftSource(path: path, text: text)])
    }

    /// One selector for show and hide, a branch on the name (zero on hide),
    /// the end frame through `as? NSValue` and `cgRectValue`, the safe area
    /// taken off: two rules, one per notification.
    func testABranchOnTheNameGivesARulePerNotification() throws {
        let result = read("""
        import UIKit
        final class FormViewController: UIViewController {
            var bottom: NSLayoutConstraint!
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                NotificationCenter.default.addObserver(self, selector: #selector(change(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
                NotificationCenter.default.addObserver(self, selector: #selector(change(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
            }
            override func viewWillDisappear(_ animated: Bool) {
                super.viewWillDisappear(animated)
                NotificationCenter.default.removeObserver(self)
            }
            @objc func change(_ note: Notification) {
                guard let end = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
                bottom.constant = note.name == UIResponder.keyboardWillHideNotification ? 0 : end.height - view.safeAreaInsets.bottom + 8
                view.layoutIfNeeded()
            }
        }
        """)
        let r = try XCTUnwrap(result.keyboardCode.first)
        XCTAssertEqual(r.strategy, .other)
        XCTAssertNil(r.runs, "the rules run the whole handler")
        XCTAssertEqual(r.rules.map { "\($0.event.rawValue): \($0.constraint) = \($0.expression)" }, [
            "keyboardWillShow: bottom = kb.end.height - $root.safeAreaInsets.bottom + 8",
            "keyboardWillHide: bottom = 0",
        ])
        XCTAssertEqual(r.rules.first.map { "\($0.file):\($0.line):\($0.column)" }, "Code.swift:15:9")
        XCTAssertFalse(result.findings.contains { $0.message.contains("not run") }, "\(result.findings.map(\.text))")
    }

    /// Locals followed to what they were set to: `as? CGRect`, a userInfo
    /// local, the overlap with the root view's bounds, `max`, `CGFloat(…)`;
    /// keyboardWillChangeFrame alone.
    func testLocalsAreFollowed() throws {
        let result = read("""
        import UIKit
        final class ChatViewController: UIViewController {
            @IBOutlet var barBottom: NSLayoutConstraint!
            let gap: CGFloat = 4
            override func viewDidLoad() {
                super.viewDidLoad()
                NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillChangeFrameNotification, object: nil, queue: .main) { [weak self] note in
                    guard let self, let info = note.userInfo, let frame = info[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
                    let overlap = max(0, self.view.bounds.height - frame.origin.y)
                    self.barBottom.constant = CGFloat(overlap) + gap
                }
            }
        }
        """)
        let r = try XCTUnwrap(result.keyboardCode.first)
        XCTAssertEqual(r.rules.map { "\($0.event.rawValue): \($0.constraint) = \($0.expression)" }, [
            "keyboardWillChangeFrame: barBottom = max(0, $root.bounds.height - kb.end.minY) + 4",
        ])
    }

    /// A value the rule language cannot say is a finding at the
    /// assignment, and the handler stays read, not run.
    func testWhatCannotBeSaidIsAFinding() throws {
        let result = read("""
        import UIKit
        final class PayViewController: UIViewController {
            var bottom: NSLayoutConstraint!
            override func viewDidLoad() {
                super.viewDidLoad()
                NotificationCenter.default.addObserver(self, selector: #selector(show(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
            }
            @objc func show(_ note: Notification) {
                let end = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
                bottom.constant = offset(for: end)
            }
            func offset(for frame: CGRect) -> CGFloat { frame.height / 2 }
        }
        """)
        let r = try XCTUnwrap(result.keyboardCode.first)
        XCTAssertEqual(r.rules, [])
        XCTAssertEqual(r.runs, .other)
        let texts = result.findings.map(\.text)
        XCTAssertTrue(texts.contains("Code.swift:10:9: note: bottom.constant = offset(for: end) is not run on keyboardWillShow: offset(…) is not in kbplay's rule language"), "\(texts)")
        XCTAssertTrue(texts.contains { $0.hasPrefix("Code.swift:6:9: note: PayViewController's keyboard handling is read for its strategy and flaws, not run") }, "\(texts)")
    }

    /// The observer's padding and controllable's inset are read from what
    /// the code adds to the height.
    func testStrategyArguments() {
        var r = KeyboardCodeReport(type: "A", file: "A.swift", line: 1, column: 1, observes: [.keyboardWillShow], registers: "", removes: "",
                                   onShow: "formBottom.constant = endFrame.height + 8", onHide: "", strategy: .observer, why: "",
                                   flaws: [], target: "formBottom")
        r.runs = .observer
        r.runsArguments = "formBottom"
        XCTAssertEqual(KeyboardCodeReader.strategyArguments(r), "formBottom padding 8")
        r.runs = .controllable
        r.strategy = .controllable
        r.onShow = "formBottom.constant = -(12 + height)"
        XCTAssertEqual(KeyboardCodeReader.strategyArguments(r), "formBottom inset 12")
        r.onShow = "formBottom.constant = -height"
        XCTAssertNil(KeyboardCodeReader.strategyArguments(r))
    }

    /// A protocol extension that observes and hands the height to the
    /// object it is given (a parameter of a protocol the controller
    /// adopts): controllable, each notification with the method the
    /// extension calls on it, and the inset read from `-(12 + height)`.
    func testAProtocolExtensionCallingItsParameterIsControllable() throws {
        let result = read("""
        import UIKit
        protocol KeyboardControllable: AnyObject {
            func keyboardWillShow(height: CGFloat)
            func keyboardWillHide()
        }
        protocol KeyboardObserving: AnyObject {
            var keyboardTokens: [NSObjectProtocol] { get set }
        }
        extension KeyboardObserving {
            func startObservingKeyboard(for controllable: KeyboardControllable) {
                keyboardTokens = [
                    NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { [weak controllable] note in
                        let height = ((note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue)?.height ?? 0
                        controllable?.keyboardWillShow(height: height)
                    },
                    NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil, queue: .main) { [weak controllable] _ in
                        controllable?.keyboardWillHide()
                    },
                ]
            }
            func stopObservingKeyboard() {
                keyboardTokens.forEach { NotificationCenter.default.removeObserver($0) }
            }
        }
        final class PayViewController: UIViewController, KeyboardObserving, KeyboardControllable {
            var keyboardTokens: [NSObjectProtocol] = []
            var bottom: NSLayoutConstraint!
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                startObservingKeyboard(for: self)
            }
            override func viewWillDisappear(_ animated: Bool) {
                super.viewWillDisappear(animated)
                stopObservingKeyboard()
            }
            func keyboardWillShow(height: CGFloat) { bottom.constant = -(12 + height) }
            func keyboardWillHide() { bottom.constant = -12 }
        }
        """)
        let pay = try XCTUnwrap(result.keyboardCode.first { $0.type == "PayViewController" })
        XCTAssertEqual(pay.strategy, .controllable)
        XCTAssertEqual(pay.onShow, "bottom.constant = -(12 + height)")
        XCTAssertEqual(pay.onHide, "bottom.constant = -12")
        XCTAssertEqual(pay.registers, "viewWillAppear (startObservingKeyboard)")
        XCTAssertEqual(pay.removes, "viewWillDisappear (stopObservingKeyboard)")
        XCTAssertEqual(pay.runs, .controllable)
        XCTAssertEqual(pay.runsArguments, "bottom inset 12")
    }

    /// A view that sets its own frame's height to the keyboard's top,
    /// made the root view in a controller's `loadView`: resize-root, run
    /// for that controller.
    func testARootViewThatResizesItself() throws {
        let result = read("""
        import UIKit
        final class ChatViewController: UIViewController {
            override func loadView() {
                view = ResizingView()
            }
        }
        final class ResizingView: UIView {
            override func didMoveToWindow() {
                super.didMoveToWindow()
                NotificationCenter.default.addObserver(self, selector: #selector(change(_:)), name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
            }
            @objc func change(_ note: Notification) {
                guard let end = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
                frame.size.height = end.minY - frame.minY
            }
        }
        """)
        let r = try XCTUnwrap(result.keyboardCode.first)
        XCTAssertEqual(r.type, "ResizingView")
        XCTAssertEqual(r.strategy, .resizeRoot)
        XCTAssertEqual(r.runs, .resizeRoot)
        XCTAssertEqual(r.runsFor, "ChatViewController")
    }

    /// A constraint subclass that follows the keyboard runs for the
    /// controller that keeps it in a property, with the down offset the
    /// controller gives it.
    func testAConstraintSubclassRunsForItsHolder() throws {
        let result = read("""
        import UIKit
        final class LoginViewController: UIViewController {
            var formBottom: KeyboardLayoutConstraint!
            override func viewDidLoad() {
                super.viewDidLoad()
                formBottom = KeyboardLayoutConstraint(item: view.safeAreaLayoutGuide, attribute: .bottom, relatedBy: .equal, toItem: view, attribute: .bottom, multiplier: 1, constant: 20)
                formBottom.downOffset = 4
            }
        }
        final class KeyboardLayoutConstraint: NSLayoutConstraint {
            var downOffset: CGFloat = 0
            private var offset: CGFloat = 0
            override func awakeFromNib() {
                super.awakeFromNib()
                offset = constant
                NotificationCenter.default.addObserver(self, selector: #selector(show(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
                NotificationCenter.default.addObserver(self, selector: #selector(hide(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
            }
            @objc func show(_ note: Notification) {
                guard let end = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
                constant = offset + end.height
            }
            @objc func hide(_ note: Notification) {
                constant = offset + downOffset
            }
        }
        """)
        let r = try XCTUnwrap(result.keyboardCode.first)
        XCTAssertEqual(r.strategy, .layoutConstraint)
        XCTAssertEqual(r.runsFor, "LoginViewController")
        XCTAssertEqual(r.runsArguments, "formBottom down-offset 4")
    }

    /// The keyboard's height as the constant of a constraint the code pins
    /// to the safe area's bottom: safe-area-double-count, from the code.
    func testSafeAreaDoubleCountFromTheCode() throws {
        let code = """
        import UIKit
        final class SignUpViewController: UIViewController {
            let form = UIStackView()
            var formBottom: NSLayoutConstraint!
            override func viewDidLoad() {
                super.viewDidLoad()
                form.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(form)
                formBottom = view.safeAreaLayoutGuide.bottomAnchor.constraint(equalTo: form.bottomAnchor, constant: 16)
                formBottom.isActive = true
                NotificationCenter.default.addObserver(self, selector: #selector(show(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
            }
            @objc func show(_ note: Notification) {
                guard let end = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
                formBottom.constant = end.height + 16
            }
        }
        """
        XCTAssertEqual(read(code).keyboardCode.first?.flaws.contains(.safeAreaDoubleCount), true)
        let fixed = code.replacingOccurrences(of: "end.height + 16", with: "end.height - view.safeAreaInsets.bottom + 16")
        XCTAssertEqual(read(fixed).keyboardCode.first?.flaws.contains(.safeAreaDoubleCount), false)
        // Pinned to the root view's bottom, not the safe area's: no flaw.
        let root = code.replacingOccurrences(of: "view.safeAreaLayoutGuide.bottomAnchor", with: "view.bottomAnchor")
        XCTAssertEqual(read(root).keyboardCode.first?.flaws.contains(.safeAreaDoubleCount), false)
    }

    /// `export swift`'s own idioms: a constraint wrapped in `.named("ID",
    /// priority:)` keeps kbplay's name and its priority; a property the
    /// export renamed (`title_`) gets its name back from the header; a
    /// controller class with no views still makes its controller.
    func testExportIdiomsReadBack() throws {
        let result = read("""
        // kbplay: names Swift cannot use as they are: title → title_
        import UIKit
        final class NotesViewController: UIViewController {
            let title_ = UITextField()
            var pin: NSLayoutConstraint!
            override func viewDidLoad() {
                super.viewDidLoad()
                title_.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(title_)
                pin = view.safeAreaLayoutGuide.bottomAnchor.constraint(equalTo: title_.bottomAnchor, constant: 20).named("pin", priority: .defaultHigh)
                NSLayoutConstraint.activate([
                    title_.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor).named("c1"),
                    pin,
                ])
            }
        }
        final class EmptyViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
            }
        }
        fileprivate extension NSLayoutConstraint {
            func named(_ identifier: String, priority: UILayoutPriority = .required) -> Self {
                self.identifier = identifier
                self.priority = priority
                return self
            }
        }
        """)
        XCTAssertEqual(result.screens.map(\.controller), ["Notes", "Empty"])
        let notes = result.screens[0]
        XCTAssertEqual(notes.views.map(\.name), ["title"])
        XCTAssertEqual(notes.constraints.map(\.name), ["c1", "pin"])
        XCTAssertEqual(notes.constraints.map(\.priority), [nil, 750])
        XCTAssertEqual(notes.constraints[1].second, Anchor("title", nil, .bottom))
        XCTAssertEqual(notes.constraints[1].constant, 20)
        XCTAssertEqual(result.screens[1].views, [])
    }
}
