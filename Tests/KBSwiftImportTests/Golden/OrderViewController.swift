import UIKit

/// A table view of twelve rows under the safe area, its data source the
/// controller, with a note field in the cell of row 10.
final class OrderViewController: UIViewController, UITableViewDataSource {
    let summary = UITableView(frame: .zero, style: .plain)
    let note = UITextField()

    override func viewDidLoad() {
        super.viewDidLoad()
        summary.translatesAutoresizingMaskIntoConstraints = false
        summary.rowHeight = 50
        summary.dataSource = self
        view.addSubview(summary)
        note.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            summary.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            summary.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            summary.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            summary.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 12 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        if indexPath.row == 10 {
            cell.contentView.addSubview(note)
            note.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor, constant: 16).isActive = true
            note.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor, constant: -16).isActive = true
            note.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 8).isActive = true
        }
        return cell
    }
}
