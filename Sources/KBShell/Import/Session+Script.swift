import Foundation
import KBModel

extension Session {
    /// The session as a script of commands that rebuilds it: the device,
    /// the controllers in the order they were made, every view with its
    /// options, priorities and visibility, every constraint by name (its
    /// constant, multiplier, priority; inactive ones deactivated), scroll
    /// state, the rules and the strategies. Running it from an empty
    /// session lays the screen out as this one is while the keyboard is
    /// down; the keyboard, the focus and the undo history are not in it.
    public func script() -> String {
        let s = screen
        var out = ["# kbplay script (export kbs): the screen, its strategies and its rules; the keyboard starts down",
                   "device \(s.device.id) \(s.orientation.rawValue)"]
        var hidden: [String] = []
        for v in s.views {
            if v.isRootView {
                guard let c = try? s.controller(named: v.controller) else { continue }
                if let p = c.parent, let at = c.container {
                    out.append("controller \(c.name) in \(p) at \(at)")
                } else {
                    out.append("controller \(c.name)")
                }
                continue
            }
            guard let parent = v.parent else { continue }
            var line = "add \(v.kind.rawValue) \(v.name) to \(parent)"
            if let t = v.text { line += " text \(CommandParser.quote(t))" }
            if let i = v.intrinsicOverride { line += " intrinsic \(Self.number(i.width)) \(Self.number(i.height))" }
            if let st = v.stack {
                line += " axis \(st.axis.rawValue) spacing \(Self.number(st.spacing)) distribution \(st.distribution.rawValue) alignment \(st.alignment.rawValue)"
            }
            out.append(line)
            for axis in Axis.allCases {
                if v.hugging[axis] != v.kind.defaultHugging {
                    out.append("set \(v.name).hugging.\(axis.rawValue) \(v.hugging[axis])")
                }
                if v.compressionResistance[axis] != 750 {
                    out.append("set \(v.name).compression.\(axis.rawValue) \(v.compressionResistance[axis])")
                }
            }
            if v.clipsToBounds != v.kind.isScrollView { out.append("set \(v.name).clipsToBounds \(v.clipsToBounds ? "on" : "off")") }
            if v.alpha != 1 { out.append("set \(v.name).alpha = \(Self.number(v.alpha))") }
            if v.isHidden { hidden.append(v.name) }
            if let scroll = v.scroll {
                let i = scroll.contentInset
                for (edge, x) in [("top", i.top), ("left", i.left), ("bottom", i.bottom), ("right", i.right)] where x != 0 {
                    out.append("set \(v.name).contentInset.\(edge) = \(Self.number(x))")
                }
            }
        }
        for c in s.constraints {
            var line = "constrain \(c.first) \(c.relation.rawValue) "
            if let second = c.second {
                line += "\(second)"
                if c.multiplier != 1 { line += " * \(Self.number(c.multiplier))" }
                if c.constant > 0 { line += " + \(Self.number(c.constant))" }
                if c.constant < 0 { line += " - \(Self.number(-c.constant))" }
            } else {
                line += Self.number(c.constant)
            }
            // An inactive constraint is made at the lowest priority (which
            // no conflict can break), deactivated, then given its own.
            if !c.isActive {
                out.append(line + " @ 1 as \(c.name)")
                out.append("deactivate \(c.name)")
                if c.priority != 1 { out.append("set \(c.name).priority = \(c.priority)") }
                continue
            }
            if c.priority != 1000 { line += " @ \(c.priority)" }
            line += " as \(c.name)"
            out.append(line)
        }
        // Hidden last: a view hidden in a stack leaves its layout, which
        // the constraints above do not depend on.
        out += hidden.map { "set \($0).hidden on" }
        for v in s.views {
            if let offset = v.scroll?.contentOffset {
                out.append("set \(v.name).contentOffset.x = \(Self.number(offset.x))")
                out.append("set \(v.name).contentOffset.y = \(Self.number(offset.y))")
            }
        }
        for c in s.controllers where !c.isAppeared { out.append("disappear \(c.name)") }
        for strategy in state.strategies {
            var line = "handle \(strategy.controller) with \(strategy.kind.rawValue)"
            for a in strategy.kind.type.arguments {
                let value: String
                if a.field.isName {
                    guard let n = strategy.name(a.field) else { continue }
                    value = n
                } else {
                    let x = strategy.number(a.field)
                    if !a.required, x == Strategy(kind: strategy.kind, controller: "").number(a.field) { continue }
                    value = Self.number(x)
                }
                line += a.keyword.map { " \($0) \(value)" } ?? " \(value)"
            }
            out.append(line)
        }
        out += state.rules.map(\.text)
        return out.joined(separator: "\n") + "\n"
    }

    /// A number as a script writes it back exactly: whole numbers without
    /// a fraction, others with the digits that read back as the same double.
    static func number(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        let s = "\(x)"
        if !s.contains("e") { return s }
        var fixed = String(format: "%.12f", x)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        return fixed
    }
}
