/// `NSLayoutConstraint.Relation`.
public enum LayoutRelation: String, Codable, Sendable, CaseIterable {
    case equal = "=="
    case lessOrEqual = "<="
    case greaterOrEqual = ">="
}
