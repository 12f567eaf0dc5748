/// An unknown of a constraint system.
///
/// A variable is an identity: two variables with the same name are different
/// unknowns. Its value lives in the ``Solver`` that solves for it, so one
/// variable can take part in several independent solvers.
public final class Variable: Hashable, Sendable, CustomStringConvertible {
    /// A name used in diagnostics and conflict reports.
    public let name: String

    public init(_ name: String = "") {
        self.name = name
    }

    public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { name.isEmpty ? "<unnamed>" : name }
}
