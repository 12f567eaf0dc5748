import KBModel
import SwiftSyntax

/// The app's own view classes, the kinds and priorities as code writes
/// them, and a stack view's arranged views.
extension LayoutCodeReader {
    /// The size a view class of the files read gives as its
    /// `intrinsicContentSize`: `CGSize(width: 120, height: 44)`.
    func intrinsicSize(_ text: String) -> (width: Double, height: Double)? {
        guard Self.viewClass(text) == nil else { return nil }
        for w in KeyboardNames.words(text) where text.contains(w + "(") {
            var name: String? = w
            var depth = 0
            while let n = name, let t = index.types[n], depth < 8 {
                if let r = t.routines(named: "intrinsicContentSize").first, let body = r.body,
                   let call = body.allDescendants.first(where: { $0.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription == "CGSize" })?
                       .as(FunctionCallExprSyntax.self),
                   let wa = call.arguments.first(where: { $0.label?.text == "width" }), let ha = call.arguments.first(where: { $0.label?.text == "height" }),
                   let width = number(wa.expression, owner: t), let height = number(ha.expression, owner: t), width >= 0, height >= 0 {
                    return (width, height)
                }
                name = t.inherits.first { index.types[$0] != nil }
                depth += 1
            }
            return nil
        }
        return nil
    }

    /// A view class of the files read that adds subviews of its own: a
    /// finding (the view is built as its UIKit class, without them).
    mutating func customView(_ text: String, _ place: Place) {
        guard Self.viewClass(text) == nil else { return }
        for w in KeyboardNames.words(text) where text.contains(w + "(") {
            guard let t = index.types[w], uikitBase(w, depth: 0) != nil else { continue }
            let adds = t.routines.contains { r in
                r.body?.allDescendants.contains { n in
                    n.as(FunctionCallExprSyntax.self).flatMap(Self.calleeWord).map { $0 == "addSubview" || $0 == "addArrangedSubview" } ?? false
                } ?? false
            }
            if adds { note(place, "\(w)'s own subviews are not built: it is built as a \(uikitBase(w, depth: 0) ?? "view")") }
            return
        }
    }

    mutating func kind(_ cls: String, _ place: Place) -> ViewKind {
        if let k = Self.kinds[cls] { return k }
        note(place, "\(cls) is modelled as a plain view")
        return .view
    }

    /// A `UILayoutPriority` as written: `.required`, `.defaultHigh - 1`,
    /// `UILayoutPriority(rawValue: 999)`, `UILayoutPriority(700)`, `750`.
    static func priority(_ text: String) -> Double? {
        var t = text.filter { !$0.isWhitespace }
        for prefix in ["UILayoutPriority.", "NSLayoutConstraint.Priority."] where t.hasPrefix(prefix) { t = "." + t.dropFirst(prefix.count) }
        let named: [String: Double] = [".required": 1000, ".defaultHigh": 750, ".defaultLow": 250, ".fittingSizeLevel": 50,
                                       ".dragThatCanResizeScene": 510, ".sceneSizeStayPut": 500, ".dragThatCannotResizeScene": 490]
        if let x = named[t] { return x }
        for (name, x) in named where t.hasPrefix(name) {
            let rest = t.dropFirst(name.count)
            guard let sign = rest.first, sign == "+" || sign == "-", let d = Double(rest.dropFirst()) else { return nil }
            return sign == "+" ? x + d : x - d
        }
        for wrapper in ["UILayoutPriority(rawValue:", "UILayoutPriority(", "Float(", "ConstraintPriority("] where t.hasPrefix(wrapper) && t.hasSuffix(")") {
            return Double(t.dropFirst(wrapper.count).dropLast())
        }
        return Double(t)
    }

    /// The views a stack view property or local is made with.
    func arranged(_ name: String, in t: TypeInfo) -> [String] {
        var texts: [String] = []
        if let p = t.properties[name] { texts.append(p.initializer) }
        for r in t.routines {
            for node in r.body?.allDescendants ?? [] {
                if let b = node.as(PatternBindingSyntax.self), b.pattern.trimmedDescription == name, let v = b.initializer?.value {
                    texts.append(v.trimmedDescription)
                }
            }
        }
        for text in texts {
            guard let r = text.range(of: "arrangedSubviews:") else { continue }
            let rest = text[r.upperBound...]
            guard let open = rest.firstIndex(of: "["), let close = rest.firstIndex(of: "]"), open < close else { continue }
            return rest[rest.index(after: open)..<close].split(separator: ",").map { normal(String($0)) }
        }
        return []
    }

    /// A method of a view class or of an extension of one, in the files
    /// read, that makes constraints (`func pinEdges(to:)` in `extension
    /// UIView`): a layout helper kbplay does not follow.
    func viewHelper(_ name: String) -> Routine? {
        for typeName in index.order {
            guard let t = index.types[typeName], typeName.hasPrefix("UI") && Self.viewClass(typeName + "()") != nil || uikitBase(typeName, depth: 0) != nil
            else { continue }
            for r in t.routines(named: name) {
                guard let body = r.body?.trimmedDescription else { continue }
                if body.contains(".constraint(") || body.contains("NSLayoutConstraint") { return r }
            }
        }
        return nil
    }
}
