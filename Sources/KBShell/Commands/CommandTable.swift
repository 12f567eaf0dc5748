import KBModel

/// Every command kbplay understands, in the order `help` lists them.
public enum CommandTable {
    public static let orientation = ValueKind.choice(["portrait", "landscape"])
    public static let onOff = ValueKind.choice(["on", "off"])

    public static let all: [CommandSpec] = [
        // MARK: Device
        CommandSpec("device", [.value("ID", .device), .optional([.value("ORIENTATION", orientation)])],
                    group: .device, mutates: true,
                    summary: "switch to a device preset (from devices.json)",
                    details: "Keeps the views and constraints and lays them out again on the new screen; the keyboard takes the new device's height.",
                    examples: ["device iphone-8", "device ipad-pro-11 landscape"]),
        CommandSpec("devices", group: .device, mutates: false,
                    summary: "list the device presets with their screens, safe areas and keyboard heights"),
        CommandSpec("rotate", [.optional([.value("ORIENTATION", orientation)])], group: .device, mutates: true,
                    summary: "rotate the device (toggles without an argument)",
                    details: "With the keyboard up, iOS posts a hide burst in the old orientation and a show burst in the new one, both with duration 0.",
                    examples: ["rotate", "rotate landscape"]),

        // MARK: Structure
        CommandSpec("controller", [.value("NAME", .newName),
                                   .optional([.word("in"), .value("PARENT", .controller), .word("at"), .value("CONTAINER", .view)])],
                    group: .structure, mutates: true,
                    summary: "add a view controller (the first is the window's root)",
                    details: "The controller's root view is named NAME.view. A root controller's view fills the screen; a child controller's root view is pinned (required) to the edges of CONTAINER, a view of PARENT. Controllers appear when created.",
                    examples: ["controller Login", "controller Form in Login at container"]),
        CommandSpec("add", [.value("KIND", .viewKind), .value("NAME", .newName), .word("to"), .value("PARENT", .view),
                            .options([
                                KeywordOption("text", [("TEXT", .string)]),
                                KeywordOption("intrinsic", [("W", .number), ("H", .number)]),
                                KeywordOption("axis", [("AXIS", .choice(["vertical", "horizontal"]))]),
                                KeywordOption("spacing", [("N", .number)]),
                                KeywordOption("distribution", [("D", .choice(["fill", "fillEqually", "equalSpacing"]))]),
                                KeywordOption("alignment", [("A", .choice(["fill", "leading", "center", "trailing"]))]),
                            ])],
                    group: .structure, mutates: true,
                    summary: "add a view, label, button, textField, textView, scrollView or stackView",
                    details: "Views added to a stack view are its arranged subviews. Intrinsic sizes: textField height 34; label and button text \"…\" → width 8 × characters, height 21 (label) / 30 (button); `intrinsic W H` overrides. Hugging 250 (labels 251), compression resistance 750.",
                    examples: ["add stackView form to Login.view axis vertical spacing 12", "add textField email to form", "add button signIn to form text \"Sign in\""]),
        CommandSpec("remove", [.value("NAME", .object)], group: .structure, mutates: true,
                    summary: "remove a view (with its subviews and their constraints) or a constraint",
                    examples: ["remove signIn", "remove formBottom"]),
        CommandSpec("set", [.value("TARGET", .anchor), .rest("[=] VALUE", .expression)], group: .structure, mutates: true,
                    summary: "set a constraint's constant or priority, or a view's property",
                    details: "NAME.constant, NAME.priority, V.hugging.horizontal|vertical, V.compression.horizontal|vertical, V.hidden (on|off), V.text, V.contentInset.top|left|bottom|right, V.contentOffset.x|y. A constant takes an expression of the rule language.",
                    examples: ["set formBottom.constant = 344", "set email.hugging.vertical 251", "set signIn.hidden on"]),

        // MARK: Constraints
        CommandSpec("constrain", [.rest("ANCHOR (==|<=|>=) ANCHOR [* M] [(+|-) C] [@ PRIORITY] [as NAME]", .constraint)],
                    group: .constraints, mutates: true,
                    summary: "add an Auto Layout constraint",
                    details: "Also `constrain ANCHOR (==|<=|>=) C`. Priority 1…1000 (`@750` or `@ 750`), default 1000 (required). Unnamed constraints are named c1, c2, … A required constraint that cannot be satisfied is reported like UIKit and broken; the layout stays valid.",
                    examples: ["constrain email.height == 40 as emailHeight", "constrain form.bottom <= Login.view.keyboard.top - 8 @ 999"]),
        CommandSpec("pin", [.value("VIEW", .view), .word("to"), .value("OWNER", .anchor),
                            .options([KeywordOption("inset", [("N", .number)]),
                                      KeywordOption("insets", [("T", .number), ("L", .number), ("B", .number), ("R", .number)])])],
                    group: .constraints, mutates: true,
                    summary: "pin a view's four edges to a view or guide",
                    details: "Makes VIEW_top, VIEW_leading, VIEW_bottom and VIEW_trailing.",
                    examples: ["pin scroll to Login.view.safeArea", "pin card to Login.view inset 16"]),
        CommandSpec("activate", [.value("NAME", .constraint)], group: .constraints, mutates: true,
                    summary: "activate a constraint", examples: ["activate formBottom"]),
        CommandSpec("deactivate", [.value("NAME", .constraint)], group: .constraints, mutates: true,
                    summary: "deactivate a constraint (kept, not laid out)", examples: ["deactivate formBottom"]),

        // MARK: Keyboard
        CommandSpec("focus", [.value("FIELD", .field)], group: .keyboard, mutates: true,
                    summary: "make a text field or text view first responder (shows the keyboard)",
                    details: "Focusing another field while the keyboard is up posts the show burst again with begin == end.",
                    examples: ["focus email"]),
        CommandSpec("resign", group: .keyboard, mutates: true, summary: "end editing (hides the keyboard)"),
        CommandSpec("return", group: .keyboard, mutates: true, summary: "press return: textFieldShouldReturn → resign"),
        CommandSpec("tap outside", group: .keyboard, mutates: true, summary: "tap outside the fields (ends editing)"),
        CommandSpec("keyboard show", [.options([KeywordOption("height", [("H", .number)]),
                                                KeywordOption("duration", [("D", .number)]),
                                                KeywordOption("curve", [("C", .number)]),
                                                KeywordOption("frames", [("N", .number)])])],
                    group: .keyboard, mutates: true,
                    summary: "show the keyboard (willChangeFrame, willShow, didChangeFrame, didShow)",
                    examples: ["keyboard show", "keyboard show frames 5"]),
        CommandSpec("keyboard hide", [.options([KeywordOption("frames", [("N", .number)])])],
                    group: .keyboard, mutates: true,
                    summary: "hide the keyboard; the end frame keeps its height, below the screen"),
        CommandSpec("keyboard height", [.value("H", .number)], group: .keyboard, mutates: true,
                    summary: "change the keyboard's height while up (a frame-only change)"),
        CommandSpec("keyboard predictive", [.value("STATE", onOff)], group: .keyboard, mutates: true,
                    summary: "turn the predictive bar on or off"),
        CommandSpec("keyboard type", [.value("TYPE", .choice(["default", "number", "emoji"]))], group: .keyboard, mutates: true,
                    summary: "switch the keyboard type (number has no predictive bar)"),
        CommandSpec("keyboard hardware", [.value("STATE", onOff)], group: .keyboard, mutates: true,
                    summary: "attach or detach a hardware keyboard"),
        CommandSpec("keyboard undock", group: .keyboard, mutates: true, summary: "undock the iPad keyboard"),
        CommandSpec("keyboard split", group: .keyboard, mutates: true, summary: "split the iPad keyboard"),
        CommandSpec("keyboard float", group: .keyboard, mutates: true, summary: "make the iPad keyboard float"),
        CommandSpec("keyboard dock", group: .keyboard, mutates: true, summary: "dock the iPad keyboard again"),
        CommandSpec("keyboard drag", [.value("Y", .number)], group: .keyboard, mutates: true,
                    summary: "drag the keyboard's top to Y (interactive dismissal; no notifications)"),
        CommandSpec("keyboard release", group: .keyboard, mutates: true,
                    summary: "release the drag: the keyboard hides or springs back"),

        // MARK: Strategies
        CommandSpec("handle", [.value("CONTROLLER", .controller), .word("with"), .value("STRATEGY", .strategy),
                               .rest("ARGS", .strategyArguments)],
                    group: .strategies, mutates: true,
                    summary: "attach a keyboard-handling strategy to a controller",
                    examples: ["handle Login with observer formBottom padding 8", "handle Login with layout-guide"]),
        CommandSpec("on", [.value("CONTROLLER", .controller), .rest("EVENT: set NAME.constant = EXPR", .rule)],
                    group: .strategies, mutates: true,
                    summary: "a rule of your own, run on a keyboard notification",
                    examples: ["on Login keyboardWillShow: set formBottom.constant = kb.end.height - Login.view.safeAreaInsets.bottom + 8"]),

        // MARK: Lifecycle
        CommandSpec("appear", [.value("CONTROLLER", .controller)], group: .lifecycle, mutates: true,
                    summary: "viewWillAppear / viewDidAppear"),
        CommandSpec("disappear", [.value("CONTROLLER", .controller)], group: .lifecycle, mutates: true,
                    summary: "viewWillDisappear / viewDidDisappear"),

        // MARK: Inspection
        CommandSpec("tree", group: .inspection, mutates: false, summary: "the hierarchy with frames"),
        CommandSpec("frames", group: .inspection, mutates: false,
                    summary: "one line per view: NAME x y w h in window coordinates"),
        CommandSpec("constraints", [.optional([.value("VIEW", .view)])], group: .inspection, mutates: false,
                    summary: "the constraints, or those of one view"),
        CommandSpec("events", [.optional([.value("N", .number)])], group: .inspection, mutates: false,
                    summary: "the last notifications with userInfo and the handlers that ran"),
        CommandSpec("diff", group: .inspection, mutates: false, summary: "the last change again"),
        CommandSpec("render", [.optional([.word("svg"), .value("FILE", .file)])], group: .inspection, mutates: false,
                    summary: "draw the screen with the keyboard (or write an SVG)"),
        CommandSpec("explain", [.value("VIEW", .view)], group: .inspection, mutates: false,
                    summary: "the constraints that decide a view's frame"),
        CommandSpec("print", [.rest("EXPR", .expression)], group: .inspection, mutates: false,
                    summary: "evaluate an expression", examples: ["print email.frame.maxY", "print kb.end.minY"]),
        CommandSpec("expect", [.rest("EXPR (==|<=|>=|<|>) EXPR", .comparison)], group: .inspection, mutates: false,
                    summary: "check a value (✓ or ✗ with both sides; in `run` a ✗ fails the script)",
                    examples: ["expect email.frame.maxY <= kb.frame.minY"]),

        // MARK: Sessions
        CommandSpec("save", [.optional([.value("NAME", .session)])], group: .sessions, mutates: false,
                    summary: "save the session to Sessions/NAME.json (atomically)"),
        CommandSpec("load", [.value("NAME", .session)], group: .sessions, mutates: true,
                    summary: "load a saved session"),
        CommandSpec("sessions", group: .sessions, mutates: false, summary: "list the saved sessions"),
        CommandSpec("new", [.optional([.value("DEVICE", .device)])], group: .sessions, mutates: true,
                    summary: "start an empty session"),
        CommandSpec("demo", group: .sessions, mutates: true, summary: "load the built-in demo session"),
        CommandSpec("undo", group: .sessions, mutates: true, summary: "undo the last change"),
        CommandSpec("redo", group: .sessions, mutates: true, summary: "redo what undo undid"),
        CommandSpec("history", group: .sessions, mutates: false, summary: "the commands of this session"),
        CommandSpec("source", [.value("FILE", .file)], group: .sessions, mutates: true,
                    summary: "run the commands of a script file"),
        CommandSpec("help", [.optional([.value("COMMAND", .command)])], group: .sessions, mutates: false,
                    summary: "list the commands, or explain one"),
        CommandSpec("quit", group: .sessions, mutates: false, summary: "leave kbplay"),
    ]

