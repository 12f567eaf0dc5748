import UIKit

final class ComposeViewController: UIViewController {
    let header = UIView()
    let container = UIView()
    let list = ListViewController()
    let toolbar = UIToolbar()
    let subject = UITextField()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(header)
        view.addSubview(container)
        header.addSubview(subject)
        header.clipsToBounds = true
        header.alpha = 0.9
        subject.placeholder = "Subject"
        subject.inputAccessoryView = toolbar
        toolbar.sizeToFit()
        [header, container, subject].forEach { $0.translatesAutoresizingMaskIntoConstraints = false }
        NSLayoutConstraint.activate([
            header.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            header.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            header.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            header.heightAnchor.constraint(equalToConstant: 60),
            subject.topAnchor.constraint(equalTo: header.topAnchor, constant: 13),
            subject.leadingAnchor.constraint(equalTo: header.layoutMarginsGuide.leadingAnchor),
            subject.trailingAnchor.constraint(equalTo: header.layoutMarginsGuide.trailingAnchor),
            container.topAnchor.constraint(equalTo: header.bottomAnchor),
            container.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            container.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            container.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        addChild(list)
        container.addSubview(list.view)
        list.view.frame = container.bounds
        list.didMove(toParent: self)
    }
}

final class ListViewController: UIViewController {
    let table = UITableView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(table)
        table.keyboardDismissMode = .interactive
        table.contentInsetAdjustmentBehavior = .automatic
        table.isHidden = false
        table.snp.makeConstraints { $0.edges.equalToSuperview() }
    }
}
