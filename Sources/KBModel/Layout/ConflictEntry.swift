/// One constraint of a conflict report: a user constraint by its name, or
/// one kbplay generated (stack views, content size, guides, root frames),
/// named like UIKit's identifiers (`UISV-spacing`, `content-size`, …).
public struct ConflictEntry: Hashable, Codable, Sendable, CustomStringConvertible {
    public var name: String
    /// The equation as written, e.g. `email.height == 40`.
    public var equation: String
    /// A user constraint (as opposed to a generated one).
    public var isUser: Bool

    public init(name: String, equation: String, isUser: Bool) {
        self.name = name
        self.equation = equation
        self.isUser = isUser
    }

    public var description: String { "\(name)  \(equation)" }
}
