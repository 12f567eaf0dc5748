import UIKit

// The controller of Tests/KBShellTests/Golden/interface-builder/login.storyboard:
// its outlets are the storyboard's views; the code adds a button of its own
// and sets what kbplay models on the storyboard's views.
final class LoginViewController: UIViewController {
    @IBOutlet weak var emailField: UITextField!
    @IBOutlet weak var passwordField: UITextField!
    @IBOutlet weak var signInButton: UIButton!
    @IBOutlet var bottomConstraint: NSLayoutConstraint!
    private let forgot = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        emailField.placeholder = "you@example.com"
        signInButton.alpha = 0.5
        forgot.setTitle("Forgot?", for: .normal)
        forgot.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(forgot)
        NSLayoutConstraint.activate([
            forgot.topAnchor.constraint(equalTo: signInButton.bottomAnchor, constant: Layout.gap * 1.5),
            forgot.centerXAnchor.constraint(equalTo: signInButton.centerXAnchor),
        ])
        emailField.heightAnchor.constraint(equalToConstant: 44).isActive = true
        bottomConstraint.constant = 30
    }
}

enum Layout {
    static let gap: CGFloat = 8
}
