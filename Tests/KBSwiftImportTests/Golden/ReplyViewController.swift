import SnapKit
import UIKit

// The screen at rest is what viewDidLoad and the functions it calls build;
// what the keyboard handlers and the blocks kept for later do is theirs.
final class ReplyViewController: UIViewController {
    let reply = UITextField()
    let date = UITextField()
    let hint = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        setUpViews()
        NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { [weak self] _ in
            self?.hint.isHidden = true
        }
        NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillHide), name: UIResponder.keyboardWillHideNotification, object: nil)
    }

    private func setUpViews() {
        [reply, date, hint].forEach(view.addSubview)
        hint.text = "Be kind"
        date.inputView = UIDatePicker()
        reply.snp.makeConstraints { make in
            make.top.equalTo(view.safeAreaLayoutGuide).offset(20)
            make.leading.trailing.equalToSuperview().inset(20)
        }
        date.snp.makeConstraints { make in
            make.top.equalTo(reply.snp.bottom).offset(12)
            make.leading.trailing.equalTo(reply)
        }
        hint.snp.makeConstraints { make in
            make.top.equalTo(date.snp.bottom).offset(8)
            make.leading.equalTo(reply)
        }
    }

    @objc private func keyboardWillHide(_ note: Notification) {
        hint.isHidden = false
        reply.snp.remakeConstraints { make in
            make.edges.equalToSuperview()
        }
    }
}
