import KBModel

extension Commands {
    /// `import swift`: what a developer's own Swift code does with the keyboard.
    struct ImportSwift: Mutation {
        enum Args {
            static let file = CommandArgument<Token>.token("FILE", .file)
        }

        static let spec = CommandSpec("import swift", [.value(Args.file), .rest("[FILE...] [into CONTROLLER]", .files)],
            group: .sessions, traits: [.mutates, .structural, .readsFiles, .journaledAsSnapshot],
            summary: "read Swift files (a view controller, its helpers) and report what their keyboard handling code does",
            details: "The files are read together with swift-syntax: every keyboard observer (selector, block, Combine, Swift 3/4 names), where it is added and removed, its handler followed through the files' own functions, delegates and closures, and what it assigns on show and on hide. Each type that handles the keyboard gets a line: the notifications, the strategy it is (observer, content-inset, layout-constraint, layout-guide, auto-scroll, frame-origin, transform, additional-safe-area, …) and the flaws the code shows by itself (hide-keeps-height, curve-not-shifted, observer-after-disappear, missed-frame-change). Views made in code and their anchor constraints (`NSLayoutConstraint.activate`, `isActive = true`, constants, multipliers, priorities, stored constraints keep their property's name) are built on the controller the class binds to (NAME for a class NAME or NAMEViewController; created if the session has none). A strategy kbplay has is attached to that controller (or to CONTROLLER with `into`) with the constraint or scroll view the code names. What is not modelled is a finding with its file, line and column, never a refusal of the file.",
            examples: ["import swift LoginViewController.swift", "import swift KeyboardHelper.swift ChatViewController.swift",
                       "import swift LoginViewController.swift into Login"],
            command: ImportSwift.self)

        let files: [Token]
        let controller: Token?

        init(_ p: ParsedCommand) throws {
            var files = [try p.required(Args.file)]
            var controller: Token?
            var rest = p.rest[...]
            while let t = rest.first {
                rest = rest.dropFirst()
                if t.text == "into" {
                    guard let c = rest.first else {
                        throw CommandError("into needs a controller's name", column: t.column + t.text.count,
                                           suggestion: "import swift \(files[0].text) into Login")
                    }
                    guard rest.count == 1 else {
                        throw CommandError("unexpected '\(rest.dropFirst().first!.text)' after the controller", column: rest.dropFirst().first!.column,
                                           suggestion: "usage: \(Self.spec.usage)")
                    }
                    controller = c
                    rest = []
                } else {
                    files.append(t)
                }
            }
            self.files = files
            self.controller = controller
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.importSwift(files, into: controller, &log)
        }
    }
}
