import KBModel

extension Session {
    /// Runs the stage's behaviour with the command's log: the rules'
    /// expressions parsed for it first (the model has no parser), the
    /// events it posted kept after.
    mutating func onStage<T>(_ log: inout ChangeLog, _ body: (inout Stage, inout StageLog) throws -> T) throws -> T {
        // The rules are usually the ones read before (in this command, or
        // in the last one): their expressions are then taken as they are.
        if log.rulesRead != state.rules {
            if log.stage.expressions.isEmpty, let cache = ruleExpressions, cache.rules == state.rules {
                log.stage.expressions = cache.expressions
            } else {
                for rule in state.rules where log.stage.expressions[rule.expression] == nil {
                    do { log.stage.expressions[rule.expression] = .success(try parsedRule(rule.expression)) } catch {
                        log.stage.expressions[rule.expression] = .failure(ValueError(error.message, column: error.column, suggestion: error.suggestion))
                    }
                }
                ruleExpressions = (state.rules, log.stage.expressions)
            }
            log.rulesRead = state.rules
        }
        defer {
            for event in log.stage.events { record(event) }
            log.stage.events.removeAll()
        }
        return try body(&state, &log.stage)
    }

    /// Posts a keyboard transition on the stage (``Stage/post(_:_:listed:)``):
    /// unless `listed` is false, each notification and each handler's
    /// effect is an entry of the report.
    mutating func post(_ t: KeyboardTransition, _ log: inout ChangeLog, listed: Bool = true) throws {
        try onStage(&log) { try $0.post(t, &$1, listed: listed) }
    }

    /// What `frames N` takes.
    static let framesMessage = "frames takes a whole number from 1 to 60"

    /// `keyboard show frames N`: asks the report for N moments of the
    /// animation.
    func animate(_ n: Int, _ t: KeyboardTransition, _ log: inout ChangeLog) {
        guard let first = t.notifications.first else { return }
        log.animation = ChangeReport.Animation(count: n, begin: first.begin, end: first.end)
    }

