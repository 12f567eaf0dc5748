/// Something UIKit would log while still doing what was asked.
public enum ModelWarning: Hashable, Codable, Sendable, CustomStringConvertible {
    /// What was being done to the constraint that broke.
    public enum Cause: String, Hashable, Codable, Sendable {
        /// The constraint was just added.
        case added
        /// The constraint was just activated.
        case activated
        /// Its constant or priority was just changed.
        case changed
        /// Something else changed (device, rotation, keyboard, a frame, a
        /// generated constraint) and a user constraint had to give way.
        case layout
    }

    /// "Unable to simultaneously satisfy constraints": `broken` is held out
    /// of layout; `conflicts` is a minimal set of required constraints
    /// (`broken` among them) that cannot hold together.
    case unsatisfiable(broken: ConflictEntry, conflicts: [ConflictEntry], cause: Cause)

    public var description: String {
        switch self {
        case let .unsatisfiable(broken, conflicts, cause):
            let list = conflicts.map { "    \($0.name)  \($0.equation)" }.joined(separator: "\n")
            let why = switch cause {
            case .added: "the constraint just added"
            case .activated: "the constraint just activated"
            case .changed: "the constraint just changed"
            case .layout: "to keep the layout valid"
            }
            return "Unable to simultaneously satisfy constraints. These required constraints conflict:\n\(list)\nbroke \(broken.name), \(why)"
        }
    }

    /// The constraint that was broken.
    public var brokenConstraint: ConflictEntry {
        switch self {
        case let .unsatisfiable(broken, _, _): broken
        }
    }
}
