import KBModel

extension Commands {
    /// `import log`: a constraint-conflict dump of UIKit's console as the screen.
    struct ImportLog: Mutation {
        static let spec = CommandSpec("import log", [.value("FILE", .file), .options([KeywordOption("dump", [("K", .number)]),
                                                           KeywordOption("device", [("DEVICE", .device)]),
                                                           KeywordOption("portrait", []), KeywordOption("landscape", [])])],
            group: .sessions, traits: [.mutates, .structural, .readsFiles, .journaledAsSnapshot],
            summary: "replace the screen with a constraint conflict of a UIKit console log, UIKit's recovery included, and replay its printed keyboard notifications against kbplay's",
            details: "Reads 'Unable to simultaneously satisfy constraints' dumps (every description form, with or without a timestamp prefix or `> `/`//` quoting) and recursiveDescription/_autolayoutTrace dumps for the hierarchy. Views are named from their accessibility identifier or class (label1, view2), constraints from their identifier or c1…; the constraint UIKit broke is added last, so kbplay breaks it as UIKit did. Several dumps: the first unless `dump K`; the list is printed. Keyboard notifications the app printed (`NSConcreteNotification … {name = UIKeyboardWillShowNotification; userInfo = {…}}` or Swift's `name = …, object = nil, userInfo = Optional([…])`, also inside RxSwift's `next(…)`, or a userInfo printed alone, its name then inferred from the frames; values quoted or not, in any order, as NSRect or Swift's CGRect, in `Optional(…)`) are replayed as the keyboard events they describe, and kbplay's own notifications compared with them field by field (✓, or ✗ with both values); a log of notifications alone is imported on the device their frames imply, unless `device ID` names one. The device and orientation are otherwise inferred from the dump's own geometry (the root's encapsulated or autoresizing size, its safe-area insets); `device ID portrait|landscape` overrides them. A dump or a notification cut off or malformed is refused with its line and column. `-` reads standard input in `kbplay run`.",
            examples: ["import log console.txt", "import log console.txt dump 2", "import log keyboard.txt device iphone-11",
                       "import log console.txt device iphone-8 landscape"],
            command: ImportLog.self)

        let file: Token
        let dump: Int
        let device: Token?
        let orientation: Orientation?

        init(_ p: ParsedCommand) throws {
            file = try p.required("FILE")
            if let k = p.number("K") {
                guard k >= 1, k == k.rounded(), k < 1e6 else {
                    throw CommandError("dump must be a whole number from 1", column: p.values["K"]?.column, suggestion: "dump 1")
                }
                dump = Int(k)
            } else {
                dump = 1
            }
            device = p.values["DEVICE"]
            let portrait = p.present.contains("portrait"), landscape = p.present.contains("landscape")
            guard !(portrait && landscape) else {
                throw CommandError("portrait and landscape both given", suggestion: "device ID portrait, or device ID landscape")
            }
            orientation = landscape ? .landscape : portrait ? .portrait : nil
            guard orientation == nil || device != nil else {
                throw CommandError("\(landscape ? "landscape" : "portrait") goes with a device", suggestion: "device iphone-15 \(landscape ? "landscape" : "portrait")")
            }
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.importLog(file.text, column: file.column, dump: dump, device: device, orientation: orientation, &log)
        }
    }
}
