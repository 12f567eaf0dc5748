// kbplay export swift: the session "26-imported-login" as UIKit code.
// Device iphone-15 (iPhone 14 Pro, 15, 15 Pro, 16), portrait.
// The window's root view controller: LoginViewController().
// kbplay's names are the properties' names and the constraints' identifiers.
// kbplay: the keyboard is up in this session: the constants and content insets below are those the screen has at rest (as declared or last set by a command), and scroll views start at the top.

import UIKit

/// kbplay's controller Login.
final class LoginViewController: UIViewController {
    let welcomeBackLabel = WelcomeBackLabel()
    let emailField = EmailField()
    let passwordField = PasswordField()
    let signInButton = SignInButton(type: .system)
    let footer = UIView()
    var titleTop: NSLayoutConstraint!
    var bottomConstraint: NSLayoutConstraint!
    private var keyboardRuleTokens: [NSObjectProtocol] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        welcomeBackLabel.translatesAutoresizingMaskIntoConstraints = false
        welcomeBackLabel.text = "Welcome back"
        view.addSubview(welcomeBackLabel)
        emailField.translatesAutoresizingMaskIntoConstraints = false
        emailField.placeholder = "Email"
        view.addSubview(emailField)
        passwordField.translatesAutoresizingMaskIntoConstraints = false
        passwordField.placeholder = "Password"
        view.addSubview(passwordField)
        signInButton.translatesAutoresizingMaskIntoConstraints = false
        signInButton.setTitle("Sign In", for: .normal)
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

/// The content size kbplay gave welcomeBackLabel (`intrinsic 180 34`). In an app a UILabel measures its own
/// content: make welcomeBackLabel a plain UILabel to let it.
final class WelcomeBackLabel: UILabel {
    override var intrinsicContentSize: CGSize { CGSize(width: 180, height: 34) }
}

/// The content size kbplay gave emailField (`intrinsic 353 34`). In an app a UITextField measures its own
/// content: make emailField a plain UITextField to let it.
final class EmailField: UITextField {
    override var intrinsicContentSize: CGSize { CGSize(width: 353, height: 34) }
}

/// The content size kbplay gave passwordField (`intrinsic 353 34`). In an app a UITextField measures its own
/// content: make passwordField a plain UITextField to let it.
final class PasswordField: UITextField {
    override var intrinsicContentSize: CGSize { CGSize(width: 353, height: 34) }
}

/// The content size kbplay gave signInButton (`intrinsic 63 30`). In an app a UIButton measures its own
/// content: make signInButton a plain UIButton to let it.
final class SignInButton: UIButton {
    override var intrinsicContentSize: CGSize { CGSize(width: 63, height: 30) }
}

fileprivate extension NSLayoutConstraint {
    /// kbplay's name as the constraint's identifier (UIKit prints it in its logs), and its priority.
    func named(_ identifier: String, priority: UILayoutPriority = .required) -> Self {
        self.identifier = identifier
        self.priority = priority
        return self
    }
}
