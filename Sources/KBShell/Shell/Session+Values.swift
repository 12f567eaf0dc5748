import KBModel

extension Session {
    static let rectMembers = RulePath.rectMembers
    static let insetMembers = ["top", "left", "bottom", "right"]
    static let viewProperties = RulePath.viewProperties
    static let viewScalars = RulePath.viewScalars

    func parseExpression(_ tokens: [Token], endColumn: Int) throws(CommandError) -> ValueExpression {
        var parser = ExpressionParser(tokens, endColumn: endColumn)
        let e = try parser.parseExpression()
        if let extra = parser.current {
            throw CommandError("unexpected '\(extra.text)' in the expression", column: extra.column,
                               suggestion: "operators: + - * / ( ), functions: min max abs")
        }
        return e
    }

    /// Checks every path of an expression against the session (names and
    /// members exist), so a rule is refused when entered, not when it runs.
    ///
    /// Returns the paths' values, in order, for ``evaluate(_:checked:)``;
    /// nil for the keyboard's, which depend on the notification posted.
    /// Without `screenPaths`, only the keyboard's are checked (and every
    /// value is nil).
    @discardableResult
    mutating func check(_ e: ValueExpression, screenPaths: Bool = true) throws(CommandError) -> [Double?] {
        var values: [Double?] = []
        for (path, column) in e.paths {
            let parts = Self.parts(of: path)
            if parts.first == "kb" {
                try checkKeyboardPath(path, column: column)
                values.append(nil)
            } else if !screenPaths {
                values.append(nil)
            } else {
                values.append(try value(of: path, column: column, notification: nil))
            }
        }
        return values
    }

    /// Evaluates an expression that ``check(_:)`` accepted, with the values
    /// it found, without a notification.
    mutating func evaluate(_ e: ValueExpression, checked values: [Double?]) throws(CommandError) -> Double {
        var checked = values.makeIterator()
        return try e.evaluate { path, column throws(CommandError) in
            if let value = checked.next()! { return value }
            return try self.value(of: path, column: column, notification: nil)
        }
    }

    private func checkKeyboardPath(_ path: String, _ parts: [String]? = nil, column: Int) throws(CommandError) {
        let parts = parts ?? Self.parts(of: path)
        let valid: Bool
        switch (parts.count, parts.count > 1 ? parts[1] : "") {
        case (2, "visible"), (2, "duration"), (2, "curve"): valid = true
        case (3, "begin"), (3, "end"), (3, "frame"): valid = Self.rectMembers.contains(parts[2])
        default: valid = false
        }
        if !valid {
            let all = ["kb.visible", "kb.duration", "kb.curve"] + ["begin", "end", "frame"].flatMap { f in Self.rectMembers.map { "kb.\(f).\($0)" } }
            throw CommandError("unknown keyboard value '\(path)'", column: column,
                               suggestion: nearestName(to: path, in: all) ?? "kb.begin.*, kb.end.*, kb.frame.* (minX minY maxX maxY midX midY width height), kb.visible, kb.duration, kb.curve")
        }
    }

    /// The dot-separated parts of a path.
    static func parts(of path: String) -> [String] { RulePath.parts(of: path) }

    /// Evaluates a rule's expression text while `notification` is posted.
    /// A rule runs on every notification of its kind: its text is parsed
    /// once and kept (a few dozen texts at most).
    mutating func evaluate(_ text: String, notification: KeyboardNotification?) throws -> Double {
        let e: ValueExpression
        if let parsed = parsedExpressions[text] {
            e = parsed
        } else {
            let (tokens, endColumn): ([Token], Int)
            do { (tokens, endColumn) = try Lexer.scan(text) } catch { throw CommandError(error.message, column: error.column) }
            e = try parseExpression(tokens, endColumn: endColumn)
            if parsedExpressions.count >= 64 { parsedExpressions.removeAll() }
            parsedExpressions[text] = e
        }
        return try e.evaluate { path, column throws(CommandError) in try self.value(of: path, column: column, notification: notification) }
    }

    /// The value of a path: `kb.end.minY`, `email.frame.maxY`,
    /// `Login.view.safeAreaInsets.bottom`, `formBottom.constant`, …
    mutating func value(of path: String, column: Int, notification: KeyboardNotification?) throws(CommandError) -> Double {
        let parts = Self.parts(of: path)
        if parts.first == "kb" {
            return try keyboardValue(of: path, parts, column: column, notification: notification)
        }
        if parts.first == "window" {
            // The app's window in screen coordinates (the screen, unless in a
            // Split View, Slide Over or Stage Manager window): what converts a
            // view's frame to the keyboard's coordinates.
            guard parts.count == 3, parts[1] == "frame" else {
                throw CommandError("'\(path)' is not a number: the window has window.frame.* (minX minY maxX maxY midX midY width height, in screen coordinates)",
                                   column: column, suggestion: "window.frame.minY")
            }
            return try Self.rectMember(screen.appWindowFrame, parts[2], column)
        }
        return try screenValue(of: path, parts, column: column)
    }

