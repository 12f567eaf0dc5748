/// One constraint that takes part in deciding a view's frame (``Screen/explain(_:)``).
public struct Explanation: Hashable, Codable, Sendable, CustomStringConvertible {
    public var name: String
    public var equation: String
    /// A user constraint (as opposed to one UIKit generates).
    public var isUser: Bool
    public var isActive: Bool
    public var isBroken: Bool
    /// Holds with equality in the current layout (for an inequality or a
    /// non-required constraint, whether it is what stops the view).
    public var isBinding: Bool

    public var description: String {
        let state = isBroken ? " (broken)" : !isActive ? " (inactive)" : isBinding ? "" : " (not binding)"
        return "\(name)  \(equation)\(state)"
    }
}
