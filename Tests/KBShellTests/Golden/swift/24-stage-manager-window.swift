// kbplay export swift: the session "24-stage-manager-window" as UIKit code.
// Device ipad-pro-11 (iPad Pro 11-inch / iPad Air 4+), landscape; a Stage Manager window (100 60; 700 600).
// The window's root view controller: NotesViewController().
// kbplay's names are the properties' names and the constraints' identifiers.
// kbplay: the keyboard is up in this session: the constants and content insets below are those the screen has at rest (as declared or last set by a command), and scroll views start at the top.
// kbplay: names Swift cannot use as they are: title → title_
// kbplay: flaws this session showed by strategies no longer attached:
// kbplay: ⚑ screen-coordinates (Notes): Notes.view is (100 60; 700 600) in screen coordinates (the app's window is (100 60; 700 600) on the screen), so its bottom is 174 pt above the screen's: the keyboard covers 264 pt of it, but observer uses endFrame.height (438), which is right only for a view reaching the screen's bottom.
// kbplay: fix: convert the end frame from the screen's coordinate space, view.convert(endFrame, from: view.window?.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace) and use its overlap with view.bounds, or UIKeyboardLayoutGuide
// kbplay: ⚑ hide-keeps-height (Notes): on hide the end frame keeps the keyboard's height (438), so formBottom stays at 446 and the view never comes back down.
// kbplay: fix: use 0 on keyboardWillHide, or the overlap 834 − endFrame.minY

import UIKit

/// kbplay's controller Notes.
final class NotesViewController: UIViewController {
    let form = UIStackView()
    let title_ = UITextField()
    let tags = UITextField()
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
        title_.translatesAutoresizingMaskIntoConstraints = false
        form.addArrangedSubview(title_)
        tags.translatesAutoresizingMaskIntoConstraints = false
        form.addArrangedSubview(tags)
        // kbplay: formBottom is 272 in this session, as its keyboard handlers left it; 20 at rest
        formBottom = view.bottomAnchor.constraint(equalTo: form.bottomAnchor, constant: 20).named("formBottom")
        NSLayoutConstraint.activate([
            form.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor).named("c1"),
            form.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor).named("c2"),
            formBottom,
        ])
        // kbplay: tags is being edited in this session; the screen starts with nothing focused
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
    ///   on Notes keyboardWillShow: set formBottom.constant = max(0, window.frame.minY + Notes.view.frame.maxY - kb.end.minY) + 8
    private func keyboardWillShowRules(_ note: Notification) {
        // kbplay runs a rule only while its controller is in the window.
        guard viewIfLoaded?.window != nil else { return }
        let endFrame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
        let windowFrame = view.window.map { $0.convert($0.bounds, to: $0.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace) } ?? .zero
        let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0
        let curve = note.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt ?? 0
        self.formBottom.constant = max(0, windowFrame.minY + self.view.convert(self.view.bounds, to: nil).maxY - endFrame.minY) + 8
        UIView.animate(withDuration: duration, delay: 0, options: UIView.AnimationOptions(rawValue: curve << 16), animations: {
            self.view.layoutIfNeeded()
        })
    }

    /// kbplay's rules on keyboardWillHide, run after the strategies' handlers:
    ///   on Notes keyboardWillHide: set formBottom.constant = 20
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
