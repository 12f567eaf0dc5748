/// A rule a screen, a keyboard or a notification read from a file breaks:
/// where (the path of the bad value in its encoded form: `views[3].parent`
/// of a screen, `curve` of a notification) and why, with what would be
/// valid.
public struct ScreenViolation: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(_ path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
