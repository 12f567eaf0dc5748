/// What a mutation did besides its main effect: UIKit-like warnings.
public struct MutationResult: Hashable, Codable, Sendable {
    public var warnings: [ModelWarning]

    public init(warnings: [ModelWarning] = []) {
        self.warnings = warnings
    }

    /// Names of the constraints broken by the mutation.
    public var broken: [String] { warnings.map(\.brokenConstraint.name) }

    static let ok = MutationResult()
}
