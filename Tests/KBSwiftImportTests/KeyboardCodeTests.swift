import KBSwiftImport
import XCTest

/// Hand-written fixtures, one construct each, with the report expected.
final class KeyboardCodeTests: XCTestCase {
    private func read(_ files: [(String, String)]) -> SwiftImportResult {
        SwiftImporter.read(files.map { SwiftSource(path: $0.0, text: $0.1) })
    }

    private func only(_ text: String, file: String = "A.swift") -> KeyboardCodeReport {
        let r = read([(file, text)])
        XCTAssertEqual(r.keyboardCode.count, 1, "\(r.keyboardCode)")
        return r.keyboardCode[0]
    }

    /// A controller's own selector handler that sets a constant, branching
    /// on the notification's name: the constant on show is the keyboard's
    /// height, 0 on hide, so no hide-keeps-height; the controller removes
    /// its observers when it disappears.
    func testOwnHandlerSettingAConstant() {
        let r = only("""
        import UIKit
        class FormViewController: UIViewController {
            @IBOutlet var bottom: NSLayoutConstraint!
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                NotificationCenter.default.addObserver(self, selector: #selector(move(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
                NotificationCenter.default.addObserver(self, selector: #selector(move(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
            }
            override func viewWillDisappear(_ animated: Bool) {
                super.viewWillDisappear(animated)
                NotificationCenter.default.removeObserver(self)
            }
            @objc func move(_ note: Notification) {
                let end = (note.userInfo![UIResponder.keyboardFrameEndUserInfoKey] as! NSValue).cgRectValue
                if note.name == UIResponder.keyboardWillHideNotification {
                    bottom.constant = 0
                } else {
                    bottom.constant = end.height + 8
                }
            }
        }
        """)
        XCTAssertEqual(r.type, "FormViewController")
        XCTAssertEqual(r.observes, [.keyboardWillShow, .keyboardWillHide])
        XCTAssertEqual(r.registers, "viewWillAppear")
        XCTAssertEqual(r.removes, "viewWillDisappear")
        XCTAssertEqual(r.onShow, "bottom.constant = end.height + 8")
        XCTAssertEqual(r.onHide, "bottom.constant = 0")
        XCTAssertEqual(r.strategy, .other)
        XCTAssertEqual(r.target, "bottom")
        XCTAssertEqual(r.flaws, [.missedFrameChange])
        XCTAssertEqual(r.line, 6)
    }

    /// One handler for show, hide and frame changes that sets a text view's
    /// inset from the keyboard's height with no branch: on hide the end
    /// frame keeps its height, so the inset stays (hide-keeps-height). The
    /// options are shifted (`<< 16`): no curve flaw. Names from a list
    /// property, registered in a `forEach`.
    func testSameHandlerForHideKeepsHeight() {
        let r = only("""
        import UIKit
        class NotesViewController: UIViewController {
            @IBOutlet var notes: UITextView!
            let names = [UIResponder.keyboardWillShowNotification, UIResponder.keyboardWillHideNotification,
                         UIResponder.keyboardWillChangeFrameNotification]
            override func viewDidAppear(_ animated: Bool) {
                names.forEach { NotificationCenter.default.addObserver(self, selector: #selector(changed(_:)), name: $0, object: nil) }
            }
            override func viewDidDisappear(_ animated: Bool) {
                names.forEach { NotificationCenter.default.removeObserver(self, name: $0, object: nil) }
            }
            @objc func changed(_ n: Notification) {
                let frame = (n.userInfo![UIResponder.keyboardFrameEndUserInfoKey] as! NSValue).cgRectValue
                let curve = (n.userInfo![UIResponder.keyboardAnimationCurveUserInfoKey] as! NSNumber).uintValue
                let inset = frame.height - view.safeAreaInsets.bottom
                UIView.animate(withDuration: 0.25, delay: 0, options: UIView.AnimationOptions(rawValue: curve << 16), animations: {
                    self.notes.contentInset.bottom = inset
                })
            }
        }
        """)
        XCTAssertEqual(r.observes, [.keyboardWillShow, .keyboardWillHide, .keyboardWillChangeFrame])
        XCTAssertEqual(r.strategy, .contentInset)
        XCTAssertEqual(r.target, "notes")
        XCTAssertEqual(r.flaws, [.hideKeepsHeight])
        XCTAssertEqual(r.removes, "viewDidDisappear")
    }

