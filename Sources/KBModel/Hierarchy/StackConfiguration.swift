/// A `UIStackView`'s layout properties.
public struct StackConfiguration: Hashable, Codable, Sendable {
    /// `UIStackView.Distribution`, the cases kbplay models.
    public enum Distribution: String, Codable, Sendable, CaseIterable {
        case fill, fillEqually, equalSpacing
    }

    /// `UIStackView.Alignment` (leading/trailing are top/bottom on a horizontal stack).
    public enum Alignment: String, Codable, Sendable, CaseIterable {
        case fill, leading, center, trailing
    }

    public var axis: Axis
    public var spacing: Double
    public var distribution: Distribution
    public var alignment: Alignment

    public init(axis: Axis = .horizontal, spacing: Double = 0, distribution: Distribution = .fill,
                alignment: Alignment = .fill) {
        self.axis = axis
        self.spacing = spacing
        self.distribution = distribution
        self.alignment = alignment
    }
}
