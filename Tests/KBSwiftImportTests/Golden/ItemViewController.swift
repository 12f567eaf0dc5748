import UIKit

final class ItemViewController: UIViewController {
    let name = UITextField()
    let note = UITextView()
    var noteHeight: NSLayoutConstraint!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(name)
        view.addSubview(note)
        name.translatesAutoresizingMaskIntoConstraints = false
        note.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            NSLayoutConstraint(item: name, attribute: .top, relatedBy: .equal, toItem: view.safeAreaLayoutGuide, attribute: .top, multiplier: 1, constant: 20),
            NSLayoutConstraint(item: name, attribute: .leading, relatedBy: .equal, toItem: view, attribute: .leadingMargin, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: name, attribute: .trailing, relatedBy: .equal, toItem: view, attribute: .trailingMargin, multiplier: 1, constant: 0),
        ])
        view.addConstraint(NSLayoutConstraint(item: note, attribute: .top, relatedBy: .equal, toItem: name, attribute: .bottom, multiplier: 1, constant: 12))
        view.addConstraints([
            NSLayoutConstraint(item: note, attribute: .leading, relatedBy: .equal, toItem: name, attribute: .leading, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: note, attribute: .width, relatedBy: .equal, toItem: name, attribute: .width, multiplier: 0.5, constant: 0),
        ])
        noteHeight = NSLayoutConstraint(item: note, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 120)
        noteHeight.isActive = true
        NSLayoutConstraint(item: name, attribute: .height, relatedBy: .greaterThanOrEqual, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 44).isActive = true
        NSLayoutConstraint(item: name, attribute: .firstBaseline, relatedBy: .equal, toItem: note, attribute: .lastBaseline, multiplier: 1, constant: 0).isActive = false
    }
}
