// kbplay export swift fixed: the session "18-observer-after-disappear" as UIKit code, with each flaw it showed fixed as its fix: line says where code can (`export swift` writes it as it is, to diff against).
// Device iphone-15 (iPhone 14 Pro, 15, 15 Pro, 16), portrait.
// The window's root view controller: LoginViewController().
// kbplay's names are the properties' names and the constraints' identifiers.
// kbplay: the keyboard is up in this session: the constants and content insets below are those the screen has at rest (as declared or last set by a command), and scroll views start at the top.

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
        // kbplay: formBottom is 344 in this session, as its keyboard handlers left it; 20 at rest
        formBottom = view.safeAreaLayoutGuide.bottomAnchor.constraint(equalTo: form.bottomAnchor, constant: 20).named("formBottom")
        NSLayoutConstraint.activate([
            form.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor).named("c1"),
            form.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor).named("c2"),
            formBottom,
        ])
        // kbplay: email is being edited in this session; the screen starts with nothing focused
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // kbplay: observer (KeyboardObserver + delegate): registered in viewWillAppear, removed in viewWillDisappear
        // kbplay: fixed ⚑ observer-after-disappear: remove the observer in viewWillDisappear (or use NotificationCenter's token API and drop it)
        keyboardObserver = KeyboardObserver(delegate: self)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        keyboardObserver?.stop()
        keyboardObserver = nil
    }

    func keyboardObserver(_ observer: KeyboardObserver, keyboardWillShowWith endFrame: CGRect) {
        // kbplay: fixed ⚑ safe-area-double-count: subtract Login.view.safeAreaInsets.bottom, or pin to Login.view.keyboard.top
        formBottom.constant = max(0, view.keyboardOverlap(endFrame) - view.safeAreaInsets.bottom) + 8
    }

    func keyboardObserver(_ observer: KeyboardObserver, keyboardWillHideWith endFrame: CGRect) {
        // kbplay: fixed ⚑ hide-keeps-height: use 0 on keyboardWillHide, or the overlap 852 − endFrame.minY
        formBottom.constant = max(0, view.keyboardOverlap(endFrame) - view.safeAreaInsets.bottom) + 8
    }
}

/// kbplay's controller Profile.
final class ProfileViewController: UIViewController, KeyboardObserving, KeyboardControllable {
    let nickname = UITextField()
    var profileBottom: NSLayoutConstraint!
    var keyboardTokens: [NSObjectProtocol] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        nickname.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(nickname)
        profileBottom = view.safeAreaLayoutGuide.bottomAnchor.constraint(greaterThanOrEqualTo: nickname.bottomAnchor).named("profileBottom")
        NSLayoutConstraint.activate([
            nickname.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20).named("c3"),
            nickname.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor).named("c4"),
            nickname.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor).named("c5"),
            profileBottom,
        ])
        // kbplay: Profile is not in the window in this session (viewDidDisappear has run)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // kbplay: controllable (KeyboardObserving → KeyboardControllable): registered at viewWillAppear, removed at viewWillDisappear
        startObservingKeyboard(for: self, fallbackHeight: 250)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        stopObservingKeyboard()
    }

    func keyboardWillShow(height: CGFloat) {
        // kbplay: fixed ⚑ safe-area-double-count: subtract Profile.view.safeAreaInsets.bottom, or pin to Profile.view.keyboard.top
        profileBottom.constant = -max(0, height - view.safeAreaInsets.bottom)
    }

    func keyboardWillHide() {
        profileBottom.constant = 0
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

    /// kbplay: fixed: removes the observers (its controller calls it in viewWillDisappear).
    func stop() {
        tokens.forEach { NotificationCenter.default.removeObserver($0) }
        tokens = []
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

/// A view or controller that moves for the keyboard: it is told the keyboard's height.
@MainActor protocol KeyboardControllable: AnyObject, Sendable {
    func keyboardWillShow(height: CGFloat)
    func keyboardWillHide()
}

/// A controller that observes the keyboard for a KeyboardControllable, from viewWillAppear to viewWillDisappear.
@MainActor protocol KeyboardObserving: AnyObject {
    var keyboardTokens: [NSObjectProtocol] { get set }
}

extension KeyboardObserving {
    /// keyboardWillShow hands over the end frame's height, or `fallbackHeight` when the notification has none.
    func startObservingKeyboard(for controllable: KeyboardControllable, fallbackHeight: CGFloat) {
        let center = NotificationCenter.default
        keyboardTokens = [
            center.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { [weak controllable] note in
                let endFrame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
                MainActor.assumeIsolated {
                    // kbplay: fixed: the end frame's overlap with the controller's view, converted from the screen's coordinate space
                    let view = (controllable as? UIViewController)?.viewIfLoaded
                    let height = endFrame.map { view?.keyboardOverlap($0) ?? $0.height } ?? fallbackHeight
                    controllable?.keyboardWillShow(height: height)
                }
            },
            center.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil, queue: .main) { [weak controllable] _ in
                MainActor.assumeIsolated { controllable?.keyboardWillHide() }
            },
        ]
    }

    func stopObservingKeyboard() {
        keyboardTokens.forEach { NotificationCenter.default.removeObserver($0) }
        keyboardTokens = []
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