    /// Options built from the raw curve without the shift; observers
    /// added in viewDidLoad and never removed by a view controller; Swift
    /// 4 names.
    func testCurveNotShiftedAndObserverNeverRemoved() {
        let r = only("""
        import UIKit
        class ChatViewController: UIViewController {
            @IBOutlet var bar: NSLayoutConstraint!
            override func viewDidLoad() {
                super.viewDidLoad()
                NotificationCenter.default.addObserver(self, selector: #selector(show(_:)), name: .UIKeyboardWillShow, object: nil)
                NotificationCenter.default.addObserver(self, selector: #selector(hide(_:)), name: NSNotification.Name.UIKeyboardWillHide, object: nil)
            }
            @objc func show(_ n: Notification) {
                let h = (n.userInfo![UIKeyboardFrameEndUserInfoKey] as! NSValue).cgRectValue.height
                let curve = n.userInfo![UIKeyboardAnimationCurveUserInfoKey] as! UInt
                bar.constant = h
                UIView.animate(withDuration: 0.25, delay: 0, options: UIViewAnimationOptions(rawValue: curve), animations: { self.view.layoutIfNeeded() })
            }
            @objc func hide(_ n: Notification) {
                bar.constant = 0
            }
        }
        """)
        XCTAssertEqual(r.observes, [.keyboardWillShow, .keyboardWillHide])
        XCTAssertEqual(r.removes, "never")
        XCTAssertEqual(r.flaws, [.curveNotShifted, .observerAfterDisappear, .missedFrameChange])
    }

    /// Registered every time the view appears, removed only in deinit: the
    /// controller still moves after it disappeared. Registered once in
    /// viewDidLoad and removed in deinit is not flagged.
    func testAppearRegistrationRemovedOnlyInDeinit() {
        func code(_ moment: String) -> String {
            """
            class PayViewController: UIViewController {
                @IBOutlet var scroll: UIScrollView!
                override func \(moment)(_ animated: Bool) {
                    NotificationCenter.default.addObserver(self, selector: #selector(frame(_:)), name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
                }
                deinit { NotificationCenter.default.removeObserver(self) }
                @objc func frame(_ n: Notification) {
                    let end = n.userInfo![UIResponder.keyboardFrameEndUserInfoKey] as! CGRect
                    scroll.contentInset.bottom = max(0, view.bounds.height - end.minY)
                }
            }
            """
        }
        XCTAssertEqual(only(code("viewWillAppear")).flaws, [.observerAfterDisappear])
        XCTAssertEqual(only(code("viewDidLoad")).flaws, [])
        XCTAssertEqual(only(code("viewDidLoad")).strategy, .contentInset)
    }

