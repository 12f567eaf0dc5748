// kbplay export swift: the session "20-toolbar-accessory" as UIKit code.
// Device iphone-15 (iPhone 14 Pro, 15, 15 Pro, 16), portrait.
// The window's root view controller: LoginViewController().
// kbplay's names are the properties' names and the constraints' identifiers.
// kbplay: the keyboard is up in this session: the constants and content insets below are those the screen has at rest (as declared or last set by a command), and scroll views start at the top.

import UIKit

/// kbplay's controller Login.
final class LoginViewController: UIViewController {
    let form = UIStackView()
    let email = UITextField()
    let password = UITextField()
    let toolbar = UIView()
    let done = UIButton(type: .system)
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
        toolbar.frame = CGRect(x: 0, y: 0, width: 0, height: 44)
        done.translatesAutoresizingMaskIntoConstraints = false
        done.setTitle("Done", for: .normal)
        toolbar.addSubview(done)
        // kbplay: formBottom is 354 in this session, as its keyboard handlers left it; 20 at rest
        formBottom = view.safeAreaLayoutGuide.bottomAnchor.constraint(equalTo: form.bottomAnchor, constant: 20).named("formBottom")
        NSLayoutConstraint.activate([
            form.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor).named("c1"),
            form.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor).named("c2"),
            formBottom,
            done.trailingAnchor.constraint(equalTo: toolbar.trailingAnchor, constant: -16).named("c3"),
            done.centerYAnchor.constraint(equalTo: toolbar.centerYAnchor).named("c4"),
        ])
        password.inputAccessoryView = toolbar
        // kbplay: password is being edited in this session; the screen starts with nothing focused
        // kbplay: this session's rules, run after the strategies' handlers, as observers:
        keyboardRuleTokens = [
            NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { [weak self] note in
                MainActor.assumeIsolated { self?.keyboardWillShowRules(note) }
            },
        ]
    }

    /// kbplay's rules on keyboardWillShow, run after the strategies' handlers:
    ///   on Login keyboardWillShow: set formBottom.constant = 310
    ///   on Login keyboardWillShow: set formBottom.constant = 852 - kb.end.minY - Login.view.safeAreaInsets.bottom + 8
    private func keyboardWillShowRules(_ note: Notification) {
        // kbplay runs a rule only while its controller is in the window.
        guard viewIfLoaded?.window != nil else { return }
        let endFrame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
        let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0
        let curve = note.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt ?? 0
        self.formBottom.constant = 310
        self.formBottom.constant = 852 - endFrame.minY - self.view.safeAreaInsets.bottom + 8
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
