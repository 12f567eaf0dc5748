// kbplay export swift: the session "26-imported-login" as UIKit code.
// Device iphone-15 (iPhone 14 Pro, 15, 15 Pro, 16), portrait.
// The window's root view controller: LoginViewController().
// kbplay's names are the properties' names and the constraints' identifiers.
// kbplay: the keyboard is up in this session: the constants and content insets below are those the screen has at rest (as declared or last set by a command); scroll offsets are as the session has them.

import UIKit

/// kbplay's controller Login.
final class LoginViewController: UIViewController {
    let welcomeBackLabel = UILabel()
    let emailField = UITextField()
    let passwordField = UITextField()
    let signInButton = UIButton(type: .system)
    let footer = UIView()
    var titleTop: NSLayoutConstraint!
    var bottomConstraint: NSLayoutConstraint!
    private var keyboardRuleTokens: [NSObjectProtocol] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        welcomeBackLabel.translatesAutoresizingMaskIntoConstraints = false
        welcomeBackLabel.text = "Welcome back"
        // kbplay: welcomeBackLabel's intrinsic content size is 180 × 34 (its content's, in an app)
        view.addSubview(welcomeBackLabel)
        emailField.translatesAutoresizingMaskIntoConstraints = false
        // kbplay: emailField's intrinsic content size is 353 × 34 (its content's, in an app)
        emailField.placeholder = "Email"
        view.addSubview(emailField)
        passwordField.translatesAutoresizingMaskIntoConstraints = false
        // kbplay: passwordField's intrinsic content size is 353 × 34 (its content's, in an app)
        passwordField.placeholder = "Password"
        view.addSubview(passwordField)
        signInButton.translatesAutoresizingMaskIntoConstraints = false
        signInButton.setTitle("Sign In", for: .normal)
        // kbplay: signInButton's intrinsic content size is 63 × 30 (its content's, in an app)
        view.addSubview(signInButton)
        footer.translatesAutoresizingMaskIntoConstraints = false
        footer.clipsToBounds = true
        footer.alpha = 0.5
        view.addSubview(footer)
        titleTop = welcomeBackLabel.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 40).named("titleTop")
        // kbplay: bottomConstraint is 302 in this session, as its keyboard handlers left it; 0 at rest
        bottomConstraint = view.safeAreaLayoutGuide.bottomAnchor.constraint(equalTo: footer.bottomAnchor).named("bottomConstraint")
        NSLayoutConstraint.activate([
            titleTop,
            welcomeBackLabel.leadingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.leadingAnchor, constant: 20).named("welcomeBackLabel_leading"),
            emailField.topAnchor.constraint(equalTo: welcomeBackLabel.bottomAnchor, constant: 24).named("emailField_top"),
            emailField.leadingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.leadingAnchor, constant: 20).named("emailField_leading"),
            view.safeAreaLayoutGuide.trailingAnchor.constraint(equalTo: emailField.trailingAnchor, constant: 20).named("emailField_trailing"),
            passwordField.topAnchor.constraint(equalTo: emailField.bottomAnchor, constant: 12).named("passwordField_top"),
            passwordField.leadingAnchor.constraint(equalTo: emailField.leadingAnchor).named("passwordField_leading"),
            passwordField.trailingAnchor.constraint(equalTo: emailField.trailingAnchor).named("passwordField_trailing"),
            signInButton.topAnchor.constraint(equalTo: passwordField.bottomAnchor, constant: 20).named("signInButton_top"),
            signInButton.centerXAnchor.constraint(equalTo: view.centerXAnchor).named("signInButton_centerX"),
            footer.leadingAnchor.constraint(equalTo: view.leadingAnchor).named("footer_leading"),
            view.trailingAnchor.constraint(equalTo: footer.trailingAnchor).named("footer_trailing"),
            bottomConstraint,
            footer.heightAnchor.constraint(equalToConstant: 44).named("footer_height"),
        ])
        // kbplay: emailField is being edited in this session; the screen starts with nothing focused
        // kbplay: this session's rules, run after the strategies' handlers, as observers:
        keyboardRuleTokens = [
            NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { [weak self] note in
                MainActor.assumeIsolated { self?.keyboardWillShowRules(note) }
            },
        ]
    }

    /// kbplay's rules on keyboardWillShow, run after the strategies' handlers:
    ///   on Login keyboardWillShow: set bottomConstraint.constant = kb.end.height - Login.view.safeAreaInsets.bottom
    private func keyboardWillShowRules(_ note: Notification) {
        // kbplay runs a rule only while its controller is in the window.
        guard viewIfLoaded?.window != nil else { return }
        let endFrame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
        let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0
        let curve = note.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt ?? 0
        self.bottomConstraint.constant = endFrame.height - self.view.safeAreaInsets.bottom
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
