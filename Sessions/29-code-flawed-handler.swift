import UIKit

/// A sign-up screen made in code, with the keyboard handler many apps
/// start with: one selector for show and hide that sets the form's bottom
/// to the keyboard's height plus a gap.
final class SignUpViewController: UIViewController {
    private let gap: CGFloat = 16
    let form = UIStackView()
    let name = UITextField()
    let email = UITextField()
    let join = UIButton(type: .system)
    var formBottom: NSLayoutConstraint!

    override func viewDidLoad() {
        super.viewDidLoad()
        form.translatesAutoresizingMaskIntoConstraints = false
        form.axis = .vertical
        form.spacing = 12
        view.addSubview(form)
        [name, email, join].forEach { form.addArrangedSubview($0) }
        join.setTitle("Join", for: .normal)
        formBottom = view.safeAreaLayoutGuide.bottomAnchor.constraint(equalTo: form.bottomAnchor, constant: gap)
        NSLayoutConstraint.activate([
            form.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            form.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            formBottom,
        ])
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        let center = NotificationCenter.default
        center.addObserver(self, selector: #selector(keyboardWillMove(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
        center.addObserver(self, selector: #selector(keyboardWillMove(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        NotificationCenter.default.removeObserver(self)
    }

    @objc private func keyboardWillMove(_ notification: Notification) {
        guard let frame = notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
        formBottom.constant = frame.height + gap
        UIView.animate(withDuration: 0.25) {
            self.view.layoutIfNeeded()
        }
    }
}
