// kbplay export swift fixed: the session "19-curve-not-shifted" as UIKit code, with each flaw it showed fixed as its fix: line says where code can (`export swift` writes it as it is, to diff against).
// Device iphone-8 (iPhone 6/7/8, SE 2nd/3rd gen), portrait.
// The window's root view controller: LoginViewController().
// kbplay's names are the properties' names and the constraints' identifiers.
// kbplay: the keyboard is up in this session: the constants and content insets below are those the screen has at rest (as declared or last set by a command), and scroll views start at the top.

import UIKit

/// kbplay's controller Login.
final class LoginViewController: UIViewController {
    let form = UIStackView()
    let email = UITextField()
    let password = UITextField()
    let signIn = UIButton(type: .system)
    var formBottom: KeyboardLayoutConstraint!

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
        formBottom = KeyboardLayoutConstraint(item: view.safeAreaLayoutGuide, attribute: .bottom, relatedBy: .equal, toItem: form, attribute: .bottom, multiplier: 1, constant: 20).named("formBottom")
        NSLayoutConstraint.activate([
            form.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor).named("c1"),
            form.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor).named("c2"),
            formBottom,
        ])
        // kbplay: layout-constraint (a KeyboardLayoutConstraint subclass): registered when the constraint is created, removed only at deinit; its flaws are in KeyboardLayoutConstraint
        formBottom.startObservingKeyboard()
    }
}

/// A constraint that follows the keyboard: its constant when it starts observing is its offset; on
/// keyboardWillShow it becomes offset + the end frame's height, on keyboardWillHide offset + downOffset,
/// animated with the keyboard's duration and curve. It observes until it is freed.
final class KeyboardLayoutConstraint: NSLayoutConstraint {
    var downOffset: CGFloat = 0
    private var offset: CGFloat = 0
    private var tokens: [NSObjectProtocol] = []

    func startObservingKeyboard() {
        offset = constant
        tokens = [
            NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { [weak self] note in
                MainActor.assumeIsolated { self?.keyboardWillShow(note) }
            },
            NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil, queue: .main) { [weak self] note in
                MainActor.assumeIsolated { self?.keyboardWillHide(note) }
            },
        ]
    }

    private func keyboardWillShow(_ note: Notification) {
        guard let endFrame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
        constant = offset + endFrame.height
        animate(with: note)
    }

    private func keyboardWillHide(_ note: Notification) {
        constant = offset + downOffset
        animate(with: note)
    }

    private func animate(with note: Notification) {
        let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0.25
        let curve = note.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt ?? 0
        // kbplay: fixed ⚑ curve-not-shifted (Login): UIView.AnimationOptions(rawValue: UInt(curve) << 16)
        let options = UIView.AnimationOptions(rawValue: curve << 16)
        // The first item may be a layout guide (a safe area's): the window lays out every view the
        // constraint can move, as the KeyboardLayoutConstraint library does.
        let item = (firstItem as? UIView) ?? (firstItem as? UILayoutGuide)?.owningView
        let root: UIView? = item?.window ?? item?.superview ?? item
        UIView.animate(withDuration: duration, delay: 0, options: options, animations: {
            root?.layoutIfNeeded()
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