    private static func rectMember(_ r: Rect, _ m: String, _ at: @autoclosure () -> Int) throws(CommandError) -> Double {
        switch m {
        case "minX": return r.minX
        case "minY": return r.minY
        case "maxX": return r.maxX
        case "maxY": return r.maxY
        case "midX": return r.midX
        case "midY": return r.midY
        case "width": return r.width
        case "height": return r.height
        default:
            throw CommandError("a rectangle has no member '\(m)'", column: at(),
                               suggestion: nearestName(to: m, in: rectMembers) ?? rectMembers.joined(separator: " "))
        }
    }

    /// The value of a `kb.…` path split into `parts`.
    private func keyboardValue(of path: String, _ parts: [String], column: Int,
                               notification: KeyboardNotification?) throws(CommandError) -> Double {
        try checkKeyboardPath(path, parts, column: column)
        let last = notification ?? lastNotification
        switch parts[1] {
        case "visible": return keyboard.isUp ? 1 : 0
        case "duration": return last?.duration ?? DeviceCatalog.standard.userInfo.animationDuration
        case "curve": return Double(last?.curve ?? DeviceCatalog.standard.userInfo.animationCurve)
        case "frame": return try Self.rectMember(keyboard.frame(on: screen.device, screen.orientation), parts[2], column)
        default:
            guard let n = last else {
                throw CommandError("no keyboard notification has been posted yet, so \(path) has no value", column: column,
                                   suggestion: "kb.frame.* is the keyboard's current frame")
            }
            return try Self.rectMember(parts[1] == "begin" ? n.begin : n.end, parts[2], column)
        }
    }

    /// The value of any other path split into `parts`: a constraint's
    /// constant or priority, or a member of a view's frame, bounds, insets,
    /// offset or content size.
    private mutating func screenValue(of path: String, _ parts: [String], column: Int) throws(CommandError) -> Double {
        // NAME.constant / NAME.priority
        if parts.count == 2, parts[1] == "constant" || parts[1] == "priority" {
            do {
                let c = try screen.constraint(named: parts[0])
                return parts[1] == "constant" ? c.constant : Double(c.priority)
            } catch {
                throw CommandError(error.description, column: column, suggestion: suggestionOf(error))
            }
        }
        if parts.count >= 2, Self.viewScalars.contains(parts[parts.count - 1]),
           case let view = parts.dropLast().joined(separator: "."), (try? screen.view(named: view)) != nil {
            return scalar(parts[parts.count - 1], of: view)
        }
        guard let k = parts.firstIndex(where: { Self.viewProperties.contains($0) }), k > 0 else {
            let object = parts.count > 1 ? parts.dropLast().joined(separator: ".") : path
            if screen.kind(of: object) == nil && screen.kind(of: path) == nil {
                let all = screen.allNames
                throw CommandError("unknown name '\(parts[0])'", column: column,
                                   suggestion: nearestName(to: parts[0], in: all.filter { !$0.contains(".") }) ?? nearestName(to: object, in: all))
            }
            throw CommandError("'\(path)' is not a number: use V.frame.*, V.bounds.*, V.safeAreaInsets.*, V.contentInset.*, V.contentOffset.x|y, V.visible, V.alpha, NAME.constant or NAME.priority",
                               column: column + object.count + 1,
                               suggestion: parts.count > 1 ? nearestName(to: parts.last!, in: Self.viewProperties + Self.viewScalars + ["constant", "priority"]).map { "\(object).\($0)" } : nil)
        }
        let view = parts[..<k].joined(separator: ".")
        let property = parts[k]
        // Only messages need it.
        var memberColumn: Int { column + parts[...k].joined(separator: ".").count + 1 }
        do { _ = try screen.view(named: view) } catch {
            throw CommandError(error.description, column: column, suggestion: suggestionOf(error))
        }
        guard parts.count == k + 2 else {
            throw CommandError("'\(view).\(property)' needs a member", column: memberColumn - 1,
                               suggestion: property == "contentOffset" ? "\(view).contentOffset.y" : "\(view).\(property).\(property.hasSuffix("Inset") || property.hasSuffix("Insets") ? "bottom" : "maxY")")
        }
        let member = parts[k + 1]
        let snapshot = screen.layout()
        guard let layout = snapshot.view(view) else { return 0 }
        switch property {
        case "frame": return try Self.rectMember(layout.windowFrame, member, memberColumn)
        case "bounds": return try Self.rectMember(Rect(x: 0, y: 0, width: layout.frame.width, height: layout.frame.height), member, memberColumn)
        case "safeAreaInsets", "contentInset":
            let insets: EdgeInsets
            if property == "safeAreaInsets" {
                insets = layout.safeAreaInsets
            } else {
                guard let s = layout.scroll else { throw CommandError("'\(view)' is not a scroll view, so it has no contentInset", column: column) }
                insets = s.contentInset
            }
            switch member {
            case "top": return insets.top
            case "left": return insets.left
            case "bottom": return insets.bottom
            case "right": return insets.right
            default: throw CommandError("insets have top, left, bottom and right, not '\(member)'", column: memberColumn,
                                        suggestion: nearestName(to: member, in: Self.insetMembers))
            }
        case "contentOffset", "contentSize":
            guard let s = layout.scroll else { throw CommandError("'\(view)' is not a scroll view, so it has no \(property)", column: column) }
            switch (property, member) {
            case ("contentOffset", "x"): return s.contentOffset.x
            case ("contentOffset", "y"): return s.contentOffset.y
            case ("contentSize", "width"): return s.contentSize.width
            case ("contentSize", "height"): return s.contentSize.height
            default: throw CommandError("\(property) has \(property == "contentOffset" ? "x and y" : "width and height"), not '\(member)'", column: memberColumn)
            }
        default:
            throw CommandError("unknown property '\(property)'", column: memberColumn)
        }
    }

