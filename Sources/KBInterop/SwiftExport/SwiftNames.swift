/// Swift names for kbplay's names, per scope (a class's members, the
/// file's types): a name Swift reads as it is stays; a keyword gets
/// backticks; one that is no identifier, or that a member of UIKit's class
/// or of the generated code already uses, gets a deterministic new name,
/// which the file's header lists (`view → view_`).
struct SwiftNames {
    /// Keywords an identifier can be with backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "as", "Any", "false", "is", "nil", "throws", "true", "try", "Type", "Protocol", "await", "async",
        "some", "any", "consume", "copy", "discard", "each", "borrowing", "consuming",
    ]
    /// Names Swift refuses even with backticks as a stored property.
    static let unusable: Set<String> = ["self", "Self", "super", "_"]

    /// The names taken in this scope (Swift's spelling, backticks off).
    private(set) var taken: Set<String>
    /// kbplay name → Swift name, for the names declared here.
    private(set) var swift: [String: String] = [:]
    /// The names changed, in the order they were declared: (kbplay, Swift).
    private(set) var renamed: [(String, String)] = []

    init(reserved: Set<String> = []) {
        taken = reserved
    }

    /// Takes `names` away from kbplay's names (types the class's code
    /// names, which a property of the same name would hide).
    mutating func reserve<S: Sequence>(_ names: S) where S.Element == String {
        taken.formUnion(names)
    }

    /// `name` as a Swift identifier, before any clash is looked at:
    /// characters Swift does not allow become `_`, a leading digit gets a
    /// `_` before it, and a name Swift cannot use gets a `_` after it.
    static func identifier(_ name: String) -> String {
        var out = ""
        for (i, ch) in name.unicodeScalars.enumerated() {
            let letter = ("a"..."z").contains(ch) || ("A"..."Z").contains(ch) || ch == "_"
            let digit = ("0"..."9").contains(ch)
            if i == 0 && digit { out += "_" }
            out.unicodeScalars.append(letter || digit ? ch : "_")
        }
        if out.isEmpty { out = "_" }
        return unusable.contains(out) ? out + "_" : out
    }

    /// An identifier as code writes it: with backticks if it is a keyword.
    static func code(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Declares kbplay's `name` here and returns how code writes it; a name
    /// declared before returns what it got then.
    mutating func declare(_ name: String) -> String {
        if let known = swift[name] { return Self.code(known) }
        var id = Self.identifier(name)
        while taken.contains(id) { id += "_" }
        taken.insert(id)
        swift[name] = id
        if id != name { renamed.append((name, id)) }
        return Self.code(id)
    }

    /// Declares a member of the generated code (a method, not a kbplay
    /// name): it gets a `_` while its name is taken.
    mutating func declareMember(_ name: String) -> String {
        var id = Self.identifier(name)
        while taken.contains(id) { id += "_" }
        taken.insert(id)
        return Self.code(id)
    }

    /// How code writes a name declared here (nil: not declared).
    func callName(_ name: String) -> String? { swift[name].map(Self.code) }
}
