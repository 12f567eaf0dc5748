import UIKit

// A chat screen whose input bar is the controller's own input accessory
// view; constraints through a helper that names them, a constraint
// subclass, and a child controller's view constrained in code.
final class BarViewController: UIViewController {
    let messages = UIScrollView()
    let bar = UIView()
    let message = UITextView()
    let side = SideViewController()
    var messageHeight: NSLayoutConstraint!

    override func viewDidLoad() {
        super.viewDidLoad()
        messages.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(messages)
        bar.frame = CGRect(x: 0, y: 0, width: 0, height: 50)
        message.translatesAutoresizingMaskIntoConstraints = false
        bar.addSubview(message)
        NSLayoutConstraint.activate([
            messages.topAnchor.constraint(equalTo: view.topAnchor).named("messagesTop"),
            messages.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            messages.trailingAnchor.constraint(equalTo: view.trailingAnchor).named("messagesTrailing", priority: .defaultHigh),
            messages.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            message.topAnchor.constraint(equalTo: bar.topAnchor, constant: 8),
            message.leadingAnchor.constraint(equalTo: bar.leadingAnchor, constant: 8),
            message.trailingAnchor.constraint(equalTo: bar.trailingAnchor, constant: -8),
            message.bottomAnchor.constraint(equalTo: bar.safeAreaLayoutGuide.bottomAnchor, constant: -8),
        ])
        messageHeight = FixedConstraint(item: message, attribute: .height, relatedBy: .greaterThanOrEqual, toItem: nil,
                                        attribute: .notAnAttribute, multiplier: 1, constant: 34)
        messageHeight.isActive = true
        addChild(side)
        view.addSubview(side.view)
        side.view.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            side.view.topAnchor.constraint(equalTo: view.topAnchor),
            side.view.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        side.didMove(toParent: self)
    }

    override var inputAccessoryView: UIView? { bar }
    override var canBecomeFirstResponder: Bool { true }
}

final class FixedConstraint: NSLayoutConstraint {}

private extension NSLayoutConstraint {
    func named(_ identifier: String, priority: UILayoutPriority = .required) -> Self {
        self.identifier = identifier
        self.priority = priority
        return self
    }
}
