import UIKit

final class SignupViewController: UIViewController {
    let first = UITextField()
    let last = UITextField()
    let email = UITextField()
    let join = UIButton(type: .system)
    let hint = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        [first, last, email, join, hint].forEach {
            $0.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview($0)
        }
        join.setTitle("Join", for: .normal)
        hint.text = "We never share it"
        let views: [String: Any] = ["first": first, "last": last, "email": email, "join": join]
        let metrics = ["top": 80, "gap": 12]
        var constraints: [NSLayoutConstraint] = []
        constraints += NSLayoutConstraint.constraints(withVisualFormat: "H:|-[first]-[last(==first)]-|", options: [.alignAllTop], metrics: nil, views: views)
        constraints += NSLayoutConstraint.constraints(withVisualFormat: "H:|-(20)-[email]-(20)-|", options: [], metrics: nil, views: views)
        constraints += NSLayoutConstraint.constraints(withVisualFormat: "V:|-top-[first]-gap-[email]-gap-[join(44)]-(>=20)-|", options: [], metrics: metrics, views: views)
        constraints.append(contentsOf: NSLayoutConstraint.constraints(withVisualFormat: "H:[join(>=100@750)]", options: [], metrics: nil, views: views))
        NSLayoutConstraint.activate(constraints)
        join.centerXAnchor.constraint(equalTo: view.centerXAnchor).isActive = true
        NSLayoutConstraint.activate([
            hint.topAnchor.constraint(equalToSystemSpacingBelow: join.bottomAnchor, multiplier: 2),
            hint.leadingAnchor.constraint(equalToSystemSpacingAfter: view.leadingAnchor, multiplier: 1),
        ])
        view.addConstraints(NSLayoutConstraint.constraints(withVisualFormat: "H:[hint]-[nowhere]", options: [], metrics: nil, views: ["hint": hint]))
    }
}