    /// `V.visible` (1 when nothing hides the view, as the focus verdict
    /// judges), `V.alpha`, `V.clipsToBounds`, `V.hidden` (1 or 0).
    private mutating func scalar(_ property: String, of name: String) -> Double {
        guard let view = try? screen.view(named: name) else { return 0 }
        switch property {
        case "alpha": return view.alpha
        case "clipsToBounds": return view.clipsToBounds ? 1 : 0
        case "hidden": return view.isHidden ? 1 : 0
        default:
            let snapshot = screen.layout()
            return screen.visibility(of: name, in: snapshot)?.isVisible == true ? 1 : 0
        }
    }

    private func suggestionOf(_ error: ModelError) -> String? {
        if case let .unknownName(_, _, s) = error { return s }
        return nil
    }

    // MARK: print and expect

    mutating func printValue(_ p: RestArgument) throws -> CommandOutcome {
        guard !p.tokens.isEmpty else { throw CommandError("'print' needs an expression", column: p.column, suggestion: "print email.frame.maxY") }
        let e = try parseExpression(p.tokens, endColumn: p.endColumn)
        let v = try evaluate(e, checked: try check(e))
        return CommandOutcome(command: p.line, text: formatNumber(v), members: ["value": .number(v)])
    }

    mutating func expect(_ p: RestArgument) throws -> CommandOutcome {
        let ops = ["==", "<=", ">=", "<", ">"]
        guard let k = p.tokens.firstIndex(where: { $0.kind == .symbol && ops.contains($0.text) }) else {
            throw CommandError("'expect' compares two expressions with ==, <=, >=, < or >", column: p.column,
                               suggestion: "expect email.frame.maxY <= kb.frame.minY")
        }
        let op = p.tokens[k].text
        let left = try parseExpression(Array(p.tokens[..<k]), endColumn: p.tokens[k].column)
        let right = try parseExpression(Array(p.tokens[(k + 1)...]), endColumn: p.endColumn)
        let checkedLeft = try check(left), checkedRight = try check(right)
        let a = roundPoints(try evaluate(left, checked: checkedLeft)), b = roundPoints(try evaluate(right, checked: checkedRight))
        let passed: Bool
        switch op {
        case "==": passed = a == b
        case "<=": passed = a <= b
        case ">=": passed = a >= b
        case "<": passed = a < b
        default: passed = a > b
        }
        let expression = p.line(from: p.column)
        let text = (passed ? "✓ " : "✗ ") + expression + "  (\(formatNumber(a)) \(op) \(formatNumber(b)))"
        var outcome = CommandOutcome(command: p.line, status: passed ? .ok : .expectFailed, text: text,
                                     members: ["expect": .object(["passed": .bool(passed), "left": .number(a), "right": .number(b)])])
        outcome.expectation = ExpectResult(expression: String(expression), relation: op, left: a, right: b, passed: passed)
        return outcome
    }
}
