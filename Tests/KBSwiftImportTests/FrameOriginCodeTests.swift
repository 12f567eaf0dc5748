import Testing
import KBModel
@testable import KBSwiftImport

/// The view.frame.origin.y answer, read from code: run as kbplay's
/// frame-origin when it moves the view up by the keyboard's height, read
/// (a finding) when it moves it by another amount.
@Suite("import swift: frame-origin")
struct FrameOriginCodeTests {
    static func code(_ show: String) -> String {
        """
        import UIKit
        class LoginViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
                NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillHide(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
            }
            @objc func keyboardWillShow(_ notification: Notification) {
                if let keyboardSize = (notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue {
                    if self.view.frame.origin.y == 0 {
                        \(show)
                    }
                }
            }
            @objc func keyboardWillHide(_ notification: Notification) {
                if self.view.frame.origin.y != 0 { self.view.frame.origin.y = 0 }
            }
        }
        """
    }

    @Test(arguments: ["self.view.frame.origin.y -= keyboardSize.height", "view.frame.origin.y = -keyboardSize.height"])
    func movingUpByTheHeightRunsAsFrameOrigin(_ show: String) throws {
        let result = SwiftImporter.read([SwiftSource(path: "Login.swift", text: Self.code(show))])
        let report = try #require(result.keyboardCode.first)
        #expect(report.strategy == .frameOrigin)
        #expect(report.runs == .frameOrigin)
        #expect(StrategyKind(rawValue: report.runs!.rawValue) == .frameOrigin)
        #expect(!result.findings.contains { $0.message.contains("not run") })
    }

    @Test func movingByAnotherAmountIsReadNotRun() throws {
        let result = SwiftImporter.read([SwiftSource(path: "Login.swift", text: Self.code("self.view.frame.origin.y -= keyboardSize.height / 2"))])
        let report = try #require(result.keyboardCode.first)
        #expect(report.strategy == .frameOrigin)
        #expect(report.runs == nil)
        #expect(result.findings.contains { $0.message.hasPrefix("LoginViewController's keyboard handling is read for its strategy and flaws, not run: on show it sets ") })
    }

    @Test func theAnswersShapesAreRecognised() {
        #expect(SwiftImporter.movesUpByTheHeight("view.frame.origin.y = view.frame.origin.y - keyboardSize.height"))
        #expect(SwiftImporter.movesUpByTheHeight("view.frame.origin.y = -endFrame.height"))
        #expect(!SwiftImporter.movesUpByTheHeight("view.frame.origin.y = -endFrame.height / 2"))
        #expect(!SwiftImporter.movesUpByTheHeight("view.frame.origin.y = view.frame.origin.y - 150"))
        #expect(!SwiftImporter.movesUpByTheHeight("view.frame.size.height = endFrame.minY"))
    }
}
