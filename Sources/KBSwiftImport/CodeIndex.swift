import SwiftParser
import SwiftSyntax

/// A place in a file, 1-based.
struct Place: Equatable {
    var file: String
    var line: Int
    var column: Int
}

/// A function, initializer, deinitializer or computed property: code that
/// can run, with its owner type.
final class Routine {
    let name: String
    let owner: String
    let parameters: [(label: String?, name: String, type: String)]
    let body: Syntax?
    let place: Place
    let file: Int

    init(name: String, owner: String, parameters: [(label: String?, name: String, type: String)], body: Syntax?, place: Place, file: Int) {
        self.name = name
        self.owner = owner
        self.parameters = parameters
        self.body = body
        self.place = place
        self.file = file
    }
}

/// A stored or computed property: its declared type and initial value as
/// written.
struct Property {
    var name: String
    var type: String
    var initializer: String
}

/// A type with all its extensions in the files read, merged by name.
final class TypeInfo {
    let name: String
    var kind: String
    var inherits: [String] = []
    var routines: [Routine] = []
    var properties: [String: Property] = [:]
    var place: Place
    var file: Int
    /// Requirements of a protocol declared in the files.
    var requirements: [String] = []
    /// Whole text of the declarations, for name look-ups.
    var text = ""
    /// Properties marked `@IBOutlet`: views (and constraints) an Interface
    /// Builder document makes.
    var outlets: Set<String> = []

    init(name: String, kind: String, place: Place, file: Int) {
        self.name = name
        self.kind = kind
        self.place = place
        self.file = file
    }

    func routines(named n: String) -> [Routine] { routines.filter { $0.name == n } }

    /// A view controller by its superclass or its name (an extension of a
    /// controller declared elsewhere).
    var isViewController: Bool {
        name.hasSuffix("Controller") && !inherits.contains("NSLayoutConstraint")
            || inherits.contains { $0.hasSuffix("ViewController") || $0 == "UIViewController" }
    }
}

/// Every type, routine and typealias of the files read.
final class CodeIndex {
    var types: [String: TypeInfo] = [:]
    var order: [String] = []
    var functionAliases: Set<String> = []
    var protocols: Set<String> = []
    let files: [SwiftSource]
    let converters: [SourceLocationConverter]
    let trees: [SourceFileSyntax]

    init(_ sources: [SwiftSource]) {
        files = sources
        var trees: [SourceFileSyntax] = []
        var converters: [SourceLocationConverter] = []
        for s in sources {
            let tree = Parser.parse(source: s.text)
            trees.append(tree)
            converters.append(SourceLocationConverter(fileName: s.path, tree: tree))
        }
        self.trees = trees
        self.converters = converters
        for (i, tree) in trees.enumerated() {
            let v = DeclarationCollector(index: self, file: i)
            v.walk(tree)
        }
    }

    func place(_ node: some SyntaxProtocol, file: Int) -> Place {
        let l = node.startLocation(converter: converters[file])
        return Place(file: files[file].path, line: l.line, column: l.column)
    }

    func type(_ name: String, kind: String, node: some SyntaxProtocol, file: Int) -> TypeInfo {
        if let t = types[name] {
            if kind != "extension", t.kind == "extension" {
                t.kind = kind
                t.place = place(node, file: file)
                t.file = file
            }
            return t
        }
        let t = TypeInfo(name: name, kind: kind, place: place(node, file: file), file: file)
        types[name] = t
        order.append(name)
        return t
    }

    var allRoutines: [Routine] { order.flatMap { types[$0]!.routines } }

    /// Routines named `name`: the owner's first, then any type's.
    func resolve(_ name: String, from owner: String) -> [Routine] {
        if let t = types[owner] {
            let own = t.routines(named: name)
            if !own.isEmpty { return own }
        }
        return allRoutines.filter { $0.name == name }
    }
}

/// Collects declarations into a ``CodeIndex``.
private final class DeclarationCollector: SyntaxVisitor {
    let index: CodeIndex
    let file: Int
    var stack: [TypeInfo] = []