    /// A helper object with a delegate protocol, and a controller that
    /// adopts it: the controller's report says observer (the constant set
    /// from the delegate call), and both observe only what the controller
    /// acts on.
    func testHelperWithDelegateAndItsController() {
        let helper = """
        protocol KeyHelperDelegate: AnyObject { func keyHelper(moved height: CGFloat, showing: Bool) }
        final class KeyHelper {
            weak var delegate: KeyHelperDelegate?
            init() {
                NotificationCenter.default.addObserver(self, selector: #selector(up(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
                NotificationCenter.default.addObserver(self, selector: #selector(down(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
            }
            deinit { NotificationCenter.default.removeObserver(self) }
            @objc func up(_ n: Notification) {
                let r = n.userInfo![UIResponder.keyboardFrameEndUserInfoKey] as! CGRect
                delegate?.keyHelper(moved: r.height, showing: true)
            }
            @objc func down(_ n: Notification) { delegate?.keyHelper(moved: 0, showing: false) }
        }
        """
        let alone = read([("KeyHelper.swift", helper)]).keyboardCode
        XCTAssertEqual(alone.map(\.type), ["KeyHelper"])
        XCTAssertEqual(alone.first?.strategy, .observer)
        XCTAssertEqual(alone.first?.observes, [.keyboardWillShow, .keyboardWillHide])
        XCTAssertEqual(alone.first?.flaws, [.missedFrameChange])

        let controller = """
        class SignInViewController: UIViewController, KeyHelperDelegate {
            @IBOutlet var formBottom: NSLayoutConstraint!
            var helper: KeyHelper?
            override func viewDidLoad() {
                super.viewDidLoad()
                helper = KeyHelper()
                helper?.delegate = self
            }
            func keyHelper(moved height: CGFloat, showing: Bool) {
                formBottom.constant = height
            }
        }
        """
        let both = read([("KeyHelper.swift", helper), ("SignIn.swift", controller)]).keyboardCode
        XCTAssertEqual(both.map(\.type), ["KeyHelper", "SignInViewController"])
        XCTAssertEqual(both[1].strategy, .observer)
        XCTAssertEqual(both[1].target, "formBottom")
        XCTAssertEqual(both[1].observes, [.keyboardWillShow, .keyboardWillHide])
        XCTAssertEqual(both[1].removes, "deinit (its KeyHelper is released with it)")
    }

    /// A helper with closures; the controller's closure switches on the
    /// event's type and acts on show and hide only: the helper's report
    /// observes those two though it registers four. The helper is read
    /// beside a controller that does not use it: left out, with a finding.
    func testHelperWithClosuresNarrowedToWhatTheClientHandles() {
        let helper = """
        enum KeyEvent { case willShow, didShow, willHide, didHide }
        typealias KeyCallback = (KeyEvent, CGRect) -> Void
        final class KeyWatcher {
            private var callbacks: [KeyCallback] = []
            init() {
                for name in [UIResponder.keyboardWillShowNotification, UIResponder.keyboardDidShowNotification] {
                    NotificationCenter.default.addObserver(self, selector: #selector(fire(_:)), name: name, object: nil)
                }
                NotificationCenter.default.addObserver(self, selector: #selector(fire(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
                NotificationCenter.default.addObserver(self, selector: #selector(fire(_:)), name: UIResponder.keyboardDidHideNotification, object: nil)
            }
            func watch(_ c: @escaping KeyCallback) { callbacks.append(c) }
            @objc func fire(_ n: Notification) {
                let r = n.userInfo![UIResponder.keyboardFrameEndUserInfoKey] as! CGRect
                callbacks.forEach { $0(.willShow, r) }
            }
        }
        """
        let client = """
        class NoteViewController: UIViewController {
            @IBOutlet var text: UITextView!
            let watcher = KeyWatcher()
            override func viewDidLoad() {
                watcher.watch { [weak self] event, frame in
                    switch event {
                    case .willShow: self?.text.contentInset.bottom = frame.height
                    case .willHide: self?.text.contentInset.bottom = 0
                    default: break
                    }
                }
            }
        }
        """
        let r = read([("KeyWatcher.swift", helper), ("Note.swift", client)]).keyboardCode
        XCTAssertEqual(r.map(\.type), ["KeyWatcher", "NoteViewController"])
        XCTAssertEqual(r[0].observes, [.keyboardWillShow, .keyboardWillHide])
        XCTAssertEqual(r[1].observes, [.keyboardWillShow, .keyboardWillHide])
        XCTAssertEqual(r[1].strategy, .contentInset)
        XCTAssertEqual(r[1].registers, "viewDidLoad")
        XCTAssertEqual(r[1].removes, "deinit (its KeyWatcher is released with it)")
        XCTAssertEqual(r[1].flaws, [.missedFrameChange])

        let unrelated = """
        class OtherViewController: UIViewController {
            override func viewDidLoad() { view.frame.origin.y = 0 }
            override func viewWillAppear(_ a: Bool) {
                NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { [weak self] n in
                    let r = n.userInfo![UIResponder.keyboardFrameEndUserInfoKey] as! CGRect
                    self?.view.frame.origin.y = -r.height
                }
            }
            override func viewWillDisappear(_ a: Bool) { NotificationCenter.default.removeObserver(self) }
        }
        """
        let beside = read([("KeyWatcher.swift", helper), ("Other.swift", unrelated)])
        XCTAssertEqual(beside.keyboardCode.map(\.type), ["OtherViewController"])
        XCTAssertEqual(beside.keyboardCode.first?.strategy, .frameOrigin)
        XCTAssertEqual(beside.keyboardCode.first?.observes, [.keyboardWillShow])
        XCTAssertTrue(beside.findings.contains { $0.text.hasPrefix("KeyWatcher.swift:7:13: note:") && $0.message.contains("no code in the files read uses it") },
                      "\(beside.findings.map(\.text))")
    }

