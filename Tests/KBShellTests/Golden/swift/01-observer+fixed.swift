// kbplay export swift fixed: the session "01-observer" as UIKit code, with each flaw it showed fixed as its fix: line says where code can (`export swift` writes it as it is, to diff against).
// Device iphone-8 (iPhone 6/7/8, SE 2nd/3rd gen), portrait.
// The window's root view controller: LoginViewController().
// kbplay's names are the properties' names and the constraints' identifiers.

import UIKit

/// kbplay's controller Login.
final class LoginViewController: UIViewController, KeyboardObserverDelegate {
    let form = UIStackView()
    let email = UITextField()
    let password = UITextField()
    let signIn = UIButton(type: .system)
    var formBottom: NSLayoutConstraint!
    private var keyboardObserver: KeyboardObserver?

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
        // kbplay: formBottom is 268 in this session, as its keyboard handlers left it; 20 at rest
        formBottom = view.safeAreaLayoutGuide.bottomAnchor.constraint(equalTo: form.bottomAnchor, constant: 20).named("formBottom")
        NSLayoutConstraint.activate([
            form.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor).named("c1"),
            form.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor).named("c2"),
            formBottom,
        ])
        // kbplay: observer (KeyboardObserver + delegate): registered at viewDidLoad, never removed
        keyboardObserver = KeyboardObserver(delegate: self)
    }

    func keyboardObserver(_ observer: KeyboardObserver, keyboardWillShowWith endFrame: CGRect) {
        formBottom.constant = view.keyboardOverlap(endFrame) + 8
    }

    func keyboardObserver(_ observer: KeyboardObserver, keyboardWillHideWith endFrame: CGRect) {
        // kbplay: fixed ⚑ hide-keeps-height: use 0 on keyboardWillHide, or the overlap 667 − endFrame.minY
        formBottom.constant = view.keyboardOverlap(endFrame) + 8
    }
}

/// What a KeyboardObserver tells: the keyboard's end frame on keyboardWillShow and keyboardWillHide.
@MainActor protocol KeyboardObserverDelegate: AnyObject {
    func keyboardObserver(_ observer: KeyboardObserver, keyboardWillShowWith endFrame: CGRect)
    func keyboardObserver(_ observer: KeyboardObserver, keyboardWillHideWith endFrame: CGRect)
}

/// Observes keyboardWillShow and keyboardWillHide from its creation and hands the end frame to its delegate.
@MainActor final class KeyboardObserver {
    weak var delegate: KeyboardObserverDelegate?
    private var tokens: [NSObjectProtocol] = []

    init(delegate: KeyboardObserverDelegate) {
        self.delegate = delegate
        tokens = [
            NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { [weak self] note in
                MainActor.assumeIsolated { self?.willShow(note) }
            },
            NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil, queue: .main) { [weak self] note in
                MainActor.assumeIsolated { self?.willHide(note) }
            },
        ]
    }

    private func willShow(_ note: Notification) {
        guard let endFrame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
        delegate?.keyboardObserver(self, keyboardWillShowWith: endFrame)
    }

    private func willHide(_ note: Notification) {
        guard let endFrame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
        delegate?.keyboardObserver(self, keyboardWillHideWith: endFrame)
    }
}

fileprivate extension UIView {
    /// How far the keyboard reaches up into the view: its end frame converted from the screen's coordinate
    /// space (not the window's: they differ in Split View, Slide Over and Stage Manager), from its top to the
    /// view's bottom; 0 when it does not overlap the view (hidden, a hardware keyboard's bar, undocked away).
    func keyboardOverlap(_ endFrame: CGRect) -> CGFloat {
        let screenSpace = window?.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace
        let keyboard = convert(endFrame, from: screenSpace)
        guard keyboard.intersects(bounds) else { return 0 }
        return max(0, bounds.maxY - keyboard.minY)
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
