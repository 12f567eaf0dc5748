import UIKit

/// A form of static cells: a table view controller whose rows come from an
/// array, with a text field in the cell of row 3.
final class ProfileViewController: UITableViewController {
    let fields = ["Name", "Email", "Phone", "Code", "Notes"]
    let code = UITextField()

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.rowHeight = 60
        code.translatesAutoresizingMaskIntoConstraints = false
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return fields.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "field", for: indexPath)
        switch indexPath.row {
        case 3:
            cell.contentView.addSubview(code)
            NSLayoutConstraint.activate([
                code.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor, constant: 20),
                code.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor, constant: -20),
                code.centerYAnchor.constraint(equalTo: cell.contentView.centerYAnchor),
            ])
        default:
            break
        }
        return cell
    }
}
