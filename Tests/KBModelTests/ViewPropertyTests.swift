import Testing
@testable import KBModel

/// The view properties' table: each property once, its `set` through the
/// table, what the rule language reads of it, and the lines the exports
/// write, with UIKit's defaults left out.
@Suite("ViewProperty: one table of the view properties")
struct ViewPropertyTests {
    static let plain = ViewProperty.Writer(number: { formatNumber($0) }, string: { "\"\($0)\"" })

    static func screen() throws -> Screen {
        var s = try Screen(deviceID: "iphone-15", orientation: .portrait)
        try s.addController("Login")
        try s.addView(.textField, "email", to: "Login.view")
        try s.addView(.scrollView, "list", to: "Login.view")
        return s
    }

    @Test func eachPropertyIsListedOnceAndFoundByName() {
        let names = ViewProperty.all.map(\.name)
        #expect(Set(names).count == names.count)
        for name in names { #expect(ViewProperty.named(name)?.name == name) }
        #expect(ViewProperty.named("constant") == nil)
        #expect(ViewProperty.scalarNames == ["clipsToBounds", "alpha", "hidden"])
    }

    /// alpha 0.5 through the table: the view's alpha, the rule language's
    /// number, what `set` says, `export kbs`'s line and Swift's statement.
    @Test func alphaThroughTheTable() throws {
        var s = try Self.screen()
        let alpha = try #require(ViewProperty.named("alpha"))
        let (_, said) = try alpha.set(.number(0.5), of: "email", on: &s, writer: Self.plain)
        let email = try s.view(named: "email")
        #expect(email.alpha == 0.5)
        #expect(said == "email.alpha is 0.5")
        #expect(alpha.scalar?(email) == 0.5)
        #expect(alpha.swiftScalar?("self.email") == "self.email.alpha")
        #expect(ViewProperty.scriptLines(email, at: [.withTheViewFirst, .withTheView], writer: Self.plain) == ["set email.alpha = 0.5"])
        let statements = ViewProperty.all.compactMap { $0.swift?(email, "email", Self.plain) }
        #expect(statements == ["email.alpha = 0.5"])
        // Out of 0…1: refused, the view as it was.
        #expect(throws: ModelError.self) { _ = try alpha.set(.number(2), of: "email", on: &s, writer: Self.plain) }
        #expect(try s.view(named: "email").alpha == 0.5)
    }

    /// A fresh view has every property at UIKit's default: no line.
    @Test func defaultsWriteNothing() throws {
        let s = try Self.screen()
        for name in ["email", "list"] {
            let v = try s.view(named: name)
            #expect(ViewProperty.scriptLines(v, at: [.withTheViewFirst, .withTheView, .afterTheConstraints, .last], writer: Self.plain).isEmpty)
            let statements = ViewProperty.all.compactMap { $0.swift?(v, name, Self.plain) }
            #expect(statements.isEmpty)
        }
    }

    /// A scroll view's property on a scroll view, where each export puts it:
    /// keyboardDismissMode first among the view's lines, hidden after the
    /// constraints, the offset last; hugging 251 → 300 on one axis.
    @Test func whereEachExportPutsThem() throws {
        var s = try Self.screen()
        for (name, value) in [("keyboardDismissMode", ViewProperty.Value.choice("onDrag")), ("hidden", .flag(true)),
                              ("hugging.vertical", .number(300)), ("contentOffset.y", .number(40)), ("contentInset.bottom", .number(12))] {
            _ = try #require(ViewProperty.named(name)).set(value, of: "list", on: &s, writer: Self.plain)
        }
        let list = try s.view(named: "list")
        #expect(ViewProperty.scriptLines(list, at: [.withTheViewFirst, .withTheView], writer: Self.plain)
                == ["set list.keyboardDismissMode = onDrag", "set list.hugging.vertical 300", "set list.contentInset.bottom = 12"])
        #expect(ViewProperty.scriptLines(list, at: [.afterTheConstraints], writer: Self.plain) == ["set list.hidden on"])
        // The offset keeps x where the view is scrolled to: 0.
        #expect(ViewProperty.scriptLines(list, at: [.last], writer: Self.plain) == ["set list.contentOffset.x = 0", "set list.contentOffset.y = 40"])
        let statements = ViewProperty.all.compactMap { $0.swift?(list, "list", Self.plain) }
        #expect(statements
                == ["list.setContentHuggingPriority(UILayoutPriority(300), for: .vertical)", "list.isHidden = true", "list.keyboardDismissMode = .onDrag"])
        // A scroll view's property on a text field: refused.
        #expect(throws: ModelError.self) { _ = try ViewProperty.named("contentInset.top")!.set(.number(1), of: "email", on: &s, writer: Self.plain) }
    }
}