    init(index: CodeIndex, file: Int) {
        self.index = index
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    private func open(_ name: String, _ kind: String, _ node: some SyntaxProtocol, inherits: InheritanceClauseSyntax?) {
        let t = index.type(name, kind: kind, node: node, file: file)
        t.inherits += inherits?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        t.text += node.description
        stack.append(t)
    }

    override func visit(_ n: ClassDeclSyntax) -> SyntaxVisitorContinueKind { open(n.name.text, "class", n, inherits: n.inheritanceClause); return .visitChildren }
    override func visitPost(_ n: ClassDeclSyntax) { stack.removeLast() }
    override func visit(_ n: StructDeclSyntax) -> SyntaxVisitorContinueKind { open(n.name.text, "struct", n, inherits: n.inheritanceClause); return .visitChildren }
    override func visitPost(_ n: StructDeclSyntax) { stack.removeLast() }
    override func visit(_ n: EnumDeclSyntax) -> SyntaxVisitorContinueKind { open(n.name.text, "enum", n, inherits: n.inheritanceClause); return .visitChildren }
    override func visitPost(_ n: EnumDeclSyntax) { stack.removeLast() }
    override func visit(_ n: ActorDeclSyntax) -> SyntaxVisitorContinueKind { open(n.name.text, "actor", n, inherits: n.inheritanceClause); return .visitChildren }
    override func visitPost(_ n: ActorDeclSyntax) { stack.removeLast() }
    override func visit(_ n: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        open(n.extendedType.trimmedDescription, "extension", n, inherits: n.inheritanceClause); return .visitChildren
    }
    override func visitPost(_ n: ExtensionDeclSyntax) { stack.removeLast() }
    override func visit(_ n: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        open(n.name.text, "protocol", n, inherits: n.inheritanceClause)
        index.protocols.insert(n.name.text)
        return .visitChildren
    }
    override func visitPost(_ n: ProtocolDeclSyntax) { stack.removeLast() }

    override func visit(_ n: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        if n.initializer.value.trimmedDescription.contains("->") { index.functionAliases.insert(n.name.text) }
        return .skipChildren
    }

    private var owner: String { stack.last?.name ?? "" }

    private func add(_ r: Routine) {
        if let t = stack.last { t.routines.append(r) } else {
            index.type("", kind: "file", node: r.body ?? Syntax(index.trees[file]), file: file).routines.append(r)
        }
    }

    private func parameters(_ clause: FunctionParameterClauseSyntax) -> [(label: String?, name: String, type: String)] {
        clause.parameters.map { p in
            let first = p.firstName.text
            return (first == "_" ? nil : first, p.secondName?.text ?? first, p.type.trimmedDescription)
        }
    }

    override func visit(_ n: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if stack.last?.kind == "protocol" { stack.last?.requirements.append(n.name.text) }
        add(Routine(name: n.name.text, owner: owner, parameters: parameters(n.signature.parameterClause),
                    body: n.body.map(Syntax.init), place: index.place(n.name, file: file), file: file))
        return .skipChildren
    }

    override func visit(_ n: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        add(Routine(name: "init", owner: owner, parameters: parameters(n.signature.parameterClause),
                    body: n.body.map(Syntax.init), place: index.place(n.initKeyword, file: file), file: file))
        return .skipChildren
    }

    override func visit(_ n: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        add(Routine(name: "deinit", owner: owner, parameters: [], body: n.body.map(Syntax.init),
                    place: index.place(n.deinitKeyword, file: file), file: file))
        return .skipChildren
    }

    override func visit(_ n: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let t = stack.last else { return .skipChildren }
        let outlet = n.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "IBOutlet" }
        for b in n.bindings {
            let name = b.pattern.trimmedDescription
            if outlet { t.outlets.insert(name) }
            let type = b.typeAnnotation?.type.trimmedDescription ?? ""
            let initial = b.initializer?.value.trimmedDescription ?? ""
            t.properties[name] = Property(name: name, type: type, initializer: initial)
            if let accessors = b.accessorBlock {
                add(Routine(name: name, owner: owner, parameters: [], body: Syntax(accessors),
                            place: index.place(b.pattern, file: file), file: file))
            } else if let value = b.initializer?.value, value.is(FunctionCallExprSyntax.self) || value.is(ClosureExprSyntax.self) {
                // A lazy closure that builds a view runs like a routine.
                add(Routine(name: name, owner: owner, parameters: [], body: Syntax(value),
                            place: index.place(b.pattern, file: file), file: file))
            }
        }
        return .skipChildren
    }
}
