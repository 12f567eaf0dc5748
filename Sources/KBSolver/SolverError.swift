/// Why a solver call was refused. After any of these the solver is exactly as
/// it was before the call.
public enum SolverError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A required constraint cannot hold together with the required
    /// constraints already in the solver. `conflicts` is a minimal set of
    /// required constraints, including `constraint` itself, that cannot hold
    /// together: drop any one of them and the rest can.
    case unsatisfiable(Constraint, conflicts: [Constraint])
    case duplicateConstraint(Constraint)
    case unknownConstraint(Constraint)
    case duplicateEditVariable(Variable)
    case unknownEditVariable(Variable)
    /// Edit variables cannot be required.
    case requiredEditStrength(Variable)
    /// A broken invariant: a bug in the solver, never the caller's input.
    case internalError(String)

    public var description: String {
        switch self {
        case let .unsatisfiable(c, conflicts):
            return "unable to satisfy \(c); conflicting: " + conflicts.map(\.description).joined(separator: "; ")
        case let .duplicateConstraint(c): return "constraint already added: \(c)"
        case let .unknownConstraint(c): return "constraint not in the solver: \(c)"
        case let .duplicateEditVariable(v): return "edit variable already added: \(v)"
        case let .unknownEditVariable(v): return "not an edit variable: \(v)"
        case let .requiredEditStrength(v): return "an edit variable cannot be required: \(v)"
        case let .internalError(m): return "internal solver error: \(m)"
        }
    }
}
