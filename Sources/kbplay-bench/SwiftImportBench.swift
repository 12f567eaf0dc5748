import ArgumentParser
import Foundation
import KBShell

/// `import swift` of a generated view controller of about N lines: a form
/// built in code (a stack of rows, each a label and a text field made in a
/// lazy closure, with anchor constraints), keyboard observers registered in
/// `viewWillAppear` and removed in `viewWillDisappear`, a handler that reads
/// the end frame, converts it and sets a stored constraint's constant inside
/// `UIView.animate`, and helper methods that do arithmetic the reader walks
/// through. Timed through `Session.execute`, as the shell runs it: the file
/// read, parsed by swift-syntax, read for its keyboard code and its layout,
/// the screen built and laid out, the report written.
struct SwiftImportBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-swift",
        abstract: "Import a generated Swift view controller of N lines (views and constraints in code, keyboard observers) through Session.execute."
    )

    @Option(help: "Lines of Swift (rounded to whole rows of the form).") var lines = 2000
    @Option(help: "Imports timed (the median and the slowest are printed).") var runs = 20
    @Flag(help: "Print the Swift file instead of timing it.") var printSource = false

    func run() throws {
        let source = Self.controller(lines: lines)
        if printSource {
            print(source, terminator: "")
            return
        }
        let path = NSTemporaryDirectory() + "kbplay-bench-import-\(getpid())-FormViewController.swift"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var views = 0
        let (median, slowest) = try medianAndSlowest(runs: runs, setUp: { () -> Session in
            var session = Session()
            _ = session.execute("new")
            return session
        }) { session in
            let outcome = session.execute("import swift \(path)")
            guard outcome.status == .ok else { throw ValidationError("the import failed:\n\(outcome.text)") }
            views = session.screen.views.count
        }
        let lineCount = source.split(separator: "\n", omittingEmptySubsequences: false).count
        print("case=import-swift lines=\(lineCount) bytes=\(source.utf8.count) views=\(views) median_ms=\(milliseconds(median)) max_ms=\(milliseconds(slowest))")
    }

    /// The controller: about 20 lines per row of the form, plus the
    /// keyboard code.
    static func controller(lines: Int) -> String {
        let rows = max(1, (lines - 70) / 20)
        var properties = "", adds = "", constraints = "", helpers = ""
        for i in 0..<rows {
            properties += """
                private lazy var label\(i): UILabel = {
                    let label = UILabel()
                    label.text = "Field \(i)"
                    label.translatesAutoresizingMaskIntoConstraints = false
                    return label
                }()
                private lazy var field\(i): UITextField = {
                    let field = UITextField()
                    field.placeholder = "Value \(i)"
                    field.translatesAutoresizingMaskIntoConstraints = false
                    return field
                }()

            """
            adds += "        content.addSubview(label\(i))\n        content.addSubview(field\(i))\n"
            let above = i == 0 ? "content.topAnchor, constant: 16" : "field\(i - 1).bottomAnchor, constant: 8"
            constraints += """
                        label\(i).leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16),
                        label\(i).widthAnchor.constraint(equalToConstant: 80),
                        label\(i).centerYAnchor.constraint(equalTo: field\(i).centerYAnchor),
                        field\(i).topAnchor.constraint(equalTo: \(above)),
                        field\(i).leadingAnchor.constraint(equalTo: label\(i).trailingAnchor, constant: 8),
                        field\(i).trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -16),

            """
            helpers += "    private func padding\(i)(_ height: CGFloat) -> CGFloat { max(0, height - \(i % 8)) }\n"
        }
        return """
        import UIKit

        final class FormViewController: UIViewController {
            private let content = UIView()
            private var contentBottom: NSLayoutConstraint!

        \(properties)
            override func viewDidLoad() {
                super.viewDidLoad()
                content.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(content)
        \(adds)
                contentBottom = content.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor)
                NSLayoutConstraint.activate([
                    content.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
                    content.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                    content.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                    contentBottom,
        \(constraints)        ])
            }

            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillChange(_:)),
                                                       name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
                NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillHide(_:)),
                                                       name: UIResponder.keyboardWillHideNotification, object: nil)
            }

            override func viewWillDisappear(_ animated: Bool) {
                super.viewWillDisappear(animated)
                NotificationCenter.default.removeObserver(self)
            }

            @objc private func keyboardWillChange(_ note: Notification) {
                guard let info = note.userInfo,
                      let end = (info[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue,
                      let duration = info[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double,
                      let curve = info[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt else { return }
                let local = view.convert(end, from: view.window?.windowScene?.screen.coordinateSpace)
                let overlap = max(0, view.bounds.maxY - local.minY - view.safeAreaInsets.bottom)
                contentBottom.constant = -padding0(overlap)
                UIView.animate(withDuration: duration, delay: 0, options: UIView.AnimationOptions(rawValue: curve << 16)) {
                    self.view.layoutIfNeeded()
                }
            }

            @objc private func keyboardWillHide(_ note: Notification) {
                contentBottom.constant = 0
                view.layoutIfNeeded()
            }

        \(helpers)}

        """
    }
}
