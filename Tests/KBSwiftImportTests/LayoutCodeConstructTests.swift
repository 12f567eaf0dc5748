import Foundation
import KBModel
@testable import KBSwiftImport
import XCTest

/// Each way code makes constraints and sets what kbplay models, read into
/// a ``CodeScreen``; the fixtures are in Golden/ (their frames are checked
/// through the binary in KBShellTests' ImportSwiftLayoutConstructTests).
final class LayoutCodeConstructTests: XCTestCase {
    static func read(_ file: String) throws -> SwiftImportResult {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(file)").path
        return SwiftImporter.read([SwiftSource(path: file, text: try String(contentsOfFile: path, encoding: .utf8))])
    }

    func constraint(_ s: CodeScreen, _ first: Anchor) throws -> CodeScreen.Constraint {
        try XCTUnwrap(s.constraints.first { $0.first == first }, "no constraint on \(first)")
    }

    /// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`
    /// in `activate`, `addConstraint`, `addConstraints`, a stored property
    /// with `isActive = true`; an inactive one is not built.
    func testItemConstraints() throws {
        let r = try Self.read("ItemViewController.swift")
        let s = try XCTUnwrap(r.screens.first)
        XCTAssertEqual(s.controller, "Item")
        XCTAssertEqual(s.constraints.count, 8)
        XCTAssertEqual(s.constraints[0].second, Anchor(codeScreenRoot, .safeArea, .top))
        XCTAssertEqual(s.constraints[0].constant, 20)
        // `.leadingMargin` of the root view: its margins guide.
        XCTAssertEqual(s.constraints[1].second, Anchor(codeScreenRoot, .margins, .leading))
        XCTAssertEqual(s.constraints[2].second, Anchor(codeScreenRoot, .margins, .trailing))
        XCTAssertEqual(s.constraints[3].second, Anchor("name", nil, .bottom))
        XCTAssertEqual(s.constraints[5].multiplier, 0.5)
        // `toItem: nil, attribute: .notAnAttribute`: a constant.
        let height = s.constraints[6]
        XCTAssertEqual(height.name, "noteHeight")
        XCTAssertEqual(height.first, Anchor("note", nil, .height))
        XCTAssertNil(height.second)
        XCTAssertEqual(height.constant, 120)
        XCTAssertEqual(s.constraints[7].relation, ">=")
        XCTAssertEqual(s.constraints[7].constant, 44)
        XCTAssertEqual(r.findings, [])
    }