    /// A constraint subclass that observes the keyboard itself.
    func testConstraintSubclass() {
        let r = only("""
        class KeyboardConstraint: NSLayoutConstraint {
            private var base: CGFloat = 0
            override func awakeFromNib() {
                super.awakeFromNib()
                base = constant
                NotificationCenter.default.addObserver(self, selector: #selector(s(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
                NotificationCenter.default.addObserver(self, selector: #selector(h(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
            }
            @objc func s(_ n: Notification) { constant = base + (n.userInfo![UIResponder.keyboardFrameEndUserInfoKey] as! CGRect).height }
            @objc func h(_ n: Notification) { constant = base }
        }
        """)
        XCTAssertEqual(r.strategy, .layoutConstraint)
        XCTAssertEqual(r.registers, "awakeFromNib")
        XCTAssertEqual(r.removes, "never")
        // Not a view controller: no observer-after-disappear.
        XCTAssertEqual(r.flaws, [.missedFrameChange])
    }

    /// The keyboard layout guide: no notifications.
    func testLayoutGuide() {
        let r = only("""
        class NoteViewController: UIViewController {
            let field = UITextField()
            override func viewDidLoad() {
                view.addSubview(field)
                field.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.activate([
                    view.keyboardLayoutGuide.topAnchor.constraint(equalTo: field.bottomAnchor, constant: 12),
                ])
            }
        }
        """)
        XCTAssertEqual(r.strategy, .layoutGuide)
        XCTAssertEqual(r.observes, [])
        XCTAssertEqual(r.flaws, [])
    }

    /// A transform, additionalSafeAreaInsets, and a Combine subscription.
    func testTransformSafeAreaAndCombine() {
        let t = only("""
        class CardViewController: UIViewController {
            @IBOutlet var card: UIView!
            var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                NotificationCenter.default.publisher(for: UIResponder.keyboardWillShowNotification)
                    .sink { [weak self] n in
                        let r = n.userInfo![UIResponder.keyboardFrameEndUserInfoKey] as! CGRect
                        self?.card.transform = CGAffineTransform(translationX: 0, y: -r.height)
                    }
                    .store(in: &bag)
            }
        }
        """)
        XCTAssertEqual(t.observes, [.keyboardWillShow])
        XCTAssertEqual(t.strategy, .transform)
        XCTAssertEqual(t.target, "card")
        // Combine's subscription is cancelled with the controller's bag.
        XCTAssertEqual(t.removes, "deinit (the subscription is cancelled with its owner)")
        XCTAssertEqual(t.flaws, [.missedFrameChange])

        let s = only("""
        class MapViewController: UIViewController {
            override func viewWillAppear(_ a: Bool) {
                NotificationCenter.default.addObserver(self, selector: #selector(k(_:)), name: NSNotification.Name("UIKeyboardWillChangeFrameNotification"), object: nil)
            }
            override func viewWillDisappear(_ a: Bool) { NotificationCenter.default.removeObserver(self) }
            @objc func k(_ n: Notification) {
                let r = n.userInfo![UIResponder.keyboardFrameEndUserInfoKey] as! CGRect
                additionalSafeAreaInsets.bottom = max(0, view.bounds.maxY - r.minY - view.safeAreaInsets.bottom)
            }
        }
        """)
        XCTAssertEqual(s.observes, [.keyboardWillChangeFrame])
        XCTAssertEqual(s.strategy, .additionalSafeArea)
        XCTAssertEqual(s.flaws, [])
    }

