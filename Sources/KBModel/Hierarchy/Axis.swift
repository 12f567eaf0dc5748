/// A layout axis.
public enum Axis: String, Codable, Sendable, CaseIterable {
    case horizontal
    case vertical
}

/// One value per axis, like a view's hugging or compression-resistance priorities.
public struct AxisPair<Value: Hashable & Codable & Sendable>: Hashable, Codable, Sendable {
    public var horizontal: Value
    public var vertical: Value

    public init(horizontal: Value, vertical: Value) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public init(_ both: Value) {
        self.init(horizontal: both, vertical: both)
    }

    public subscript(_ axis: Axis) -> Value {
        get { axis == .horizontal ? horizontal : vertical }
        set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
    }
}