    /// A visual format string: views and metrics dictionaries held in
    /// locals, `+=` and `append(contentsOf:)` onto an array then activated,
    /// `.alignAllTop`, standard spacing; a name not in the dictionary is a
    /// finding with its place, and the rest is built.
    func testVisualFormat() throws {
        let r = try Self.read("SignupViewController.swift")
        let s = try XCTUnwrap(r.screens.first)
        // "H:|-[first]-[last(==first)]-|": 4 + alignAllTop 1; "H:|-(20)-[email]-(20)-|": 2;
        // "V:|-top-[first]-gap-[email]-gap-[join(44)]-(>=20)-|": 5;
        // "H:[join(>=100@750)]": 1; join's centerX; hint's two.
        XCTAssertEqual(s.constraints.count, 16)
        XCTAssertEqual(try constraint(s, Anchor("first", nil, .leading)).constant, 20)  // standard, to the superview
        let lastLeading = try constraint(s, Anchor("last", nil, .leading))
        XCTAssertEqual(lastLeading.second, Anchor("first", nil, .trailing))
        XCTAssertEqual(lastLeading.constant, 8)  // standard, between siblings
        XCTAssertEqual(try constraint(s, Anchor("last", nil, .width)).second, Anchor("first", nil, .width))
        let lastTrailing = try constraint(s, Anchor("last", nil, .trailing))
        XCTAssertEqual(lastTrailing.second, Anchor(codeScreenRoot, nil, .trailing))
        XCTAssertEqual(lastTrailing.constant, -20)
        XCTAssertEqual(try constraint(s, Anchor("last", nil, .top)).second, Anchor("first", nil, .top))
        XCTAssertEqual(try constraint(s, Anchor("first", nil, .top)).constant, 80)  // the metric
        let joinWidth = try constraint(s, Anchor("join", nil, .width))
        XCTAssertEqual(joinWidth.relation, ">=")
        XCTAssertEqual(joinWidth.constant, 100)
        XCTAssertEqual(joinWidth.priority, 750)
        // "[join(44)]-(>=20)-|": join.bottom <= bottom − 20.
        let joinBottom = try constraint(s, Anchor("join", nil, .bottom))
        XCTAssertEqual(joinBottom.relation, "<=")
        XCTAssertEqual(joinBottom.constant, -20)
        XCTAssertEqual(r.findings.map(\.text),
                       [#"SignupViewController.swift:31:29: note: "H:[hint]-[nowhere]": 'nowhere' is not in the views dictionary (hint): not built"#])
    }

    /// The visual format on its own: flush views, several predicates, a
    /// priority from a metric, left to right, and its errors.
    func testVisualFormatGrammar() throws {
        var f = VisualFormat(views: ["a": "a", "b": "b"], metrics: ["p": 500], superview: "box", leftToRight: true, file: "F.swift", line: 3)
        let cs = try f.constraints("|[a(>=70,<=100@p)][b]|")
        XCTAssertEqual(cs.map(\.first), [Anchor("a", nil, .left), Anchor("a", nil, .width), Anchor("a", nil, .width),
                                        Anchor("b", nil, .left), Anchor("b", nil, .right)])
        XCTAssertEqual(cs.map(\.constant), [0, 70, 100, 0, 0])
        XCTAssertEqual(cs[2].priority, 500)
        XCTAssertEqual(cs[2].relation, "<=")
        XCTAssertEqual(cs[3].second, Anchor("a", nil, .right))
        XCTAssertThrowsError(try f.constraints("V|[a]")) { e in
            XCTAssertEqual((e as? VisualFormat.Failure)?.message, "expected [view] at character 1, found 'V'")
        }
        XCTAssertThrowsError(try f.constraints("H:[a]-(x)-[b]")) { e in
            XCTAssertEqual((e as? VisualFormat.Failure)?.message, "'x' is neither a number, a metric (p) nor allowed here")
        }
    }

    /// SnapKit: make, update (the matching constraint's constant) and
    /// remake (the view's earlier ones go); offset, inset, multipliedBy,
    /// priority, equalToSuperview, a target's own attribute or the same
    /// one; a stored `.constraint` keeps its property's name.
    func testSnapKit() throws {
        let r = try Self.read("ChatViewController.swift")
        let s = try XCTUnwrap(r.screens.first)
        XCTAssertEqual(r.findings, [])
        let top = try constraint(s, Anchor("messages", nil, .top))
        XCTAssertEqual(top.second, Anchor(codeScreenRoot, .safeArea, .top))
        XCTAssertEqual(top.constant, 8)
        XCTAssertEqual(try constraint(s, Anchor("messages", nil, .bottom)).second, Anchor("input", nil, .top))
        XCTAssertEqual(try constraint(s, Anchor("input", nil, .leading)).constant, 16)
        // updateConstraints changed the height made as 44 to 50.
        XCTAssertEqual(s.constraints.filter { $0.first == Anchor("input", nil, .height) }.map(\.constant), [50])
        let bottom = try constraint(s, Anchor("input", nil, .bottom))
        XCTAssertEqual(bottom.name, "inputBottom")
        XCTAssertEqual(bottom.second, Anchor(codeScreenRoot, .safeArea, .bottom))
        XCTAssertEqual(try constraint(s, Anchor("send", nil, .trailing)).constant, -16)  // inset on a trailing edge
        XCTAssertEqual(try constraint(s, Anchor("send", nil, .width)).multiplier, 0.25)
        XCTAssertEqual(try constraint(s, Anchor("send", nil, .height)).priority, 750)
        XCTAssertEqual(try constraint(s, Anchor("send", nil, .centerY)).second, Anchor("input", nil, .centerY))
        // remakeConstraints: the edges are gone; size 24, top, right.
        let badge = s.constraints.filter { $0.first.view == "badge" }
        XCTAssertEqual(badge.map(\.first.attribute), [.width, .height, .top, .right])
        XCTAssertEqual(badge.map(\.constant), [24, 24, -4, 4])
    }

    /// SnapKit lines kbplay does not read are findings; the rest of the
    /// block is built.
    func testSnapKitFindings() throws {
        let r = SwiftImporter.read([SwiftSource(path: "Box.swift", text: """
        class BoxViewController: UIViewController {
            let box = UIView()
            override func viewDidLoad() {
                view.addSubview(box)
                box.snp.makeConstraints { make in
                    make.top.equalTo(view).offset(20)
                    make.firstBaseline.equalTo(view)
                    make.left.equalTo(view).wobble(3)
                }
            }
        }
        """)])
        let s = try XCTUnwrap(r.screens.first)
        XCTAssertEqual(s.constraints.map(\.first), [Anchor("box", nil, .top)])
        XCTAssertEqual(r.findings.map(\.text), [
            "Box.swift:7:13: note: make.firstBaseline is not an attribute kbplay models: not built",
            "Box.swift:8:13: note: .wobble is not modelled: make.left.equalTo(view).wobble(3) not built",
        ])
    }

    /// System spacing: 8 pt times the multiplier, below or after.
    func testSystemSpacing() throws {
        let s = try XCTUnwrap(try Self.read("SignupViewController.swift").screens.first)
        let below = try constraint(s, Anchor("hint", nil, .top))
        XCTAssertEqual(below.second, Anchor("join", nil, .bottom))
        XCTAssertEqual(below.constant, 16)
        XCTAssertEqual(below.multiplier, 1)
        let after = try constraint(s, Anchor("hint", nil, .leading))
        XCTAssertEqual(after.second, Anchor(codeScreenRoot, nil, .leading))
        XCTAssertEqual(after.constant, 8)
    }

    /// A child controller, the view its view goes in, the properties set
    /// (alpha, clipsToBounds, placeholder, keyboardDismissMode, hidden) and
    /// an input accessory toolbar sized to fit; the child's own screen
    /// after its parent's.
    func testChildControllerAndProperties() throws {
        let r = try Self.read("ComposeViewController.swift")
        XCTAssertEqual(r.screens.map(\.type), ["ComposeViewController", "ListViewController"])
        let compose = r.screens[0]
        XCTAssertEqual(compose.children, [CodeScreen.Child(controller: "List", type: "ListViewController", container: "container",
                                                           file: "ComposeViewController.swift", line: 34)])
        XCTAssertEqual(compose.views.map(\.name), ["header", "container", "subject"])
        XCTAssertEqual(compose.views[2].placeholder, "Subject")
        XCTAssertEqual(compose.settings.map { "\($0.view).\($0.property) \($0.value)" }, ["header.clipsToBounds on", "header.alpha 0.9"])
        XCTAssertEqual(compose.inputViews.map { "\($0.owner) \($0.name ?? "") \($0.height) \($0.isAccessory)" }, ["subject toolbar 44.0 true"])
        let list = r.screens[1]
        XCTAssertEqual(list.settings.map { "\($0.view).\($0.property) \($0.value)" },
                       ["table.keyboardDismissMode interactive", "table.hidden off"])
        XCTAssertEqual(r.findings.map(\.text), [
            "ComposeViewController.swift:7:9: note: UIToolbar is modelled as a plain view",
            "ComposeViewController.swift:48:9: note: table.contentInsetAdjustmentBehavior .automatic: kbplay does not add the safe area to table's content inset (as .never)",
        ])
    }

    /// Outlets are the storyboard's views: set and constrained, not made.
    func testOutletsAreNotMade() throws {
        let r = try Self.read("StoryboardLoginViewController.swift")
        let s = try XCTUnwrap(r.screens.first)
        XCTAssertEqual(s.controller, "Login")
        XCTAssertEqual(s.views.map(\.name), ["forgot"])
        XCTAssertEqual(s.views[0].text, "Forgot?")
        XCTAssertEqual(s.outlets, ["bottomConstraint", "emailField", "signInButton"])
        XCTAssertEqual(s.settings.map { "\($0.view).\($0.property) \($0.value)" },
                       ["emailField.placeholder you@example.com", "signInButton.alpha 0.5", "bottomConstraint.constant 30"])
        // `Layout.gap * 1.5`: another type's constant, times 1.5.
        XCTAssertEqual(s.constraints[0].constant, 12)
        XCTAssertEqual(s.constraints.map(\.first), [Anchor("forgot", nil, .top), Anchor("forgot", nil, .centerX), Anchor("emailField", nil, .height)])
        XCTAssertEqual(r.findings, [])
    }

    /// A view that keeps its autoresizing mask is placed by its frame;
    /// with constraints of its own it is a finding.
    func testAutoresizingMask() throws {
        let r = SwiftImporter.read([SwiftSource(path: "Frame.swift", text: """
        class FrameViewController: UIViewController {
            let banner = UIView(frame: CGRect(x: 10, y: 100, width: 200, height: 50))
            let label = UILabel()
            override func viewDidLoad() {
                view.addSubview(banner)
                view.addSubview(label)
                label.topAnchor.constraint(equalTo: view.topAnchor).isActive = true
            }
        }
        """)])
        let s = try XCTUnwrap(r.screens.first)
        XCTAssertEqual(s.constraints.map { "\($0.first) \($0.relation) \($0.second?.description ?? "") \($0.constant)" }, [
            "label.top == $root.top 0.0",
            "banner.left == $root.left 10.0", "banner.top == $root.top 100.0",
            "banner.width ==  200.0", "banner.height ==  50.0",
        ])
        XCTAssertEqual(r.findings.map(\.text), [
            "Frame.swift:3:9: note: label.translatesAutoresizingMaskIntoConstraints is not set to false: UIKit adds constraints from its frame that conflict with its own; built as if false",
        ])
    }

    /// `NSLayoutConstraint(…)` with other labels, or a relation that is not
    /// one, is a finding; the file is still read.
    func testItemConstraintFindings() throws {
        let r = SwiftImporter.read([SwiftSource(path: "Bad.swift", text: """
        class BadViewController: UIViewController {
            let a = UIView()
            override func viewDidLoad() {
                view.addSubview(a)
                a.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint(item: a, attribute: .top, relatedBy: .near, toItem: view, attribute: .top, multiplier: 1, constant: 0).isActive = true
                NSLayoutConstraint.activate([
                    NSLayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 10),
                ])
            }
        }
        """)])
        let s = try XCTUnwrap(r.screens.first)
        XCTAssertEqual(s.constraints.map(\.first), [Anchor("a", nil, .width)])
        XCTAssertEqual(r.findings.map(\.text), [
            "Bad.swift:6:9: note: .near is not a relation: .equal, .lessThanOrEqual or .greaterThanOrEqual; not built",
        ])
    }

    /// A helper of an `NSLayoutConstraint` extension that returns the
    /// constraint (its `identifier` a name, its `priority` the priority),
    /// a subclass's `init(item:…)`, the controller's own
    /// `inputAccessoryView` with its subviews, a child's view constrained.
    func testHelpersSubclassesAccessoriesAndChildViews() throws {
        let r = try Self.read("BarViewController.swift")
        let s = try XCTUnwrap(r.screens.first)
        XCTAssertEqual(r.findings, [])
        XCTAssertEqual(try constraint(s, Anchor("messages", nil, .top)).name, "messagesTop")
        let trailing = try constraint(s, Anchor("messages", nil, .trailing))
        XCTAssertEqual(trailing.name, "messagesTrailing")
        XCTAssertEqual(trailing.priority, 750)
        let height = try constraint(s, Anchor("message", nil, .height))
        XCTAssertEqual(height.name, "messageHeight")
        XCTAssertEqual(height.relation, ">=")
        XCTAssertEqual(s.inputViews, [CodeScreen.InputView(owner: codeScreenRoot, name: "bar", height: 50, isAccessory: true,
                                                           file: "BarViewController.swift", line: 43)])
        XCTAssertEqual(s.views.map { "\($0.name) in \($0.parent ?? "root")" }, ["messages in root", "message in bar"])
        XCTAssertEqual(s.children.map(\.controller), ["Side"])
        XCTAssertEqual(try constraint(s, Anchor("Side.view", nil, .top)).second, Anchor(codeScreenRoot, nil, .top))
    }

    /// What viewDidLoad and the functions it calls build is the screen at
    /// rest: `forEach(view.addSubview)`, an input view made in place; the
    /// block kept for a notification and the keyboard handler (its
    /// `isHidden`, its `remakeConstraints`) are not run.
    func testTheScreenAtRestIsWhatSetupCodeBuilds() throws {
        let r = try Self.read("ReplyViewController.swift")
        let s = try XCTUnwrap(r.screens.first)
        XCTAssertEqual(s.views.map(\.name), ["reply", "date", "hint"])
        XCTAssertEqual(s.views[2].text, "Be kind")
        XCTAssertEqual(s.settings, [])
        XCTAssertEqual(s.constraints.filter { $0.first.view == "reply" }.map(\.first.attribute), [.top, .leading, .trailing])
        XCTAssertEqual(s.inputViews, [CodeScreen.InputView(owner: "date", name: nil, height: 216, isAccessory: false,
                                                           file: "ReplyViewController.swift", line: 23)])
    }

    /// Numbers worked out from constant properties (`Metrics.pad * 2 +
    /// 4` = 8 × 2 + 4 = 20, `-inset` = −12); SnapKit's old top layout guide
    /// is the safe area's top; a child's class read before its parent's is
    /// still built after it.
    func testNumbersOldGuidesAndChildOrder() throws {
        let r = SwiftImporter.read([SwiftSource(path: "Panel.swift", text: """
        final class PanelViewController: UIViewController {
            let title = UILabel()
            override func viewDidLoad() {
                view.addSubview(title)
                title.snp.makeConstraints { make in
                    make.top.equalTo(topLayoutGuide.snp.bottom).offset(Metrics.pad * 2 + 4)
                    make.leading.equalToSuperview().offset(-inset)
                }
            }
            private let inset: CGFloat = 12
        }
        final class HostViewController: UIViewController {
            let panel = PanelViewController()
            override func viewDidLoad() {
                addChild(panel)
                view.addSubview(panel.view)
                panel.didMove(toParent: self)
            }
        }
        enum Metrics {
            static let pad = 8.0
        }
        """)])
        XCTAssertEqual(r.findings, [])
        XCTAssertEqual(r.screens.map(\.type), ["HostViewController", "PanelViewController"])
        XCTAssertEqual(r.screens[0].children, [CodeScreen.Child(controller: "Panel", type: "PanelViewController", container: nil,
                                                                file: "Panel.swift", line: 15)])
        let panel = r.screens[1]
        XCTAssertEqual(panel.constraints.map(\.second), [Anchor(codeScreenRoot, .safeArea, .top), Anchor(codeScreenRoot, nil, .leading)])
        XCTAssertEqual(panel.constraints.map(\.constant), [20, -12])
    }

    /// Priorities as code writes them, and constraints activated one by
    /// one in a `forEach`.
    func testPrioritiesAndForEachActivation() throws {
        XCTAssertEqual(LayoutCodeReader.priority(".defaultHigh - 1"), 749)
        XCTAssertEqual(LayoutCodeReader.priority("UILayoutPriority.defaultLow + 10"), 260)
        XCTAssertEqual(LayoutCodeReader.priority("UILayoutPriority(rawValue: 999)"), 999)
        XCTAssertEqual(LayoutCodeReader.priority("UILayoutPriority(700)"), 700)
        XCTAssertEqual(LayoutCodeReader.priority(".required"), 1000)
        XCTAssertNil(LayoutCodeReader.priority(".defaultHigh * 2"))
        let r = SwiftImporter.read([SwiftSource(path: "Each.swift", text: """
        final class EachViewController: UIViewController {
            let a = UIView()
            override func viewDidLoad() {
                view.addSubview(a)
                a.translatesAutoresizingMaskIntoConstraints = false
                let list = [a.topAnchor.constraint(equalTo: view.topAnchor), a.heightAnchor.constraint(equalToConstant: 10)]
                list.forEach { $0.isActive = true }
                [a.widthAnchor.constraint(equalToConstant: 20)].forEach { $0.isActive = true }
            }
        }
        """)])
        XCTAssertEqual(r.findings, [])
        XCTAssertEqual(r.screens.first?.constraints.map(\.first.attribute), [.top, .height, .width])
    }

    /// A view class of the files read is built as the UIKit class it comes
    /// from; one that adds subviews of its own says they are not built.
    func testTheAppsOwnViewClasses() throws {
        let r = try Self.read("PaddedViewController.swift")
        let s = try XCTUnwrap(r.screens.first)
        XCTAssertEqual(s.views.map(\.kind), [.textField, .view, .view])
        XCTAssertEqual(s.views[2].intrinsicWidth, 60)
        XCTAssertEqual(s.views[2].intrinsicHeight, 24)
        XCTAssertEqual(r.findings.map(\.text), ["PaddedViewController.swift:8:9: note: CardView's own subviews are not built: it is built as a UIView"])
    }

    /// What the setup code sets and kbplay does not model is counted in
    /// one note at the first of them; nothing is dropped silently.
    func testPropertiesNotModelledAreOneNote() throws {
        let r = SwiftImporter.read([SwiftSource(path: "Look.swift", text: """
        final class LookViewController: UIViewController {
            let a = UITextField()
            let b = UILabel()
            override func viewDidLoad() {
                view.addSubview(a)
                view.addSubview(b)
                a.backgroundColor = .white
                b.backgroundColor = .red
                b.font = .systemFont(ofSize: 20)
                a.keyboardType = .emailAddress
                a.alpha = 0.5
                a.translatesAutoresizingMaskIntoConstraints = false
                a.topAnchor.constraint(equalTo: view.topAnchor).isActive = true
            }
        }
        """)])
        XCTAssertEqual(r.findings.map(\.text), [
            "Look.swift:7:9: note: set in code and not modelled (kbplay's layout does not depend on them): backgroundColor ×2, font ×1, keyboardType ×1",
        ])
        XCTAssertEqual(r.screens.first?.settings.map(\.property), ["alpha"])
    }

    /// A helper of the `NSLayoutConstraint` extension that activates the
    /// constraint it returns: each call is an active constraint, named
    /// after the property that holds it.
    func testActivatingHelpers() throws {
        let r = SwiftImporter.read([SwiftSource(path: "Act.swift", text: """
        final class ActViewController: UIViewController {
            let a = UIView()
            var aBottom: NSLayoutConstraint!
            override func viewDidLoad() {
                view.addSubview(a)
                a.translatesAutoresizingMaskIntoConstraints = false
                a.topAnchor.constraint(equalTo: view.topAnchor).activated()
                aBottom = a.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -8).withPriority(.defaultHigh).activated()
                a.leadingAnchor.constraint(equalTo: view.leadingAnchor).withPriority(.defaultLow)
            }
        }
        extension NSLayoutConstraint {
            @discardableResult func activated() -> NSLayoutConstraint {
                isActive = true
                return self
            }
            func withPriority(_ p: UILayoutPriority) -> NSLayoutConstraint {
                priority = p
                return self
            }
        }
        """)])
        XCTAssertEqual(r.findings, [])
        let s = try XCTUnwrap(r.screens.first)
        // The leading one is made but never activated.
        XCTAssertEqual(s.constraints.map(\.first.attribute), [.top, .bottom])
        XCTAssertEqual(s.constraints[1].name, "aBottom")
        XCTAssertEqual(s.constraints[1].priority, 750)
        XCTAssertEqual(s.constraints[1].constant, -8)
    }

    /// A root view of the app's own class made in `loadView`: its subviews
    /// and constraints come first, with the root's anchors its own
    /// (`safeAreaLayoutGuide.topAnchor`, `centerXAnchor`), and the
    /// controller's code reaches them through its casting property.
    func testARootViewOfTheAppsOwnClass() throws {
        let r = try Self.read("SignInViewController.swift")
        XCTAssertEqual(r.findings, [])
        XCTAssertEqual(r.screens.count, 1)
        let s = try XCTUnwrap(r.screens.first)
        XCTAssertEqual(s.controller, "SignIn")
        XCTAssertEqual(s.views.map(\.name), ["email", "go"])
        XCTAssertEqual(s.views[1].text, "Go")
        XCTAssertEqual(s.constraints.first?.second, Anchor(codeScreenRoot, .safeArea, .top))
        XCTAssertEqual(s.constraints[4].second, Anchor(codeScreenRoot, nil, .centerX))
        XCTAssertEqual(s.constraints[5].first, Anchor("go", nil, .height))
        XCTAssertEqual(s.settings.map { "\($0.view).\($0.property) \($0.value)" }, ["email.placeholder Email"])
    }

    /// A view made by a function of the files is of the class the
    /// function returns.
    func testViewsMadeByAFactoryFunction() throws {
        let r = SwiftImporter.read([SwiftSource(path: "Make.swift", text: """
        final class MakeViewController: UIViewController {
            lazy var email = makeField("Email")
            override func viewDidLoad() {
                let note = self.makeNote()
                view.addSubview(email)
                view.addSubview(note)
            }
            private func makeField(_ placeholder: String) -> UITextField {
                let f = UITextField()
                f.placeholder = placeholder
                return f
            }
            private func makeNote() -> UILabel { UILabel() }
        }
        """)])
        let s = try XCTUnwrap(r.screens.first)
        XCTAssertEqual(s.views.map(\.name), ["email", "note"])
        XCTAssertEqual(s.views.map(\.kind), [.textField, .label])
        XCTAssertEqual(r.findings, [])
    }
}