    /// The command whose words start `words`, longest match first, and how
    /// many words it takes.
    public static func lookup(_ words: [String]) -> (CommandSpec, Int)? {
        guard let first = words.first, let candidates = byFirstWord[first] else { return nil }
        var best: (index: Int, count: Int)?
        for k in candidates {
            // The words alone: a whole spec (help, examples…) is not copied
            // for each candidate.
            let name = commandWords[k]
            guard name.count <= words.count, name.count > best?.count ?? 0 else { continue }
            var same = true
            for i in 1..<name.count where name[i] != words[i] {
                same = false
                break
            }
            if same { best = (k, name.count) }
        }
        return best.map { (all[$0.index], $0.count) }
    }

    /// Each command's words, by position in `all`.
    private static let commandWords: [[String]] = all.map(\.words)

    /// The positions in `all` of the commands starting with each first word,
    /// in table order.
    private static let byFirstWord: [String: [Int]] = Dictionary(grouping: all.indices) { all[$0].words[0] }

    /// The most words a command has.
    static let maxWordCount = all.map(\.words.count).max()!

    /// The words of the command whose second word `word` is, or is a typo
    /// of, for a second word typed alone (`hide` → `keyboard hide`,
    /// `outside` → `tap outside`): the first such command in table order.
    static func commandEnding(with word: String) -> String? {
        let seconds = all.compactMap { $0.words.count > 1 ? $0.words[1] : nil }
        guard let second = seconds.contains(word) ? word : nearestName(to: word, in: seconds),
              let spec = all.first(where: { $0.words.count > 1 && $0.words[1] == second })
        else { return nil }
        return spec.words.prefix(2).joined(separator: " ")
    }

    /// Every first word of a command, in table order.
    public static let firstWords: [String] = {
        var seen: Set<String> = []
        return all.map { $0.words[0] }.filter { seen.insert($0).inserted }
    }()
}
