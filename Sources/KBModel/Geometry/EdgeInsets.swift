/// Insets in points, like `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Codable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four sides.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = EdgeInsets()

    public static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }

    /// `(top left bottom right)`, numbers with at most 2 decimals.
    public var description: String {
        var text = PointText()
        text.append(self)
        return text.string
    }

    /// The same insets rounded to 2 decimals, -0 made 0.
    @inlinable @inline(__always)
    public var rounded: EdgeInsets {
        EdgeInsets(top: roundPoints(top), left: roundPoints(left), bottom: roundPoints(bottom), right: roundPoints(right))
    }
}
