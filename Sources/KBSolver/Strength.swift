/// How much a constraint matters.
///
/// Strengths are symbolic: a constraint of a higher priority always wins over
/// any number of constraints of lower priorities, whatever their weights, and
/// priority 1000 is required (never violated). Within one priority, errors are
/// weighed by `weight`.
///
/// Layout priorities map one to one: priority `p` (1…1000) is level `p`, so a
/// constraint at 751 beats any set of constraints at 750 or below, and 1000 is
/// required. The named strengths sit on that scale:
///
/// | name       | priority |
/// |------------|----------|
/// | `required` | 1000     |
/// | `strong`   | 750      |
/// | `medium`   | 500      |
/// | `weak`     | 250      |
public struct Strength: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// 1…1000; 1000 is required.
    public let priority: Int
    /// Multiplies the error within the priority level; ignored when required.
    public let weight: Double

    /// A strength at `priority`, clamped to 1…1000.
    public init(priority: Int, weight: Double = 1) {
        self.priority = min(max(priority, 1), Strength.requiredPriority)
        self.weight = weight
    }

    public static let requiredPriority = 1000
    public static let required = Strength(priority: 1000)
    public static let strong = Strength(priority: 750)
    public static let medium = Strength(priority: 500)
    public static let weak = Strength(priority: 250)

    public var isRequired: Bool { priority >= Strength.requiredPriority }

    public static func < (lhs: Strength, rhs: Strength) -> Bool {
        lhs.priority != rhs.priority ? lhs.priority < rhs.priority : lhs.weight < rhs.weight
    }

    public var description: String {
        switch self {
        case .required: return "required"
        case .strong: return "strong"
        case .medium: return "medium"
        case .weak: return "weak"
        default: return weight == 1 ? "@\(priority)" : "@\(priority)×\(weight)"
        }
    }
}
