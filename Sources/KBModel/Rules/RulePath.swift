/// The words of the rule language's paths (`kb.end.height`,
/// `email.frame.maxY`, `email.visible`), which the shell evaluates and the
/// Swift export writes as code.
public enum RulePath {
    /// The members of a rectangle a path reads.
    public static let rectMembers = ["minX", "minY", "maxX", "maxY", "midX", "midY", "width", "height"]
    /// A view's rectangle and inset properties.
    public static let viewProperties = ["frame", "bounds", "safeAreaInsets", "contentInset", "contentOffset", "contentSize"]
    /// View properties that are numbers themselves (`email.visible`).
    public static let viewScalars = ["visible"] + ViewProperty.scalarNames

    /// The dot-separated parts of a path.
    public static func parts(of path: String) -> [String] {
        // Bytes split as characters do, unless a dot combines with a mark
        // after it into one character, which takes text beyond ASCII.
        guard path.utf8.allSatisfy({ $0 < 0x80 }) else { return path.split(separator: ".").map(String.init) }
        return path.utf8.split(separator: UInt8(ascii: ".")).map { String(Substring($0)) }
    }
}
