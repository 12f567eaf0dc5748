// kbplay export swift: the session "15-hardware-keyboard" as UIKit code.
// Device iphone-15 (iPhone 14 Pro, 15, 15 Pro, 16), portrait.
// The window's root view controller: LoginViewController().
// kbplay's names are the properties' names and the constraints' identifiers.
// kbplay: the keyboard is up in this session: the constants and content insets below are those the screen has at rest (as declared or last set by a command), and scroll views start at the top.
// kbplay: flaws this session showed by strategies no longer attached:
// kbplay: ⚑ hardware-keyboard-height (Login): a hardware keyboard is attached: only 0 pt of the keyboard is on screen (endFrame.minY 852), but observer uses endFrame.height (336).
// kbplay: fix: use the overlap 852 − endFrame.minY
// kbplay: ⚑ hide-keeps-height (Login): on hide the end frame keeps the keyboard's height (336), so formBottom stays at 344 and the view never comes back down.
// kbplay: fix: use 0 on keyboardWillHide, or the overlap 852 − endFrame.minY

import UIKit

/// kbplay's controller Login.
final class LoginViewController: UIViewController {
    let form = UIStackView()
    let email = UITextField()
    let password = UITextField()
    let signIn = UIButton(type: .system)
    var formBottom: NSLayoutConstraint!
    private var keyboardRuleTokens: [NSObjectProtocol] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        form.translatesAutoresizingMaskIntoConstraints = false
        form.axis = .vertical
        form.spacing = 12
        form.distribution = .fill
        form.alignment = .fill
        view.addSubview(form)
        email.translatesAutoresizingMaskIntoConstraints = false
        form.addArrangedSubview(email)
        password.translatesAutoresizingMaskIntoConstraints = false
        form.addArrangedSubview(password)
        signIn.translatesAutoresizingMaskIntoConstraints = false
        signIn.setTitle("Sign in", for: .normal)
        form.addArrangedSubview(signIn)
        // kbplay: formBottom is 310 in this session, as its keyboard handlers left it; 20 at rest
        formBottom = view.safeAreaLayoutGuide.bottomAnchor.constraint(equalTo: form.bottomAnchor, constant: 20).named("formBottom")
        NSLayoutConstraint.activate([
            form.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor).named("c1"),
            form.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor).named("c2"),
            formBottom,
        ])
        // kbplay: email is being edited in this session; the screen starts with nothing focused
        // kbplay: this session's rules, run after the strategies' handlers, as observers:
        keyboardRuleTokens = [
            NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { [weak self] note in
                MainActor.assumeIsolated { self?.keyboardWillShowRules(note) }
            },
            NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil, queue: .main) { [weak self] note in
                MainActor.assumeIsolated { self?.keyboardWillHideRules(note) }
            },
        ]
    }

    /// kbplay's rules on keyboardWillShow, run after the strategies' handlers:
    ///   on Login keyboardWillShow: set formBottom.constant = max(20, 852 - kb.end.minY - Login.view.safeAreaInsets.bottom + 8)
    private func keyboardWillShowRules(_ note: Notification) {
        // kbplay runs a rule only while its controller is in the window.
        guard viewIfLoaded?.window != nil else { return }
        let endFrame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
        let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0
        let curve = note.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt ?? 0
        self.formBottom.constant = max(20, 852 - endFrame.minY - self.view.safeAreaInsets.bottom + 8)
        UIView.animate(withDuration: duration, delay: 0, options: UIView.AnimationOptions(rawValue: curve << 16), animations: {
            self.view.layoutIfNeeded()
        })
    }

    /// kbplay's rules on keyboardWillHide, run after the strategies' handlers:
    ///   on Login keyboardWillHide: set formBottom.constant = 20
    private func keyboardWillHideRules(_ note: Notification) {
        // kbplay runs a rule only while its controller is in the window.
        guard viewIfLoaded?.window != nil else { return }
        let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0
        let curve = note.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt ?? 0
        self.formBottom.constant = 20
        UIView.animate(withDuration: duration, delay: 0, options: UIView.AnimationOptions(rawValue: curve << 16), animations: {
            self.view.layoutIfNeeded()
        })
    }
}

fileprivate extension NSLayoutConstraint {
    /// kbplay's name as the constraint's identifier (UIKit prints it in its logs), and its priority.
    func named(_ identifier: String, priority: UILayoutPriority = .required) -> Self {
        self.identifier = identifier
        self.priority = priority
        return self
    }
}
