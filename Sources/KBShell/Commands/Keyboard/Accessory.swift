import KBModel

extension Commands {
    /// `accessory`: give a text input or a controller an input accessory view.
    struct Accessory: Mutation {
        enum Args {
            static let owner = CommandArgument.text("OWNER", .responder)
            static let height = CommandArgument.number("H")
            static let name = CommandArgument.text("NAME", .newName)
        }

        static let spec = CommandSpec("accessory", [.value(Args.owner), .word("height"), .value(Args.height),
                                                    .optional([.word("as"), .value(Args.name)])],
            group: .keyboard, traits: [.mutates, .structural],
            summary: "give a text field, text view or controller an input accessory view H tall",
            details: "On a text input it is its inputAccessoryView (a toolbar with Done/Next): on the keyboard while it edits, and part of the frame the keyboard's notifications report. On a controller it is the controller's own inputAccessoryView (it can become first responder): a bar docked at the bottom while the keyboard is down (with the bottom safe area under it), on the keyboard while a text input inside it edits. The accessory is a view called NAME (default OWNERAccessory) that can hold subviews and constraints; `remove NAME` takes it off.",
            examples: ["accessory email height 44 as toolbar", "accessory Chat height 50 as chatBar"],
            command: Accessory.self)

        let owner: String
        let height: Double
        let name: String?

        init(_ p: ParsedCommand) throws {
            owner = try p.required(Args.owner)
            height = try p.required(Args.height)
            name = try p[Args.name]
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            let name = self.name ?? owner + "Accessory"
            log.take(try session.screen.addAccessory(name, of: owner, height: height))
            let isController = (try? session.screen.controller(named: owner)) != nil
            log.notes.append(isController
                ? "\(name) is \(owner)'s inputAccessoryView (\(formatPoints(height)) pt): docked at the bottom while the keyboard is down, on the keyboard while a field inside it edits"
                : "\(name) is \(owner)'s inputAccessoryView (\(formatPoints(height)) pt): on the keyboard while \(owner) edits; the keyboard's frame includes it")
        }
    }

    /// `inputView`: a custom input view (a picker) in place of the keyboard.
    struct InputView: Mutation {
        /// What the field gets: an input view of a height, or the keyboard.
        enum What: String, CaseIterable, Sendable { case height, keyboard }

        enum Args {
            static let field = CommandArgument.text("FIELD", .field)
            static let what = CommandArgument.choice("WHAT", of: What.self)
            static let height = CommandArgument.number("H")
        }

        static let spec = CommandSpec("inputView", [.value(Args.field), .value(Args.what), .optional([.value(Args.height)])],
            group: .keyboard, traits: [.mutates],
            summary: "give a text input a custom input view H tall (a picker: 216), or the keyboard back",
            details: "The input view replaces the keyboard while FIELD edits: the frame iOS reports is H tall plus, on a phone, the bottom safe area (a picker on an iPhone 15: 216 + 34 = 250), with the accessory on top if FIELD has one. `inputView FIELD keyboard` gives it the keyboard again.",
            examples: ["inputView birthday height 216", "inputView birthday keyboard"],
            command: InputView.self)

        let field: String
        let height: Double?

        init(_ p: ParsedCommand) throws {
            field = try p.required(Args.field)
            switch try p.required(Args.what) {
            case .height:
                guard let height = try p[Args.height] else {
                    throw CommandError("'inputView \(field) height' needs the input view's height", column: p.endColumn,
                                       suggestion: "inputView \(field) height 216")
                }
                self.height = height
            case .keyboard:
                if let extra = p.token(Args.height) {
                    throw CommandError("'inputView \(field) keyboard' takes no height", column: extra.column,
                                       suggestion: "inputView \(field) keyboard")
                }
                height = nil
            }
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            log.take(try session.screen.setInputView(height: height, of: field))
            if let height {
                let d = session.screen.device
                let safe = d.idiom == .phone ? d.safeAreaInsets(session.screen.orientation).bottom : 0
                log.notes.append("\(field)'s inputView is \(formatPoints(height)) pt\(safe > 0 ? " (+ \(formatPoints(safe)) pt bottom safe area = \(formatPoints(height + safe)) pt in the keyboard's frame)" : "")")
            } else {
                log.notes.append("\(field) uses the keyboard again")
            }
        }
    }
}
