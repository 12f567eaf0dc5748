import KBSwiftImport
import XCTest

/// More hand-written fixtures: registration lifted to the lifecycle method
/// that calls it, names listed by a type, a view that follows the keyboard,
/// a protocol extension, the root view resized, a file that does not parse.
final class KeyboardCodeMoreTests: XCTestCase {
    private func read(_ files: [(String, String)]) -> SwiftImportResult {
        SwiftImporter.read(files.map { SwiftSource(path: $0.0, text: $0.1) })
    }

    /// A controller split over two files: the extension subscribes, the
    /// class calls it from viewWillAppear and unsubscribes in
    /// viewDidDisappear. The show handler moves the root view up by the
    /// begin frame's height read in a helper function.
    func testRegistrationLiftedToTheLifecycleMethodThatCallsIt() {
        let main = """
        class PostController: UIViewController {
            @IBOutlet var caption: UITextField!
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                subscribe()
            }
            override func viewDidDisappear(_ animated: Bool) {
                super.viewDidDisappear(animated)
                unsubscribe()
            }
        }
        """
        let keyboard = """
        extension PostController {
            func subscribe() {
                NotificationCenter.default.addObserver(self, selector: #selector(up(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
                NotificationCenter.default.addObserver(self, selector: #selector(down(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
            }
            func unsubscribe() { NotificationCenter.default.removeObserver(self) }
            @objc func up(_ n: Notification) { view.frame.origin.y = -height(n) }
            @objc func down(_ n: Notification) { view.frame.origin.y = 0 }
            func height(_ n: Notification) -> CGFloat {
                let begin = n.userInfo?[UIResponder.keyboardFrameBeginUserInfoKey] as? CGRect
                return begin?.height ?? 0
            }
        }
        """
        let r = read([("Post.swift", main), ("Post+Keyboard.swift", keyboard)]).keyboardCode
        XCTAssertEqual(r.count, 1)
        XCTAssertEqual(r.first?.type, "PostController")
        XCTAssertEqual(r.first?.file, "Post+Keyboard.swift")
        XCTAssertEqual(r.first?.registers, "viewWillAppear (subscribe)")
        XCTAssertEqual(r.first?.removes, "viewDidDisappear (unsubscribe)")
        XCTAssertEqual(r.first?.strategy, .frameOrigin)
        XCTAssertEqual(r.first?.onShow, "view.frame.origin.y = -height(n)")
        XCTAssertEqual(r.first?.onHide, "view.frame.origin.y = 0")
        XCTAssertEqual(r.first?.flaws, [.missedFrameChange])
    }

    /// Names listed by a type (`Kind.all` maps each case to its
    /// notification), registered in a `forEach` over the list.
    func testNamesListedByAType() {
        let r = read([("Relay.swift", """
        enum Moment: CaseIterable {
            case up, down
            var name: Notification.Name {
                switch self {
                case .up: return UIResponder.keyboardDidShowNotification
                case .down: return UIResponder.keyboardDidHideNotification
                }
            }
            static func names() -> [Notification.Name] { allCases.map(\\.name) }
        }
        final class Relay {
            var onChange: ((CGRect) -> Void)?
            init() {
                Moment.names().forEach { NotificationCenter.default.addObserver(self, selector: #selector(fire(_:)), name: $0, object: nil) }
            }
            @objc func fire(_ n: Notification) {
                onChange?(n.userInfo![UIResponder.keyboardFrameEndUserInfoKey] as! CGRect)
            }
        }
        """)]).keyboardCode
        XCTAssertEqual(r.map(\.type), ["Relay"])
        XCTAssertEqual(r.first?.observes, [.keyboardDidShow, .keyboardDidHide])
        XCTAssertEqual(r.first?.strategy, .observer)
        XCTAssertEqual(r.first?.onShow, "calls onChange")
    }

    /// A Combine key-value observation of an input bar's centre, in
    /// keyboard code, that sets a collection view's inset: content-inset
    /// with no notifications.
    func testAViewThatFollowsTheKeyboard() {
        let r = read([("Chat.swift", """
        extension ChatViewController {
            func startKeyboardTracking() {
                inputBar.publisher(for: \\.center)
                    .sink { [weak self] _ in self?.updateInset() }
                    .store(in: &bag)
            }
            func updateInset() {
                messages.contentInset.bottom = max(0, messages.frame.maxY - inputBar.frame.minY)
            }
        }
        """)]).keyboardCode
        XCTAssertEqual(r.count, 1)
        XCTAssertEqual(r.first?.observes, [])
        XCTAssertEqual(r.first?.strategy, .contentInset)
        XCTAssertEqual(r.first?.target, "messages")
        XCTAssertEqual(r.first?.flaws, [])
    }

    /// A protocol whose extension handles the keyboard for any controller
    /// that adopts it: controllable.
    func testProtocolExtension() {
        let r = read([("Lifts.swift", """
        protocol Lifts: UIViewController { var liftConstraint: NSLayoutConstraint { get } }
        extension Lifts {
            func startLifting() {
                NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillChangeFrameNotification, object: nil, queue: .main) { [weak self] n in
                    guard let self else { return }
                    let end = n.userInfo![UIResponder.keyboardFrameEndUserInfoKey] as! CGRect
                    self.liftConstraint.constant = max(0, self.view.bounds.maxY - end.minY)
                }
            }
        }
        """)]).keyboardCode
        XCTAssertEqual(r.first?.type, "Lifts")
        XCTAssertEqual(r.first?.strategy, .controllable)
        XCTAssertEqual(r.first?.target, "liftConstraint")
    }

    /// The root view's height cut by the keyboard: resize-root.
    func testResizeRoot() {
        let r = read([("Sheet.swift", """
        class SheetViewController: UIViewController {
            override func viewDidLoad() {
                NotificationCenter.default.addObserver(self, selector: #selector(k(_:)), name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
            }
            deinit { NotificationCenter.default.removeObserver(self) }
            @objc func k(_ n: Notification) {
                let end = (n.userInfo![UIResponder.keyboardFrameEndUserInfoKey] as! NSValue).cgRectValue
                view.frame.size.height = end.minY
            }
        }
        """)]).keyboardCode
        XCTAssertEqual(r.first?.strategy, .resizeRoot)
        XCTAssertEqual(r.first?.removes, "deinit")
        XCTAssertEqual(r.first?.flaws, [])
    }

    /// A file that does not parse is still read around the error, with a
    /// finding; the file is not refused.
    func testAFileThatDoesNotParse() {
        let result = read([("Broken.swift", """
        class BrokenViewController: UIViewController {
            override func viewDidLoad() {
                NotificationCenter.default.addObserver(self, selector: #selector(k(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
            }
            @objc func k(_ n: Notification) { let x = = 1 }
        }
        """)])
        XCTAssertEqual(result.keyboardCode.first?.observes, [.keyboardWillHide])
        XCTAssertTrue(result.findings.contains { $0.file == "Broken.swift" && $0.line == 5 && $0.message.contains("does not parse") },
                      "\(result.findings.map(\.text))")
    }
}
