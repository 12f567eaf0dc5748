import Testing
@testable import KBModel

/// `accessibilityIdentifier` through the view properties' table.
@Suite("ViewProperty: accessibilityIdentifier")
struct AccessibilityIdentifierTests {
    @Test func setSaidAndWrittenByBothExports() throws {
        var s = try ViewPropertyTests.screen()
        let id = try #require(ViewProperty.named("accessibilityIdentifier"))
        let (_, said) = try id.set(.text("emailField"), of: "email", on: &s, writer: ViewPropertyTests.plain)
        let email = try s.view(named: "email")
        #expect(email.accessibilityIdentifier == "emailField")
        #expect(said == "a UI test finds email as \"emailField\"")
        #expect(ViewProperty.scriptLines(email, at: [.withTheView], writer: ViewPropertyTests.plain)
                == ["set email.accessibilityIdentifier = \"emailField\""])
        #expect(ViewProperty.all.compactMap { $0.swift?(email, "email", ViewPropertyTests.plain) } == ["email.accessibilityIdentifier = \"emailField\""])
        // Not a number of the rule language; an empty text clears it.
        #expect(!ViewProperty.scalarNames.contains("accessibilityIdentifier"))
        _ = try id.set(.text(""), of: "email", on: &s, writer: ViewPropertyTests.plain)
        #expect(try s.view(named: "email").accessibilityIdentifier == nil)
        // An unknown view is refused.
        #expect(throws: ModelError.self) { _ = try id.set(.text("x"), of: "nope", on: &s, writer: ViewPropertyTests.plain) }
    }
}
