// kbplay export swift: the session "17-child-controller-offsets" as UIKit code.
// Device iphone-8 (iPhone 6/7/8, SE 2nd/3rd gen), portrait.
// The window's root view controller: LoginViewController().
// kbplay's names are the properties' names and the constraints' identifiers.
// kbplay: the keyboard is up in this session: the constants and content insets below are those the screen has at rest (as declared or last set by a command), and scroll views start at the top.

import UIKit

/// kbplay's controller Login.
final class LoginViewController: UIViewController, KeyboardExpansionDelegate {
    let header = UIView()
    let container = UIView()
    let tabBar = UIView()
    let Form = FormViewController()
    var headerTop: NSLayoutConstraint!

    override func viewDidLoad() {
        super.viewDidLoad()
        header.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(header)
        container.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(container)
        tabBar.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(tabBar)
        addChild(Form)
        Form.view.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(Form.view)
        // kbplay: headerTop is -160 in this session, as its keyboard handlers left it; 0 at rest
        headerTop = header.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor).named("headerTop")
        NSLayoutConstraint.activate([
            headerTop,
            header.leadingAnchor.constraint(equalTo: view.leadingAnchor).named("c1"),
            header.trailingAnchor.constraint(equalTo: view.trailingAnchor).named("c2"),
            header.heightAnchor.constraint(equalToConstant: 160).named("c3"),
            container.topAnchor.constraint(equalTo: header.bottomAnchor).named("c4"),
            container.leadingAnchor.constraint(equalTo: view.leadingAnchor).named("c5"),
            container.trailingAnchor.constraint(equalTo: view.trailingAnchor).named("c6"),
            container.bottomAnchor.constraint(equalTo: tabBar.topAnchor).named("c7"),
            tabBar.leadingAnchor.constraint(equalTo: view.leadingAnchor).named("c8"),
            tabBar.trailingAnchor.constraint(equalTo: view.trailingAnchor).named("c9"),
            tabBar.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor).named("c10"),
            tabBar.heightAnchor.constraint(equalToConstant: 49).named("c11"),
            Form.view.topAnchor.constraint(equalTo: container.topAnchor),
            Form.view.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            Form.view.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            Form.view.bottomAnchor.constraint(equalTo: container.bottomAnchor),
        ])
        Form.didMove(toParent: self)
        Form.expansionDelegate = self
    }

    /// Form asks for room while the keyboard is up: headerTop makes header go up by its height.
    func childWantsToExpand(_ child: UIViewController, _ expand: Bool) {
        headerTop.constant = expand ? -header.frame.height : 0
    }
}

/// kbplay's controller Form.
final class FormViewController: UIViewController {
    let comment = UITextField()
    var commentBottom: NSLayoutConstraint!
    weak var expansionDelegate: KeyboardExpansionDelegate?
    private var keyboardChildTokens: [NSObjectProtocol] = []
    private var keyboardRuleTokens: [NSObjectProtocol] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        comment.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(comment)
        // kbplay: commentBottom is 223 in this session, as its keyboard handlers left it; 12 at rest
        commentBottom = view.bottomAnchor.constraint(equalTo: comment.bottomAnchor, constant: 12).named("commentBottom")
        NSLayoutConstraint.activate([
            comment.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor).named("c12"),
            comment.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor).named("c13"),
            commentBottom,
        ])
        // kbplay: comment is being edited in this session; the screen starts with nothing focused
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // kbplay: child-delegate (a child controller asking its parent to expand): registered at viewWillAppear, removed at viewDidDisappear
        keyboardChildTokens = [
            NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { [weak self] note in
                MainActor.assumeIsolated { self?.keyboardWillShow(note) }
            },
            NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil, queue: .main) { [weak self] note in
                MainActor.assumeIsolated { self?.keyboardWillHide(note) }
            },
        ]
        // kbplay: this session's rules, run after the strategies' handlers, as observers:
        keyboardRuleTokens = [
            NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { [weak self] note in
                MainActor.assumeIsolated { self?.keyboardWillShowRules(note) }
            },
        ]
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        keyboardRuleTokens.forEach { NotificationCenter.default.removeObserver($0) }
        keyboardRuleTokens = []
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        keyboardChildTokens.forEach { NotificationCenter.default.removeObserver($0) }
        keyboardChildTokens = []
    }

    private func keyboardWillShow(_ note: Notification) {
        guard let endFrame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
        // kbplay: ⚑ screen-coordinates: Form.view ends at 618, 49 pt above the screen's bottom, but endFrame (screen coordinates) is used as if it were in Form's own coordinates, so commentBottom overshoots by 49 pt.
        // kbplay: fix: convert the end frame from the screen's coordinate space, view.convert(endFrame, from: view.window?.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace) and use its overlap with view.bounds
        commentBottom.constant = endFrame.height
        expansionDelegate?.childWantsToExpand(self, true)
    }

    private func keyboardWillHide(_ note: Notification) {
        commentBottom.constant = 0
        expansionDelegate?.childWantsToExpand(self, false)
    }

    /// kbplay's rules on keyboardWillShow, run after the strategies' handlers:
    ///   on Form keyboardWillShow: set commentBottom.constant = max(0, Form.view.frame.maxY - kb.end.minY) + 12
    private func keyboardWillShowRules(_ note: Notification) {
        let endFrame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
        let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0
        let curve = note.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt ?? 0
        self.commentBottom.constant = max(0, self.view.convert(self.view.bounds, to: nil).maxY - endFrame.minY) + 12
        UIView.animate(withDuration: duration, delay: 0, options: UIView.AnimationOptions(rawValue: curve << 16), animations: {
            self.view.layoutIfNeeded()
        })
    }
}

/// What a child controller asks its parent: to expand for the keyboard, or to go back.
@MainActor protocol KeyboardExpansionDelegate: AnyObject {
    func childWantsToExpand(_ child: UIViewController, _ expand: Bool)
}

fileprivate extension NSLayoutConstraint {
    /// kbplay's name as the constraint's identifier (UIKit prints it in its logs), and its priority.
    func named(_ identifier: String, priority: UILayoutPriority = .required) -> Self {
        self.identifier = identifier
        self.priority = priority
        return self
    }
}