    /// `handle CONTROLLER with STRATEGY ARGS`: the arguments read as the
    /// strategy's type declares them (``KeyboardStrategy/arguments``).
    mutating func attach(_ controller: String, _ kindToken: Token, _ arguments: RestArgument, _ log: inout ChangeLog) throws {
        _ = try screen.controller(named: controller)
        guard let kind = StrategyKind(rawValue: kindToken.text) else {
            throw CommandError("unknown strategy '\(kindToken.text)'", column: kindToken.column,
                               suggestion: nearestName(to: kindToken.text, in: StrategyKind.allCases.map(\.rawValue))
                                   ?? StrategyKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let usage = "usage: handle \(controller) with \(kind.usage)"
        var s = Strategy(kind: kind, controller: controller)
        var rest = arguments.tokens[...]
        /// Reads the value of `argument` from the words left.
        func read(_ argument: StrategyArgument) throws {
            if argument.value == .number {
                var sign = 1.0
                if let t = rest.first, t.text == "-" { sign = -1; rest = rest.dropFirst() }
                guard let t = rest.first, let x = t.number else {
                    throw CommandError("expected a number", column: rest.first?.column ?? arguments.endColumn)
                }
                rest = rest.dropFirst()
                s.set(argument.field, number: sign * x)
                return
            }
            guard let t = rest.first, t.kind == .word else {
                throw CommandError("\(kind.rawValue) needs \(argument.what)", column: rest.first?.column ?? arguments.endColumn,
                                   suggestion: argument.value == .constraint ? usage : nil)
            }
            rest = rest.dropFirst()
            switch argument.value {
            case .constraint: _ = try screen.constraint(named: t.text)
            case .view: _ = try screen.view(named: t.text)
            case .scrollView:
                guard (try screen.view(named: t.text)).scroll != nil else { throw ModelError.notAScrollView(t.text) }
            case .number: break
            }
            s.set(argument.field, name: t.text)
        }
        for argument in kind.arguments where argument.keyword == nil { try read(argument) }
        let options = kind.arguments.filter { $0.keyword != nil }
        while let t = rest.first {
            rest = rest.dropFirst()
            guard t.kind == .word, let option = options.first(where: { $0.keyword == t.text }) else {
                throw CommandError("unexpected '\(t.text)' for \(kind.rawValue)", column: t.column, suggestion: usage)
            }
            try read(option)
        }
        kind.type.attached(&s) { try? screen.constraint(named: $0).constant }
        // What the arguments must be is what a session file's strategy must
        // be (a required option missing, a second strategy of its kind).
        do { try state.checkStrategy(s, among: state.strategies) } catch {
            guard let v = error.error as? ValueError else { throw error.error }
            var e = CommandError(v)
            e.column = e.column ?? (error.member == "kind" ? kindToken.column : arguments.endColumn)
            throw e
        }
        state.strategies.append(s)
        if let unpinned = state.unpinnedLayoutGuide(of: s.controller) {
            // The guide moves only what is pinned to it.
            log.notes.append("\(s.controller) uses \(unpinned.guide) (no observers), but no constraint is pinned to it: nothing follows the keyboard")
            log.notes.append("  pin: \(unpinned.pin)")
        } else {
            log.notes.append(s.attachSummary)
        }
    }

    /// `on CONTROLLER EVENT: set NAME.constant = EXPR`, checked when entered.
    mutating func addRule(_ controller: String, _ rule: RestArgument, _ log: inout ChangeLog) throws {
        _ = try screen.controller(named: controller)
        let rest = rule.tokens
        let usage = "usage: on \(controller) keyboardWillShow: set NAME.constant = EXPR"
        guard let eventToken = rest.first, eventToken.kind == .word else {
            throw CommandError("expected a notification name", column: rule.column, suggestion: usage)
        }
        guard let event = KeyboardNotification.Name(rawValue: eventToken.text) else {
            throw CommandError("unknown notification '\(eventToken.text)'", column: eventToken.column,
                               suggestion: nearestName(to: eventToken.text, in: KeyboardNotification.Name.allCases.map(\.rawValue))
                                   ?? KeyboardNotification.Name.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard rest.count > 1, rest[1].text == ":" else {
            throw CommandError("expected ':' after \(event.rawValue)", column: rest.count > 1 ? rest[1].column : rule.endColumn, suggestion: usage)
        }
        guard rest.count > 2, rest[2].text == "set" else {
            throw CommandError("expected 'set'", column: rest.count > 2 ? rest[2].column : rule.endColumn, suggestion: usage)
        }
        guard rest.count > 3, rest[3].kind == .word, rest[3].text.hasSuffix(".constant") else {
            throw CommandError("a rule sets NAME.constant", column: rest.count > 3 ? rest[3].column : rule.endColumn, suggestion: usage)
        }
        let target = String(rest[3].text.dropLast(".constant".count))
        do { _ = try screen.constraint(named: target) } catch {
            throw CommandError(error.description, column: rest[3].column,
                               suggestion: { if case let .unknownName(_, _, s) = error { return s }; return nil }())
        }
        var k = 4
        if k < rest.count, rest[k].text == "=" || rest[k].text == "==" { k += 1 }
        let exprTokens = Array(rest[k...])
        guard !exprTokens.isEmpty else { throw CommandError("expected an expression", column: rule.endColumn, suggestion: usage) }
        let expression = try parseExpression(exprTokens, endColumn: rule.endColumn)
        try check(expression)
        let text = rule.line(from: exprTokens[0].column).trimmingCharacters(in: .whitespaces)
        state.rules.append(Rule(controller: controller, event: event, constraint: target, expression: text))
        log.notes.append("\(controller) runs on \(event.rawValue): \(target).constant = \(text)")
    }

    /// `set NAME.ATTR [=] VALUE`.
    mutating func set(_ targetToken: Token, _ value: RestArgument, usage: String, _ log: inout ChangeLog) throws {
        let path = targetToken.text
        var rest = value.tokens
        if let first = rest.first, first.text == "=" || first.text == "==" { rest.removeFirst() }
        guard !rest.isEmpty else { throw CommandError("'set' needs a value", column: value.endColumn, suggestion: "usage: \(usage)") }
        let parts = path.split(separator: ".").map(String.init)
        guard parts.count >= 2 else {
            throw CommandError("'\(path)' names no property: write NAME.constant, NAME.priority, V.hidden, V.text, …", column: targetToken.column)
        }
        // The longest prefix that names something is the object.
        var objectParts = parts.count - 1
        while objectParts > 1 && screen.kind(of: parts[0..<objectParts].joined(separator: ".")) == nil { objectParts -= 1 }
        let object = parts[0..<objectParts].joined(separator: ".")
        let property = parts[objectParts...].joined(separator: ".")
        func numberValue() throws -> Double {
            let e = try parseExpression(rest, endColumn: value.endColumn)
            try check(e)
            return try e.evaluate { path, column throws(CommandError) in try self.value(of: path, column: column, notification: nil) }
        }
        func priorityValue() throws -> Int {
            guard let v = wholeNumber(try numberValue(), in: 1...1000) else {
                throw CommandError("a priority is a whole number from 1 to 1000", column: rest[0].column)
            }
            return v
        }
        func word() throws -> String {
            guard rest.count == 1 else { throw CommandError("expected one value", column: rest.first?.column) }
            return rest[0].text
        }
        func take(_ r: MutationResult) { log.take(r) }
        switch property {
        case "constant": take(try screen.setConstant(try numberValue(), of: object))
        case "priority":
            take(try screen.setPriority(try priorityValue(), of: object))
        default:
            guard let p = ViewProperty.named(property) else {
                let known = ["constant", "priority"] + ViewProperty.all.map(\.name)
                throw CommandError("'\(object)' has no settable property '\(property)'",
                                   column: targetToken.column + object.count + 1,
                                   suggestion: nearestName(to: property, in: known).map { "\(object).\($0)" } ?? "one of: \(known.joined(separator: ", "))")
            }
            let v: ViewProperty.Value
            switch p.kind {
            case .number: v = .number(try numberValue())
            case .priority: v = .number(Double(try priorityValue()))
            case let .count(most):
                guard let n = wholeNumber(try numberValue(), in: 0...most) else {
                    throw CommandError("\(property) is a whole number from 0 to \(most)", column: rest[0].column)
                }
                v = .number(Double(n))
            case .flag:
                let w = try word()
                guard ["on", "off", "true", "false"].contains(w) else {
                    throw CommandError("\(property) is on or off", column: rest[0].column)
                }
                v = .flag(w == "on" || w == "true")
            case let .text(example):
                guard rest.count == 1, rest[0].kind == .string else {
                    throw CommandError("\(property) takes a quoted string", column: rest.first?.column, suggestion: "set \(object).\(property) \(example)")
                }
                v = .text(rest[0].text)
            case let .choice(words):
                let w = try word()
                guard words.contains(w) else {
                    throw CommandError("'\(w)' is not a \(property): \(words.joined(separator: ", "))", column: rest[0].column,
                                       suggestion: nearestName(to: w, in: words))
                }
                v = .choice(w)
            }
            let (result, said) = try p.set(v, of: object, on: &screen, writer: Self.commandWriter)
            take(result)
            if let said { log.notes.append(said) }
        }
    }

    /// Numbers and strings as kbplay's commands write them.
    static let commandWriter = ViewProperty.Writer(number: formatNumber, string: CommandParser.quote)
}
