import SnapKit
import UIKit

// The controller of card.storyboard: SnapKit's superview of the outlet
// nameField is the card it sits in, in the storyboard.
final class CardViewController: UIViewController {
    @IBOutlet weak var card: UIView!
    @IBOutlet weak var nameField: UITextField!
    private let note = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        nameField.snp.makeConstraints { make in
            make.leading.trailing.equalToSuperview().inset(12)
        }
        note.text = "Hi"
        card.addSubview(note)
        note.snp.makeConstraints { make in
            make.top.equalTo(nameField.snp.bottom).offset(8)
            make.leading.equalTo(nameField)
        }
    }
}
