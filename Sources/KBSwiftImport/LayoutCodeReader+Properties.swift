import KBModel
import SwiftSyntax

/// What the code sets on its views that kbplay models, its child
/// controllers, and its input accessory and input views.
extension LayoutCodeReader {
    /// UIToolbar's height after `sizeToFit()` on a phone in portrait, and
    /// a picker's (UIPickerView, UIDatePicker) as an input view.
    static let toolbarHeight = 44.0
    static let pickerHeight = 216.0

    /// The assignments `NAME.PROPERTY = VALUE` of the type's routines, each
    /// with the view it sets: in a lazy closure the local it returns stands
    /// for the property; in `[a, b].forEach { $0.… }` each of a and b.
    func assignments(_ t: TypeInfo) -> [(view: String, property: String, value: ExprSyntax, place: Place)] {
        var out: [(view: String, property: String, value: ExprSyntax, place: Place)] = []
        let setup = setupRoutines(t)
        for r in t.routines where setup.contains(ObjectIdentifier(r)) {
            guard let body = r.body else { continue }
            var alias: [String: String] = [:]
            if t.properties[r.name] != nil {
                for node in body.allDescendants {
                    if let b = node.as(PatternBindingSyntax.self), let v = b.initializer?.value, uikitViewClass(v.trimmedDescription) != nil {
                        alias[b.pattern.trimmedDescription] = r.name
                    }
                }
            }
            for node in body.allDescendants where (node.is(FunctionCallExprSyntax.self) || node.is(SequenceExprSyntax.self)) && Self.runsInline(node, in: r) {
                // `button.setTitle("Save", for: .normal)`: its text.
                if let call = node.as(FunctionCallExprSyntax.self), Self.calleeWord(call) == "setTitle",
                   let base = HandlerWalk.calleeName(call.calledExpression).base, let first = call.arguments.first {
                    out.append((alias[base] ?? base, "text", first.expression, index.place(call, file: r.file)))
                }
                guard let q = node.as(SequenceExprSyntax.self) else { continue }
                let e = Array(q.elements)
                guard e.count == 3, e[1].is(AssignmentExprSyntax.self) else { continue }
                var parts = normal(e[0].trimmedDescription).split(separator: ".").map(String.init)
                guard parts.count >= 2 else { continue }
                let base = parts.removeFirst()
                let property = parts.joined(separator: ".")
                var views = [alias[base] ?? base]
                if base == "$0", let list = Self.forEachList(Syntax(q)) { views = list }
                for v in views { out.append((v, property, e[2], index.place(q, file: r.file))) }
            }
        }
        return out.sorted { ($0.place.file, $0.place.line, $0.place.column) < ($1.place.file, $1.place.line, $1.place.column) }
    }

