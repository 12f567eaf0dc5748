import SnapKit
import UIKit

final class ChatViewController: UIViewController {
    let messages = UITableView()
    let input = UITextField()
    let send = UIButton(type: .system)
    let badge = UIView()
    var inputBottom: Constraint?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(messages)
        view.addSubview(input)
        view.addSubview(send)
        view.addSubview(badge)
        send.setTitle("Send", for: .normal)
        messages.snp.makeConstraints { make in
            make.top.equalTo(view.safeAreaLayoutGuide.snp.top).offset(8)
            make.left.right.equalToSuperview()
            make.bottom.equalTo(input.snp.top).offset(-8)
        }
        input.snp.makeConstraints { make in
            make.leading.equalToSuperview().inset(16)
            make.height.equalTo(44)
            inputBottom = make.bottom.equalTo(view.safeAreaLayoutGuide).constraint
        }
        send.snp.makeConstraints {
            $0.leading.equalTo(input.snp.trailing).offset(8)
            $0.trailing.equalToSuperview().inset(16)
            $0.centerY.equalTo(input)
            $0.width.equalTo(input).multipliedBy(0.25)
            $0.height.equalTo(input).priority(.high)
        }
        badge.snp.makeConstraints { make in
            make.edges.equalToSuperview()
        }
        input.snp.updateConstraints { make in
            make.height.equalTo(50)
        }
        badge.snp.remakeConstraints { make in
            make.size.equalTo(24)
            make.top.equalTo(send.snp.top).offset(-4)
            make.right.equalTo(send).inset(-4)
        }
    }
}
