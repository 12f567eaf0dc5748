/// What one `expect` compared: the expression as written, the relation,
/// both sides' values (rounded as printed) and whether it held.
public struct ExpectResult: Sendable, Equatable {
    /// `signIn.frame.maxY <= kb.frame.minY`.
    public var expression: String
    /// `==`, `<=`, `>=`, `<` or `>`.
    public var relation: String
    public var left: Double
    public var right: Double
    public var passed: Bool

    public init(expression: String, relation: String, left: Double, right: Double, passed: Bool) {
        self.expression = expression
        self.relation = relation
        self.left = left
        self.right = right
        self.passed = passed
    }
}
