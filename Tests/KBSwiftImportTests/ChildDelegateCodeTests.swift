import Foundation
@testable import KBSwiftImport
import XCTest

/// A child controller whose handler sets its own constraint and asks its
/// parent, through a delegate of a protocol of the files, to make room is
/// child-delegate, with the parent's constraint and the view whose height
/// the parent takes; the assignments of a second observer of the same
/// child run as rules after it.
final class ChildDelegateCodeTests: XCTestCase {
    static let parent = """
    import UIKit
    protocol RoomAsking: AnyObject {
        func child(_ c: UIViewController, wantsRoom: Bool)
    }
    final class HostViewController: UIViewController, RoomAsking {
        let hero = UIView()
        var heroTop: NSLayoutConstraint!
        func child(_ c: UIViewController, wantsRoom: Bool) {
            heroTop.constant = wantsRoom ? -hero.frame.height : 0
        }
    }
    """

    static let child = """
    import UIKit
    final class NoteViewController: UIViewController {
        let note = UITextField()
        var noteBottom: NSLayoutConstraint!
        weak var roomDelegate: RoomAsking?
        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            NotificationCenter.default.addObserver(self, selector: #selector(show(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
            NotificationCenter.default.addObserver(self, selector: #selector(hide(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
            NotificationCenter.default.addObserver(self, selector: #selector(overlap(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
        }
        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            NotificationCenter.default.removeObserver(self)
        }
        @objc func show(_ n: Notification) {
            guard let end = (n.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
            noteBottom.constant = end.height
            roomDelegate?.child(self, wantsRoom: true)
        }
        @objc func hide(_ n: Notification) {
            noteBottom.constant = 0
            roomDelegate?.child(self, wantsRoom: false)
        }
        @objc func overlap(_ n: Notification) {
            guard let end = (n.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
            noteBottom.constant = end.height + 4
        }
    }
    """

    func testTheChildsRequestIsChildDelegateAndTheOtherHandlerARule() throws {
        let result = SwiftImporter.read([SwiftSource(path: "Host.swift", text: Self.parent), SwiftSource(path: "Note.swift", text: Self.child)])
        let r = try XCTUnwrap(result.keyboardCode.first { $0.type == "NoteViewController" }, "\(result.keyboardCode)")
        XCTAssertEqual(r.strategy, .childDelegate, r.why)
        XCTAssertEqual(r.runs, .childDelegate)
        XCTAssertEqual(r.runsArguments, "noteBottom parent heroTop expand hero")
        XCTAssertEqual(r.rules.map(\.expression), ["kb.end.height + 4"])
        XCTAssertFalse(result.findings.contains { $0.message.contains("not run") }, "\(result.findings.map(\.text))")
    }

    func testWithoutTheParentInTheFilesItStaysOther() throws {
        let result = SwiftImporter.read([SwiftSource(path: "Note.swift", text: Self.child)])
        let r = try XCTUnwrap(result.keyboardCode.first { $0.type == "NoteViewController" })
        XCTAssertNotEqual(r.strategy, .childDelegate)
        XCTAssertNotEqual(r.runs, .childDelegate)
    }
}
