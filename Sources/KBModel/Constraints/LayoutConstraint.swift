/// A user constraint: `first RELATION second × multiplier + constant @priority`,
/// or `first RELATION constant` for a size, like `NSLayoutConstraint`.
public struct LayoutConstraint: Hashable, Codable, Sendable, CustomStringConvertible {
    public var name: String
    public var first: Anchor
    public var relation: LayoutRelation
    public var second: Anchor?
    public var multiplier: Double
    public var constant: Double
    /// 1…1000; 1000 is required.
    public var priority: Int
    public var isActive: Bool
    /// A required constraint that could not be satisfied: active, but held
    /// out of the layout (as UIKit breaks it) until it is activated again or
    /// its constant or priority changes.
    public var isBroken: Bool
    /// The constant the screen has at rest, when a keyboard handler (a
    /// strategy or a rule) has changed ``constant`` since it was declared
    /// or a command last set it; nil when ``constant`` is that one.
    public var restingConstant: Double?

    public init(name: String, first: Anchor, relation: LayoutRelation, second: Anchor? = nil,
                multiplier: Double = 1, constant: Double = 0, priority: Int = 1000, isActive: Bool = true) {
        self.name = name
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.isActive = isActive
        isBroken = false
    }

    public var isRequired: Bool { priority >= 1000 }

    /// The constant as declared or as a command last set it, not as a
    /// keyboard handler left it.
    public var constantAtRest: Double { restingConstant ?? constant }

    /// Whether the constraint takes part in layout (active and not broken).
    public var isEffective: Bool { isActive && !isBroken }

    /// The equation as written: `email.top == form.top + 8`,
    /// `icon.width == icon.height * 2`, `email.height == 40 @750`.
    public var equation: String {
        var out = "\(first) \(relation.rawValue) "
        if let second {
            out += second.description
            if multiplier != 1 { out += " * \(formatPoints(multiplier))" }
            if roundPoints(constant) != 0 {
                out += constant < 0 ? " - \(formatPoints(-constant))" : " + \(formatPoints(constant))"
            }
        } else {
            out += formatPoints(constant)
        }
        if priority < 1000 { out += " @\(priority)" }
        return out
    }

    /// `name: equation`.
    public var description: String { "\(name): \(equation)" }

    /// The views the constraint mentions.
    public var views: [String] {
        [first.view] + (second.map { [$0.view] } ?? [])
    }

    /// Whether one of the constraint's anchors belongs to `view` (without
    /// building ``views``: listing a view's constraints asks every one).
    public func mentions(_ view: String) -> Bool {
        first.view == view || second?.view == view
    }
}
