import UIKit
import IQKeyboardManagerSwift

// An app that lets IQKeyboardManager (6.x spelling) move its screens,
// with a form built in code.
@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        IQKeyboardManager.shared.enable = true
        IQKeyboardManager.shared.keyboardDistanceFromTextField = 20
        return true
    }
}

final class ManagedFormViewController: UIViewController {
    let code = UITextField()

    override func viewDidLoad() {
        super.viewDidLoad()
        code.translatesAutoresizingMaskIntoConstraints = false
        code.placeholder = "Code"
        view.addSubview(code)
        NSLayoutConstraint.activate([
            code.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            code.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
            code.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -40),
        ])
    }
}