    private static func literal(_ e: ExprSyntax) -> String? {
        guard let s = e.as(StringLiteralExprSyntax.self), s.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) else { return nil }
        return s.segments.map { $0.as(StringSegmentSyntax.self)!.content.text }.joined()
    }

    private static func bool(_ e: ExprSyntax) -> Bool? {
        switch e.trimmedDescription { case "true": true; case "false": false; default: nil }
    }

    /// `.onDrag`, `UIScrollView.KeyboardDismissMode.interactive` → the word.
    private static func caseName(_ e: ExprSyntax) -> String {
        String(e.trimmedDescription.split(separator: ".").last ?? "")
    }

    /// Reads the properties onto the views made in code (`add` options)
    /// and, for the rest (outlets, and what `add` cannot take), `set` lines.
    mutating func properties(_ t: TypeInfo, _ b: Build, views: inout [CodeScreen.View], settings: inout [CodeScreen.Setting],
                             inputViews: inout [CodeScreen.InputView]) {
        var hidden: [CodeScreen.Setting] = []
        var autoresizingOff: Set<String> = []
        var frames: [String: (x: Double, y: Double, width: Double, height: Double, place: Place)] = [:]
        let made = Set(views.map(\.name))
        let named = Set(b.constraints.compactMap(\.c.name))
        let known = made.union(b.outlets).union(b.declared.keys).union(named).union(rootViews)
        // What is set and not modelled, counted in one note.
        var unmodelled: [String: Int] = [:], firstUnmodelled: Place?
        for a in assignments(t) where known.contains(a.view) {
            let i = views.firstIndex { $0.name == a.view }
            func set(_ property: String, _ value: String) {
                settings.append(CodeScreen.Setting(view: a.view, property: property, value: value, file: a.place.file, line: a.place.line))
            }
            switch a.property {
            case "text":
                guard let s = Self.literal(a.value) else {
                    note(a.place, "\(a.view).text is not a string literal: left out")
                    continue
                }
                if let i { views[i].text = s } else { set("text", s) }
            case "placeholder":
                guard let s = Self.literal(a.value) else {
                    note(a.place, "\(a.view).placeholder is not a string literal: left out")
                    continue
                }
                if let i, views[i].kind == .textField { views[i].placeholder = s } else { set("placeholder", s) }
            case "axis":
                guard let i else { continue }
                views[i].axis = Self.caseName(a.value) == "horizontal" ? "horizontal" : "vertical"
            case "spacing":
                guard let i else { continue }
                if let x = number(a.value, owner: t) { views[i].spacing = x } else { note(a.place, "\(a.view).spacing is not a number kbplay can read: left out") }
            case "distribution":
                guard let i else { continue }
                let w = Self.caseName(a.value)
                switch w {
                case "fill", "fillEqually", "equalSpacing": views[i].distribution = w
                case "fillProportionally": views[i].distribution = "fill"; note(a.place, "\(a.view).distribution .fillProportionally is laid out as .fill")
                case "equalCentering": views[i].distribution = "equalSpacing"; note(a.place, "\(a.view).distribution .equalCentering is laid out as .equalSpacing")
                default: note(a.place, "\(a.view).distribution \(a.value.trimmedDescription) is not one kbplay models: left out")
                }
            case "alignment":
                guard let i, views[i].kind == .stackView else { continue }
                let w = Self.caseName(a.value)
                switch w {
                case "fill", "leading", "center", "trailing": views[i].alignment = w
                case "top": views[i].alignment = "leading"
                case "bottom": views[i].alignment = "trailing"
                default: note(a.place, "\(a.view).alignment .\(w) is not one kbplay models (baselines): left out")
                }
            case "isLayoutMarginsRelativeArrangement":
                if Self.bool(a.value) == true {
                    note(a.place, "\(a.view).isLayoutMarginsRelativeArrangement is not modelled: the arranged views span the stack's edges")
                }
            case "constant" where named.contains(a.view) || b.outlets.contains(a.view):
                // A constraint's constant set after it is made: the
                // code's own, or an outlet's (the storyboard's).
                guard let x = number(a.value, owner: t) else {
                    note(a.place, "\(a.view).constant = \(a.value.trimmedDescription) is not a number kbplay can read: left out")
                    continue
                }
                if let i = b.constraints.firstIndex(where: { $0.c.name == a.view }) { b.constraints[i].c.constant = x } else { set("constant", formatPoints(x)) }
            case "priority" where b.outlets.contains(a.view) && !made.contains(a.view):
                guard let p = Self.priority(a.value.trimmedDescription) else {
                    note(a.place, "\(a.view).priority = \(a.value.trimmedDescription) is not a priority kbplay can read: left out")
                    continue
                }
                set("priority", formatPoints(p))
            case "isActive" where b.outlets.contains(a.view) && !made.contains(a.view):
                if let v = Self.bool(a.value) { set("isActive", v ? "on" : "off") }
            case "isHidden":
                guard let v = Self.bool(a.value) else { note(a.place, "\(a.view).isHidden is not true or false: left out"); continue }
                hidden.append(CodeScreen.Setting(view: a.view, property: "hidden", value: v ? "on" : "off", file: a.place.file, line: a.place.line))
            case "alpha":
                guard let x = number(a.value, owner: t) else { note(a.place, "\(a.view).alpha is not a number kbplay can read: left out"); continue }
                set("alpha", formatPoints(x))
            case "clipsToBounds", "layer.masksToBounds":
                guard let v = Self.bool(a.value) else { note(a.place, "\(a.view).\(a.property) is not true or false: left out"); continue }
                set("clipsToBounds", v ? "on" : "off")
            case "keyboardDismissMode":
                let w = Self.caseName(a.value)
                guard ["none", "onDrag", "interactive", "onDragWithAccessory", "interactiveWithAccessory"].contains(w) else {
                    note(a.place, "\(a.view).keyboardDismissMode \(a.value.trimmedDescription) is not one kbplay models: left out")
                    continue
                }
                set("keyboardDismissMode", w)
            case "contentInsetAdjustmentBehavior":
                // kbplay adds no safe area to a content inset: .never.
                let w = Self.caseName(a.value)
                if w != "never" {
                    note(a.place, "\(a.view).contentInsetAdjustmentBehavior .\(w): kbplay does not add the safe area to \(a.view)'s content inset (as .never)")
                }
            case "translatesAutoresizingMaskIntoConstraints":
                if Self.bool(a.value) == false { autoresizingOff.insert(a.view) }
            case "frame":
                if let r = Self.rect(a.value, reader: self, t: t) { frames[a.view] = (r.x, r.y, r.width, r.height, a.place) }
            case "inputAccessoryView", "inputView":
                let accessory = a.property == "inputAccessoryView"
                let text = a.value.trimmedDescription
                let name = normal(text)
                var height: Double?, held: String?
                if let d = b.declared[name] {
                    height = inputHeight(name, cls: d.cls, t: t, accessory: accessory)
                    held = name
                } else if let cls = uikitViewClass(text) {
                    // Made in place: `UIDatePicker()`, `UIView(frame: …)`.
                    height = Self.rect(text, reader: self, t: t)?.height
                        ?? (cls == "UIToolbar" ? Self.toolbarHeight : cls == "UIPickerView" || cls == "UIDatePicker" ? Self.pickerHeight : nil)
                } else {
                    note(a.place, "\(a.view).\(a.property) = \(text): not a view made in the files read; not built")
                    continue
                }
                guard let height else {
                    note(a.place, "\(a.view).\(a.property) = \(text): its height is not one kbplay can read (give it a frame with a height): not built")
                    continue
                }
                inputViews.append(CodeScreen.InputView(owner: a.view, name: held, height: height, isAccessory: accessory,
                                                       file: a.place.file, line: a.place.line))
            case "rowHeight" where i.map({ views[$0].kind == .tableView }) == true:
                guard let h = number(a.value, owner: t), h > 0 else {
                    note(a.place, "\(a.view).rowHeight = \(a.value.trimmedDescription): not a height kbplay can read: left out")
                    continue
                }
                views[i!].rowHeight = h
            case "dataSource" where i.map({ views[$0].kind == .tableView }) == true && HandlerWalk.normalize(a.value.trimmedDescription) == "self":
                // Its rows and cells are this class's (the tables' reading).
                continue
            default:
                // Not an activation (`a.topAnchor.constraint(…).isActive`), which
                // the constraints' reading takes.
                let plain = a.property.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }
                if plain, !["constant", "priority", "isActive", "identifier"].contains(a.property) {
                    unmodelled[a.property, default: 0] += 1
                    if firstUnmodelled == nil { firstUnmodelled = a.place }
                }
            }
        }
        if let place = firstUnmodelled {
            let list = unmodelled.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
            note(place, "set in code and not modelled (kbplay's layout does not depend on them): \(list)")
        }
        // The controller's own input accessory view:
        // `override var inputAccessoryView: UIView? { bar }`.
        if let r = t.routines(named: "inputAccessoryView").first, let body = r.body {
            let words = KeyboardNames.words(body.trimmedDescription).filter { $0 != "return" && $0 != "get" && $0 != "self" }
            let place = r.place
            if words.count == 1, let d = b.declared[words[0]] {
                if let height = inputHeight(words[0], cls: d.cls, t: t, accessory: true) {
                    inputViews.append(CodeScreen.InputView(owner: codeScreenRoot, name: words[0], height: height, isAccessory: true,
                                                           file: place.file, line: place.line))
                } else {
                    note(place, "inputAccessoryView \(words[0]): its height is not one kbplay can read (give it a frame with a height): not built")
                }
            } else {
                note(place, "inputAccessoryView is not a view made in the files read: not built")
            }
        }
        // `UIView(frame: CGRect(…))` made in code.
        for v in views where frames[v.name] == nil {
            if let p = t.properties[v.name], let r = Self.rect(p.initializer, reader: self, t: t) {
                frames[v.name] = (r.x, r.y, r.width, r.height, Place(file: v.file, line: v.line, column: 1))
            }
        }
        settings += hidden
        // A view that keeps its autoresizing mask is placed by its frame
        // (UIKit's fixed mask: left, top, width, height); with constraints of
        // its own too, UIKit's made from the mask conflict with them.
        let constrained = Set(b.constraints.map(\.c.first.view))
        for v in views where !b.autoLayoutViews.contains(v.name) && !autoresizingOff.contains(v.name) {
            let place = b.declared[v.name]?.place ?? Place(file: v.file, line: v.line, column: 1)
            if constrained.contains(v.name) {
                note(place, "\(v.name).translatesAutoresizingMaskIntoConstraints is not set to false: UIKit adds constraints from its frame that conflict with its own; built as if false")
            } else if let f = frames[v.name] {
                let parent = v.parent ?? codeScreenRoot
                for (attribute, from, value) in [(Anchor.Attribute.left, Anchor.Attribute.left, f.x), (.top, .top, f.y)] {
                    b.constraints.append((CodeScreen.Constraint(first: Anchor(v.name, nil, attribute), relation: "==", second: Anchor(parent, nil, from),
                                                                multiplier: 1, constant: value, priority: nil, name: nil, file: v.file, line: f.place.line), nil))
                }
                for (attribute, value) in [(Anchor.Attribute.width, f.width), (.height, f.height)] {
                    b.constraints.append((CodeScreen.Constraint(first: Anchor(v.name, nil, attribute), relation: "==", second: nil,
                                                                multiplier: 1, constant: value, priority: nil, name: nil, file: v.file, line: f.place.line), nil))
                }
            }
        }
    }

    /// `CGRect(x: 0, y: 0, width: 320, height: 44)`, also inside
    /// `UIView(frame: …)`.
    static func rect(_ e: ExprSyntax, reader: LayoutCodeReader, t: TypeInfo) -> (x: Double, y: Double, width: Double, height: Double)? {
        rect(e.trimmedDescription, reader: reader, t: t)
    }

    static func rect(_ text: String, reader: LayoutCodeReader, t: TypeInfo) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let r = text.range(of: "CGRect(") else { return nil }
        let inner = text[r.upperBound...].prefix { $0 != ")" }
        var values: [String: Double] = [:]
        for part in inner.split(separator: ",") {
            let kv = part.split(separator: ":", maxSplits: 1).map { $0.filter { !$0.isWhitespace } }
            guard kv.count == 2, let x = reader.number(kv[1], owner: t) else { return nil }
            values[kv[0]] = x
        }
        guard let x = values["x"], let y = values["y"], let w = values["width"], let h = values["height"] else { return nil }
        return (x, y, w, h)
    }

    /// An input view's height: its frame's, a toolbar sized to fit (44),
    /// a picker (216).
    private func inputHeight(_ name: String, cls: String, t: TypeInfo, accessory: Bool) -> Double? {
        if let p = t.properties[name], let r = Self.rect(p.initializer, reader: self, t: t) { return r.height }
        for r in t.routines {
            for node in r.body?.allDescendants ?? [] {
                if let b = node.as(PatternBindingSyntax.self), b.pattern.trimmedDescription == name, let v = b.initializer?.value,
                   let rect = Self.rect(v, reader: self, t: t) { return rect.height }
                if let q = node.as(SequenceExprSyntax.self) {
                    let e = Array(q.elements)
                    if e.count == 3, e[1].is(AssignmentExprSyntax.self), normal(e[0].trimmedDescription) == "\(name).frame",
                       let rect = Self.rect(e[2], reader: self, t: t) { return rect.height }
                }
            }
        }
        if cls == "UIToolbar" { return Self.toolbarHeight }
        if cls == "UIPickerView" || cls == "UIDatePicker" { return Self.pickerHeight }
        return nil
    }

    /// `addChild(child)` (`addChildViewController`), with the view the
    /// child's view is added to (`container.addSubview(child.view)`).
    mutating func childControllers(_ t: TypeInfo, _ b: Build) {
        let setup = setupRoutines(t)
        for r in t.routines where setup.contains(ObjectIdentifier(r)) {
            for node in r.body?.allDescendants ?? [] where node.is(FunctionCallExprSyntax.self) && Self.runsInline(node, in: r) {
                guard let call = node.as(FunctionCallExprSyntax.self), let word = Self.calleeWord(call),
                      word == "addChild" || word == "addChildViewController" else { continue }
                let (name, base) = HandlerWalk.calleeName(call.calledExpression)
                guard name == "addChild" || name == "addChildViewController", base == nil || base == "self",
                      let arg = call.arguments.first?.expression else { continue }
                let property = normal(arg.trimmedDescription)
                let place = index.place(call, file: r.file)
                guard let type = controllerType(property, t: t, in: r) else {
                    note(place, "the child controller \(property) is not one whose class kbplay can read: not built")
                    continue
                }
                guard b.childProperties[property] == nil else { continue }
                var container: String?
                var added = false
                for r2 in t.routines {
                    for n2 in r2.body?.allDescendants ?? [] {
                        guard let c2 = n2.as(FunctionCallExprSyntax.self), HandlerWalk.calleeName(c2.calledExpression).name == "addSubview",
                              normal(c2.arguments.first?.expression.trimmedDescription ?? "") == "\(property).view" else { continue }
                        let parent = HandlerWalk.calleeName(c2.calledExpression).base
                        container = parent == "view" ? nil : parent
                        added = true
                    }
                }
                if !added {
                    note(place, "\(property)'s view is not added to a view in the files read: placed over the root view")
                }
                var controller = Self.controllerName(type)
                if b.children.contains(where: { $0.controller == controller }) { controller = property }
                b.children.append(CodeScreen.Child(controller: controller, type: type, container: container, file: place.file, line: place.line))
                b.childProperties[property] = controller
            }
        }
    }

    /// The controller class a property or local holds: `let list =
    /// ListViewController()`, `var list: ListViewController!`.
    private func controllerType(_ name: String, t: TypeInfo, in r: Routine) -> String? {
        func type(in text: String) -> String? {
            KeyboardNames.words(text).first { $0.hasSuffix("Controller") && $0.first?.isUppercase == true && !$0.hasPrefix("UI") }
        }
        if let p = t.properties[name], let found = type(in: p.type + " " + p.initializer) { return found }
        for node in r.body?.allDescendants ?? [] {
            if let b = node.as(PatternBindingSyntax.self), b.pattern.trimmedDescription == name,
               let found = type(in: (b.typeAnnotation?.type.trimmedDescription ?? "") + " " + (b.initializer?.value.trimmedDescription ?? "")) {
                return found
            }
        }
        return nil
    }
}
