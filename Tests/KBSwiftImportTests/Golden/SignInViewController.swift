import UIKit

// A root view of the app's own class, made in loadView: its subviews and
// constraints are the screen's; the controller reaches them through a
// property that casts its view.
final class SignInView: UIView {
    let email = UITextField()
    let go = UIButton(type: .system)

    override init(frame: CGRect) {
        super.init(frame: frame)
        [email, go].forEach {
            $0.translatesAutoresizingMaskIntoConstraints = false
            addSubview($0)
        }
        go.setTitle("Go", for: .normal)
        NSLayoutConstraint.activate([
            email.topAnchor.constraint(equalTo: safeAreaLayoutGuide.topAnchor, constant: 24),
            email.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
            email.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
            go.topAnchor.constraint(equalTo: email.bottomAnchor, constant: 16),
            go.centerXAnchor.constraint(equalTo: centerXAnchor),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }
}

final class SignInViewController: UIViewController {
    private var signInView: SignInView { view as! SignInView }

    override func loadView() {
        view = SignInView()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        signInView.email.placeholder = "Email"
        signInView.go.heightAnchor.constraint(equalToConstant: 44).isActive = true
    }
}
