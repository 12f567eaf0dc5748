import UIKit

/// The feedback scene of 28-storyboard-and-code.storyboard: the storyboard
/// lays the screen out, this file moves the composer above the keyboard.
final class FeedbackViewController: UIViewController {
    @IBOutlet weak var subjectField: UITextField!
    @IBOutlet weak var messageField: UITextField!
    /// The safe area's bottom == the composer's bottom + constant.
    @IBOutlet weak var composerBottom: NSLayoutConstraint!

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillChangeFrame(_:)),
                                               name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
    }

    @objc private func keyboardWillChangeFrame(_ notification: Notification) {
        guard let userInfo = notification.userInfo,
              let endFrame = (userInfo[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
        let duration = (userInfo[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?.doubleValue ?? 0.25
        // How much of the view the keyboard covers, less the home-indicator
        // strip the safe area already keeps free.
        let overlap = max(0, view.bounds.height - endFrame.minY)
        composerBottom.constant = max(0, overlap - view.safeAreaInsets.bottom)
        UIView.animate(withDuration: duration) {
            self.view.layoutIfNeeded()
        }
    }
}
