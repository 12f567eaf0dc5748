import KBModel

extension SwiftExporter {
    // MARK: Accessories, input views, scroll state, focus, sheets, rules

    mutating func writeKeyboardParts(of c: Controller) {
        let name = c.name
        guard var code = classes[name] else { return }
        var lines: [String] = []
        for v in screen.views where v.controller == name && !excluded.contains(v.name) {
            guard let ref = code.names.callName(v.name) else { continue }
            if let a = v.accessory, let owner = try? screen.view(named: a.owner), owner.accessory == nil,
               let ownerRef = viewReference(a.owner, from: name) {
                lines.append("\(ownerRef).inputAccessoryView = \(ref)")
            }
            if let h = v.inputViewHeight {
                lines.append("// kbplay: a custom input view \(SwiftExporter.number(h)) pt tall replaces the keyboard while \(v.name) edits (a UIPickerView or UIDatePicker in an app)")
                lines.append("\(ref).inputView = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: \(SwiftExporter.number(h))))")
            }
            if let scroll = v.scroll {
                let i = scroll.contentInsetAtRest
                if scroll.restingContentInset != nil {
                    func text(_ e: EdgeInsets) -> String {
                        "top \(SwiftExporter.number(e.top)), left \(SwiftExporter.number(e.left)), bottom \(SwiftExporter.number(e.bottom)), right \(SwiftExporter.number(e.right))"
                    }
                    lines.append("// kbplay: \(v.name)'s content inset is \(text(scroll.contentInset)) in this session, as its keyboard handlers left it; \(text(i)) at rest")
                }
                if i != .zero {
                    lines.append("\(ref).contentInset = UIEdgeInsets(top: \(SwiftExporter.number(i.top)), left: \(SwiftExporter.number(i.left)), bottom: \(SwiftExporter.number(i.bottom)), right: \(SwiftExporter.number(i.right)))")
                }
                // Where a scroll view is scrolled to is the user's (a drag)
                // or a keyboard handler's doing: the screen starts at
                // UIKit's start offset.
                if let o = scroll.contentOffset {
                    lines.append("// kbplay: \(v.name) is scrolled to (\(SwiftExporter.number(o.x)), \(SwiftExporter.number(o.y))) in this session; the screen starts at the top (contentOffset −adjustedContentInset)")
                }
            }
        }
        // The controller's own input accessory view (a chat input bar).
        if let bar = c.inputAccessory, let ref = code.names.callName(bar) {
            code.members.append([
                "// kbplay: \(bar) is this controller's input accessory view: docked at the bottom while nothing edits, on the keyboard while a field does.",
                "override var inputAccessoryView: UIView? { \(ref) }",
                "",
                "override var canBecomeFirstResponder: Bool { true }",
            ])
            code.lifecycle["viewDidAppear", default: []].append("becomeFirstResponder()")
        }
        // The screen at rest: nothing is being edited when it appears.
        if let focus = screen.focus, let field = try? screen.view(named: focus), field.controller == name {
            lines.append("// kbplay: \(focus) is being edited in this session; the screen starts with nothing focused")
        }
        if !c.isAppeared {
            lines.append("// kbplay: \(name) is not in the window in this session (viewDidDisappear has run)")
        }
        // Sheets this controller presents.
        for presented in screen.controllers {
            guard let p = presented.presentation, p.presenter == name, let presentedClass = classes[presented.name]?.className else { continue }
            let method = code.names.declareMember("present" + SwiftNames.identifier(presented.name))
            let style = p.style == .formSheet ? "formSheet" : "pageSheet"
            var m = [
                "/// Presents \(presented.name) as kbplay does (`present \(presented.name) as \(p.style.rawValue) detent \(p.detent.rawValue)`).",
                "func \(method)() {",
                "    let controller = \(presentedClass)()",
                "    controller.modalPresentationStyle = .\(style)",
            ]
            if p.style != .formSheet {
                m += [
                    "    if let sheet = controller.sheetPresentationController {",
                    p.detent == .medium ? "        sheet.detents = [.medium(), .large()]" : "        sheet.detents = [.large()]",
                    "        sheet.selectedDetentIdentifier = .\(p.detent.rawValue)",
                    "    }",
                ]
            }
            m += ["    present(controller, animated: true)", "}"]
            code.members.append(m)
        }
        code.keyboardParts = lines
        classes[name] = code
    }
}
