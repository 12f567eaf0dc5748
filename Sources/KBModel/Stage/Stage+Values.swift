extension Stage {
    /// The value of a path, as a rule, `print` and `expect` read it:
    /// `kb.end.minY`, `window.frame.maxY`, `email.frame.maxY`,
    /// `Login.view.safeAreaInsets.bottom`, `formBottom.constant`, …
    /// `notification` is the one being posted (nil outside a post), `last`
    /// the last one posted, which `kb.begin.*` and `kb.end.*` read outside
    /// a post. `column` is the path's in the expression, for the error.
    public mutating func value(of path: String, column: Int, notification: KeyboardNotification?,
                               last: KeyboardNotification?) throws(ValueError) -> Double {
        let parts = RulePath.parts(of: path)
        if parts.first == "kb" {
            return try keyboardValue(of: path, parts, column: column, notification: notification ?? last)
        }
        if parts.first == "window" {
            // The app's window in screen coordinates (the screen, unless in a
            // Split View, Slide Over or Stage Manager window): what converts a
            // view's frame to the keyboard's coordinates.
            guard parts.count == 3, parts[1] == "frame" else {
                throw ValueError("'\(path)' is not a number: the window has window.frame.* (minX minY maxX maxY midX midY width height, in screen coordinates)",
                                 column: column, suggestion: "window.frame.minY")
            }
            return try Self.rectMember(screen.appWindowFrame, parts[2], column)
        }
        return try screenValue(of: path, parts, column: column)
    }

    /// Checks a `kb.…` path (split into `parts` when given): the keyboard
    /// values there are.
    public static func checkKeyboardPath(_ path: String, _ parts: [String]? = nil, column: Int) throws(ValueError) {
        let parts = parts ?? RulePath.parts(of: path)
        let valid: Bool
        switch (parts.count, parts.count > 1 ? parts[1] : "") {
        case (2, "visible"), (2, "duration"), (2, "curve"): valid = true
        case (3, "begin"), (3, "end"), (3, "frame"): valid = RulePath.rectMembers.contains(parts[2])
        default: valid = false
        }
        if !valid {
            let all = ["kb.visible", "kb.duration", "kb.curve"] + ["begin", "end", "frame"].flatMap { f in RulePath.rectMembers.map { "kb.\(f).\($0)" } }
            throw ValueError("unknown keyboard value '\(path)'", column: column,
                             suggestion: nearestName(to: path, in: all) ?? "kb.begin.*, kb.end.*, kb.frame.* (minX minY maxX maxY midX midY width height), kb.visible, kb.duration, kb.curve")
        }
    }

    /// The members of a view's insets (`V.safeAreaInsets.*`, `V.contentInset.*`).
    public static let insetMembers = ["top", "left", "bottom", "right"]

    private static func rectMember(_ r: Rect, _ m: String, _ at: @autoclosure () -> Int) throws(ValueError) -> Double {
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
            throw ValueError("a rectangle has no member '\(m)'", column: at(),
                             suggestion: nearestName(to: m, in: RulePath.rectMembers) ?? RulePath.rectMembers.joined(separator: " "))
        }
    }

    /// The value of a `kb.…` path split into `parts`, with `last` the
    /// notification `kb.begin.*` and `kb.end.*` read.
    private func keyboardValue(of path: String, _ parts: [String], column: Int,
                               notification last: KeyboardNotification?) throws(ValueError) -> Double {
        try Self.checkKeyboardPath(path, parts, column: column)
        switch parts[1] {
        case "visible": return keyboard.isUp ? 1 : 0
        case "duration": return last?.duration ?? DeviceCatalog.standard.userInfo.animationDuration
        case "curve": return Double(last?.curve ?? DeviceCatalog.standard.userInfo.animationCurve)
        case "frame": return try Self.rectMember(keyboard.frame(on: screen.device, screen.orientation), parts[2], column)
        default:
            guard let n = last else {
                throw ValueError("no keyboard notification has been posted yet, so \(path) has no value", column: column,
                                 suggestion: "kb.frame.* is the keyboard's current frame")
            }
            return try Self.rectMember(parts[1] == "begin" ? n.begin : n.end, parts[2], column)
        }
    }

    /// The value of any other path split into `parts`: a constraint's
    /// constant or priority, or a member of a view's frame, bounds, insets,
    /// offset or content size.
    private mutating func screenValue(of path: String, _ parts: [String], column: Int) throws(ValueError) -> Double {
        // NAME.constant / NAME.priority
        if parts.count == 2, parts[1] == "constant" || parts[1] == "priority" {
            do {
                let c = try screen.constraint(named: parts[0])
                return parts[1] == "constant" ? c.constant : Double(c.priority)
            } catch {
                throw ValueError(error.description, column: column, suggestion: Self.suggestion(of: error))
            }
        }
        let viewProperties = RulePath.viewProperties, viewScalars = RulePath.viewScalars
        if parts.count >= 2, viewScalars.contains(parts[parts.count - 1]),
           case let view = parts.dropLast().joined(separator: "."), (try? screen.view(named: view)) != nil {
            return scalar(parts[parts.count - 1], of: view)
        }
        guard let k = parts.firstIndex(where: { viewProperties.contains($0) }), k > 0 else {
            let object = parts.count > 1 ? parts.dropLast().joined(separator: ".") : path
            if screen.kind(of: object) == nil && screen.kind(of: path) == nil {
                let all = screen.allNames
                throw ValueError("unknown name '\(parts[0])'", column: column,
                                 suggestion: nearestName(to: parts[0], in: all.filter { !$0.contains(".") }) ?? nearestName(to: object, in: all))
            }
            throw ValueError("'\(path)' is not a number: use V.frame.*, V.bounds.*, V.safeAreaInsets.*, V.contentInset.*, V.contentOffset.x|y, V.visible, V.alpha, NAME.constant or NAME.priority",
                             column: column + object.count + 1,
                             suggestion: parts.count > 1 ? nearestName(to: parts.last!, in: viewProperties + viewScalars + ["constant", "priority"]).map { "\(object).\($0)" } : nil)
        }
        let view = parts[..<k].joined(separator: ".")
        let property = parts[k]
        // Only messages need it.
        var memberColumn: Int { column + parts[...k].joined(separator: ".").count + 1 }
        do { _ = try screen.view(named: view) } catch {
            throw ValueError(error.description, column: column, suggestion: Self.suggestion(of: error))
        }
        guard parts.count == k + 2 else {
            throw ValueError("'\(view).\(property)' needs a member", column: memberColumn - 1,
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
                guard let s = layout.scroll else { throw ValueError("'\(view)' is not a scroll view, so it has no contentInset", column: column) }
                insets = s.contentInset
            }
            switch member {
            case "top": return insets.top
            case "left": return insets.left
            case "bottom": return insets.bottom
            case "right": return insets.right
            default: throw ValueError("insets have top, left, bottom and right, not '\(member)'", column: memberColumn,
                                      suggestion: nearestName(to: member, in: Self.insetMembers))
            }
        case "contentOffset", "contentSize":
            guard let s = layout.scroll else { throw ValueError("'\(view)' is not a scroll view, so it has no \(property)", column: column) }
            switch (property, member) {
            case ("contentOffset", "x"): return s.contentOffset.x
            case ("contentOffset", "y"): return s.contentOffset.y
            case ("contentSize", "width"): return s.contentSize.width
            case ("contentSize", "height"): return s.contentSize.height
            default: throw ValueError("\(property) has \(property == "contentOffset" ? "x and y" : "width and height"), not '\(member)'", column: memberColumn)
            }
        default:
            throw ValueError("unknown property '\(property)'", column: memberColumn)
        }
    }

    /// `V.visible` (1 when nothing hides the view, as the focus verdict
    /// judges), and the view properties the rule language reads as
    /// numbers (``ViewProperty/scalar``: `V.alpha`, `V.clipsToBounds` and
    /// `V.hidden` as 1 or 0).
    private mutating func scalar(_ property: String, of name: String) -> Double {
        guard let view = try? screen.view(named: name) else { return 0 }
        if let read = ViewProperty.named(property)?.scalar { return read(view) }
        let snapshot = screen.layout()
        return screen.visibility(of: name, in: snapshot)?.isVisible == true ? 1 : 0
    }

    private static func suggestion(of error: ModelError) -> String? {
        if case let .unknownName(_, _, s) = error { return s }
        return nil
    }
}
