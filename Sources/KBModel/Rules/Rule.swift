/// `on CONTROLLER EVENT: set NAME.constant = EXPR`.
public struct Rule: Sendable, Equatable, Codable {
    public var controller: String
    public var event: KeyboardNotification.Name
    public var constraint: String
    public var expression: String
    /// The flaws `import swift` found in the developer's handler this rule
    /// was made from, shown when the rule runs the flawed path (nil for a
    /// rule typed in kbplay).
    public var codeFlaws: [Flaw.ID]?

    public init(controller: String, event: KeyboardNotification.Name, constraint: String, expression: String) {
        self.controller = controller
        self.event = event
        self.constraint = constraint
        self.expression = expression
    }

    public var text: String { "on \(controller) \(event.rawValue): set \(constraint).constant = \(expression)" }
}
