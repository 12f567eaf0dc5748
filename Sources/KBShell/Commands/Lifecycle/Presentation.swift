import KBModel

extension Commands {
    /// `present`: show a controller as a sheet.
    struct Present: Mutation {
        enum Args {
            static let controller = CommandArgument.text("CONTROLLER", .controller)
            static let style = CommandArgument.choice("STYLE", of: Presentation.Style.self)
            static let detent = CommandArgument.choice("DETENT", of: Presentation.Detent.self)
            static let presenter = CommandArgument.text("PRESENTER", .controller)
        }

        static let spec = CommandSpec("present", [.value(Args.controller), .word("as"), .value(Args.style),
                                                  .options([
                                                      KeywordOption("detent", Args.detent),
                                                      KeywordOption("from", Args.presenter),
                                                  ])],
            group: .lifecycle, traits: [.mutates],
            summary: "present a controller as a sheet (formSheet, pageSheet, sheet) from PRESENTER (default: the window's root)",
            details: "CONTROLLER is a top-level controller other than the window's root. On an iPad (a window 580 pt wide or more) every style is a centred 540 × 620 sheet, which iOS moves up while the keyboard is up so that its bottom meets the keyboard's top (not above the top safe-area inset). On an iPhone a pageSheet or sheet is a card from 10 pt below the top safe-area inset to the bottom (detent large) or the bottom half (detent medium, which iOS expands to large while the keyboard is up); an iPhone in landscape shows it full screen. Strategies that use endFrame.height in a sheet show the screen-coordinates flaw with the converted numbers.",
            examples: ["present Compose as formSheet", "present Compose as sheet detent medium from Inbox"],
            command: Present.self)

        let controller: String
        let style: Presentation.Style
        let detent: Presentation.Detent
        let presenter: String?

        init(_ p: ParsedCommand) throws {
            controller = try p.required(Args.controller)
            style = try p.required(Args.style)
            detent = try p[Args.detent] ?? .large
            presenter = try p[Args.presenter]
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            log.take(try session.screen.present(controller, style: style, detent: detent, from: presenter))
            let c = try session.screen.controller(named: controller)
            let frame = session.screen.layout().view(c.rootView)?.windowFrame ?? .zero
            log.notes.append("\(controller) is presented as \(style.rawValue)\(detent == .medium ? " (detent medium)" : "") from \(c.presentation?.presenter ?? "?"): \(c.rootView) at \(frame)")
        }
    }

    /// `dismiss`: dismiss a presented controller.
    struct Dismiss: Mutation {
        typealias Args = Present.Args

        static let spec = CommandSpec("dismiss", [.value(Args.controller)], group: .lifecycle, traits: [.mutates],
            summary: "dismiss a presented controller (editing in it ends; what it presented goes too)",
            command: Dismiss.self)

        let controller: String

        init(_ p: ParsedCommand) throws { controller = try p.required(Args.controller) }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            // Dismissing the sheet that holds the first responder (or a sheet
            // it presented) ends editing first, with its notifications.
            if let f = session.screen.focus, let v = try? session.screen.view(named: f),
               session.screen.dismissing(controller).contains(v.controller) {
                try session.onStage(&log) { try $0.endEditing(byReturn: false, &$1) }
            }
            log.take(try session.screen.dismiss(controller))
            log.notes.append("\(controller) is dismissed: it left the window")
        }
    }

    /// `window`: the app's window on an iPad.
    struct Window: Mutation {
        enum Args {
            static let kind = CommandArgument.choice("KIND", of: AppWindow.Kind.self)
            static let x = CommandArgument.number("X"), y = CommandArgument.number("Y"), width = CommandArgument.number("W"),
                       height = CommandArgument.number("H")
        }

        static let spec = CommandSpec("window", [.value(Args.kind),
                                                 .optional([.value(Args.x), .value(Args.y), .value(Args.width),
                                                            .value(Args.height)])],
            group: .device, traits: [.mutates],
            summary: "put the app in an iPad window: full, split-half, split-third, slide-over, or a Stage Manager window (stage X Y W H)",
            details: "Views are laid out in the window; the keyboard keeps the screen's coordinates and width, so it may cover only part of the window, or none of it. UIKeyboardLayoutGuide and strategies that convert the keyboard's frame land right; those that use it as their own coordinates show the screen-coordinates flaw. Split View: divider 10 pt, half (width − 10) / 2, third 320 pt (375 on screens wider than 1024); Slide Over: 320 pt at the right edge. A rotation keeps the kind (a Stage Manager window that no longer fits becomes full).",
            examples: ["window split-half", "window stage 100 100 700 600", "window full"],
            command: Window.self)

        let kind: AppWindow.Kind
        let frame: Rect?

        init(_ p: ParsedCommand) throws {
            kind = try p.required(Args.kind)
            if let x = try p[Args.x], let y = try p[Args.y], let w = try p[Args.width], let h = try p[Args.height] {
                guard kind == .stage else {
                    throw CommandError("only a Stage Manager window takes a frame: window stage X Y W H", column: p.token(Args.x)?.column)
                }
                frame = Rect(x: x, y: y, width: w, height: h)
            } else {
                if kind == .stage {
                    throw CommandError("a Stage Manager window needs its frame in screen coordinates", column: p.endColumn,
                                       suggestion: "window stage 100 100 700 600")
                }
                frame = nil
            }
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            log.take(try session.screen.setWindow(kind, frame: frame))
            let w = session.screen.appWindowFrame
            log.notes.append(kind == .full ? "the app fills the screen" : "the app's window is \(w) on the \(formatPoints(session.screen.screenSize.width))×\(formatPoints(session.screen.screenSize.height)) screen (\(kind.rawValue))")
        }
    }
}