    /// A block observer that moves a view by how far a field in the window
    /// reaches under the keyboard: auto-scroll.
    func testAutoScroll() {
        let r = only("""
        final class Avoider {
            static weak var moving: UIView?
            static weak var field: UIView?
            static var shift: NSLayoutConstraint?
            static func start() {
                NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillChangeFrameNotification, object: nil, queue: .main) { n in
                    Avoider.changed(n)
                }
            }
            static func changed(_ n: Notification) {
                guard let field, let shift else { return }
                let end = n.userInfo![UIResponder.keyboardFrameEndUserInfoKey] as! CGRect
                let bottom = field.convert(field.bounds, to: nil).maxY
                shift.constant = min(0, end.minY - bottom - 8)
            }
        }
        """)
        XCTAssertEqual(r.strategy, .autoScroll)
        XCTAssertEqual(r.observes, [.keyboardWillChangeFrame])
        XCTAssertEqual(r.flaws, [])
    }

    /// A function given the keyboard's frame that returns a presented
    /// view's frame moved up, called from code not in the files.
    func testHandlerOnlyFrameFunction() {
        let r = only("""
        struct Lift {
            func frame(for keyboardFrame: CGRect, presented: CGRect) -> CGRect {
                let overlap = presented.maxY - (UIScreen.main.bounds.height - keyboardFrame.height)
                return CGRect(x: presented.minX, y: presented.minY - max(0, overlap), width: presented.width, height: presented.height)
            }
        }
        """)
        XCTAssertEqual(r.strategy, .frameOrigin)
        XCTAssertEqual(r.observes, [])
    }

    /// A selector naming no function of the files is a finding, and the
    /// registration still counts. Column 64: the `#` after 8 spaces and the
    /// 55 characters of `NotificationCenter.default.addObserver(self, selector: `.
    func testUnknownSelectorIsAFinding() {
        let result = read([("B.swift", """
        class BViewController: UIViewController {
            override func viewDidLoad() {
                NotificationCenter.default.addObserver(self, selector: #selector(elsewhere(_:)), name: UIResponder.keyboardDidShowNotification, object: nil)
            }
        }
        """)])
        XCTAssertEqual(result.keyboardCode.first?.observes, [.keyboardDidShow])
        XCTAssertTrue(result.findings.contains { $0.text == "B.swift:3:64: note: the selector #selector(elsewhere(_:)) names no function in the files read: its handler is not read" },
                      "\(result.findings.map(\.text))")
    }

    /// The spellings of the names, normalised.
    func testNotificationSpellings() {
        XCTAssertEqual(KeyboardNotificationKind.allCases.count, 6)
        let r = only("""
        class S: UIViewController {
            override func viewDidLoad() {
                let c = NotificationCenter.default
                c.addObserver(self, selector: #selector(k), name: UIWindow.keyboardDidHideNotification, object: nil)
                c.addObserver(self, selector: #selector(k), name: NSNotification.Name.UIKeyboardDidChangeFrame, object: nil)
                c.addObserver(self, selector: #selector(k), name: UITextView.textDidChangeNotification, object: nil)
            }
            @objc func k() {}
        }
        """)
        XCTAssertEqual(r.observes, [.keyboardDidHide, .keyboardDidChangeFrame])
    }
}
