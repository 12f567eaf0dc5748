import UIKit

// Views of the app's own classes: a text field subclass is a text field,
// a card view with subviews of its own is a plain view (a finding), a
// badge has the intrinsic size its class gives.
final class PaddedViewController: UIViewController {
    let name = PaddedField()
    let card = CardView()
    let badge = Badge()

    override func viewDidLoad() {
        super.viewDidLoad()
        [name, card, badge].forEach {
            $0.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview($0)
        }
        NSLayoutConstraint.activate([
            name.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
            name.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            name.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            card.topAnchor.constraint(equalTo: name.bottomAnchor, constant: 16),
            card.leadingAnchor.constraint(equalTo: name.leadingAnchor),
            card.trailingAnchor.constraint(equalTo: name.trailingAnchor),
            card.heightAnchor.constraint(equalToConstant: 100),
            badge.topAnchor.constraint(equalTo: card.bottomAnchor, constant: 8),
            badge.trailingAnchor.constraint(equalTo: card.trailingAnchor),
        ])
    }
}

class PaddedField: UITextField {}

final class CardView: UIView {
    private let badge = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(badge)
    }

    required init?(coder: NSCoder) { fatalError() }
}

final class Badge: UIView {
    override var intrinsicContentSize: CGSize { CGSize(width: 60, height: Badge.height) }
    static let height: CGFloat = 24
}
