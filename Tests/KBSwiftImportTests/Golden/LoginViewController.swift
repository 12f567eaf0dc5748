import UIKit

// A sign-in screen built in code: three views, thirteen constraints, one of
// them kept in a stored property.
final class LoginViewController: UIViewController {
    private let email = UITextField()
    private lazy var password: UITextField = {
        let field = UITextField()
        field.isSecureTextEntry = true
        field.translatesAutoresizingMaskIntoConstraints = false
        return field
    }()
    private let signIn = UIButton(type: .system)
    private var buttonBottom: NSLayoutConstraint!
    private let margin: CGFloat = 20

    override func viewDidLoad() {
        super.viewDidLoad()
        [email, password, signIn].forEach {
            $0.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview($0)
        }
        buttonBottom = signIn.bottomAnchor.constraint(lessThanOrEqualTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -16)
        NSLayoutConstraint.activate([
            email.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 40),
            email.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: margin),
            email.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -margin),
            email.heightAnchor.constraint(equalToConstant: 44),
            password.topAnchor.constraint(equalTo: email.bottomAnchor, constant: 12),
            password.leadingAnchor.constraint(equalTo: email.leadingAnchor),
            password.widthAnchor.constraint(equalTo: email.widthAnchor),
            password.heightAnchor.constraint(equalTo: email.heightAnchor),
            signIn.topAnchor.constraint(equalTo: password.bottomAnchor, constant: 24),
            signIn.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            signIn.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5),
            signIn.heightAnchor.constraint(equalToConstant: 44),
            buttonBottom,
        ])
        let hint = UILabel()
        hint.text = "Forgot your password?"
        view.addSubview(hint)
        hint.topAnchor.constraint(equalTo: signIn.bottomAnchor, constant: 8).isActive = true
        hint.centerXAnchor.constraint(equalTo: view.centerXAnchor).isActive = true
        signIn.bottomAnchor.constraint(equalToSystemSpacingBelow: password.bottomAnchor, multiplier: 1).isActive = true
    }
}
