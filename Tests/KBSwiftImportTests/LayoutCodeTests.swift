import Foundation
import KBModel
import KBSwiftImport
import XCTest

/// Views and anchor constraints made in a controller's code.
final class LayoutCodeTests: XCTestCase {
    static let login = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/LoginViewController.swift").path

    func testTheLoginScreenMadeInCode() throws {
        let text = try String(contentsOfFile: Self.login, encoding: .utf8)
        let result = SwiftImporter.read([SwiftSource(path: "Login.swift", text: text)])
        XCTAssertEqual(result.keyboardCode, [])
        let screen = try XCTUnwrap(result.screens.first)
        XCTAssertEqual(screen.type, "LoginViewController")
        XCTAssertEqual(screen.controller, "Login")
        // The three of the forEach in its order, then the label (a local).
        XCTAssertEqual(screen.views.map(\.name), ["email", "password", "signIn", "hint"])
        XCTAssertEqual(screen.views.map(\.kind), [.textField, .textField, .button, .label])
        XCTAssertEqual(screen.views.map(\.parent), [nil, nil, nil, nil])
        // 13 in the activate list (buttonBottom by its name), 3 with
        // isActive (the last of them with system spacing).
        XCTAssertEqual(screen.constraints.count, 16)
        let stored = try XCTUnwrap(screen.constraints.first { $0.name == "buttonBottom" })
        XCTAssertEqual(stored.first, Anchor("signIn", nil, .bottom))
        XCTAssertEqual(stored.relation, "<=")
        XCTAssertEqual(stored.second, Anchor(codeScreenRoot, .safeArea, .bottom))
        XCTAssertEqual(stored.constant, -16)
        // `-margin` read through the property's value.
        XCTAssertEqual(screen.constraints[2].constant, -20)
        XCTAssertEqual(screen.constraints[3].second, nil)
        XCTAssertEqual(screen.constraints[3].constant, 44)
        XCTAssertEqual(screen.constraints[10].multiplier, 0.5)
        // `equalToSystemSpacingBelow: password.bottomAnchor, multiplier: 1`:
        // 8 pt × 1 below it.
        let spaced = screen.constraints[15]
        XCTAssertEqual(spaced.first, Anchor("signIn", nil, .bottom))
        XCTAssertEqual(spaced.second, Anchor("password", nil, .bottom))
        XCTAssertEqual(spaced.relation, "==")
        XCTAssertEqual(spaced.constant, 8)
        XCTAssertEqual(spaced.multiplier, 1)
        XCTAssertEqual(spaced.line, 44)
        // The label keeps its autoresizing mask while it has constraints.
        XCTAssertTrue(result.findings.contains { $0.text == "Login.swift:39:13: note: hint.translatesAutoresizingMaskIntoConstraints is not set to false: UIKit adds constraints from its frame that conflict with its own; built as if false" },
                      "\(result.findings.map(\.text))")
    }
}

/// A stack view made with arranged subviews, configured in its lazy
/// closure, another added later; a title; a visual format string held in a
/// local and activated.
final class StackCodeTests: XCTestCase {
    func testAStackViewMadeInCode() throws {
        let result = SwiftImporter.read([SwiftSource(path: "Profile.swift", text: """
        class ProfileViewController: UIViewController {
            let name = UITextField()
            let city = UITextField()
            lazy var form: UIStackView = {
                let s = UIStackView(arrangedSubviews: [name, city])
                s.axis = .vertical
                s.spacing = 12
                return s
            }()
            let save = UIButton(type: .system)
            override func viewDidLoad() {
                view.addSubview(form)
                save.setTitle("Save", for: .normal)
                form.addArrangedSubview(save)
                form.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.activate([
                    form.topAnchor.constraint(equalTo: view.layoutMarginsGuide.topAnchor),
                    form.centerXAnchor.constraint(equalTo: view.centerXAnchor),
                    form.widthAnchor.constraint(greaterThanOrEqualToConstant: 240),
                ])
                let more = NSLayoutConstraint.constraints(withVisualFormat: "V:[form]-|", metrics: nil, views: ["form": form])
                NSLayoutConstraint.activate(more)
            }
        }
        """)])
        let screen = try XCTUnwrap(result.screens.first)
        XCTAssertEqual(screen.controller, "Profile")
        XCTAssertEqual(screen.views.map(\.name), ["form", "name", "city", "save"])
        XCTAssertEqual(screen.views.map(\.parent), [nil, "form", "form", "form"])
        XCTAssertEqual(screen.views[0].axis, "vertical")
        XCTAssertEqual(screen.views[0].spacing, 12)
        XCTAssertEqual(screen.views[3].text, "Save")
        XCTAssertEqual(screen.constraints.map(\.relation), ["==", "==", ">=", "=="])
        XCTAssertEqual(screen.constraints[0].second, Anchor(codeScreenRoot, .margins, .top))
        // "V:[form]-|": the standard 20 pt above the superview's bottom.
        XCTAssertEqual(screen.constraints[3].first, Anchor("form", nil, .bottom))
        XCTAssertEqual(screen.constraints[3].second, Anchor(codeScreenRoot, nil, .bottom))
        XCTAssertEqual(screen.constraints[3].constant, -20)
        XCTAssertEqual(screen.constraints[3].line, 21)
        XCTAssertEqual(result.findings.map(\.text), [], "\(result.findings.map(\.text))")
    }
}
