import KBModel

/// Auto Layout's visual format language, as
/// `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`
/// reads it: `H:|-[name]-(>=20@750)-[other(==name)]-|`.
///
/// Standard spacing (`-` alone) is 8 pt between sibling views and 20 pt
/// between a view and its superview's edge. `H:` (the default) relates
/// leading and trailing edges (left and right with
/// `.directionLeftToRight`), `V:` tops and bottoms.
struct VisualFormat {
    /// What went wrong, said as a finding.
    struct Failure: Error, Equatable {
        var message: String
    }

    static let siblingSpacing = 8.0
    static let superviewSpacing = 20.0

    /// `[name(==other)]`, `-(>=20@750)-`: relation, a constant or a view,
    /// a priority.
    struct Predicate: Equatable {
        var relation = "=="
        var constant: Double?
        var view: String?
        var priority: Double?
    }

    /// The views dictionary (format name → the code's view), the metrics,
    /// the superview the format's `|` stands for.
    var views: [String: String]
    var metrics: [String: Double]
    var superview: String
    var leftToRight = false
    var file: String
    var line: Int

    private var chars: [Character] = []
    private var i = 0

    init(views: [String: String], metrics: [String: Double], superview: String, leftToRight: Bool = false, file: String, line: Int) {
        self.views = views
        self.metrics = metrics
        self.superview = superview
        self.leftToRight = leftToRight
        self.file = file
        self.line = line
    }

    /// The constraints the format makes; `align` adds, for each view after
    /// the first, `view.ATTRIBUTE == previous.ATTRIBUTE` (the format
    /// options' `.alignAll…`).
    mutating func constraints(_ format: String, align: [Anchor.Attribute] = []) throws(Failure) -> [CodeScreen.Constraint] {
        chars = Array(format.filter { !$0.isWhitespace })
        i = 0
        var vertical = false
        if chars.count >= 2, chars[1] == ":" {
            guard chars[0] == "H" || chars[0] == "V" else { throw Failure(message: "'\(chars[0]):' is not an orientation: H: or V:") }
            vertical = chars[0] == "V"
            i = 2
        }
        let lead: Anchor.Attribute = vertical ? .top : leftToRight ? .left : .leading
        let trail: Anchor.Attribute = vertical ? .bottom : leftToRight ? .right : .trailing
        let size: Anchor.Attribute = vertical ? .height : .width
        var out: [CodeScreen.Constraint] = []
        func make(_ first: Anchor, _ relation: String, _ second: Anchor?, _ constant: Double, _ priority: Double?) -> CodeScreen.Constraint {
            CodeScreen.Constraint(first: first, relation: relation, second: second, multiplier: 1, constant: constant,
                                  priority: priority, name: nil, file: file, line: line)
        }
        func flipped(_ r: String) -> String { r == "<=" ? ">=" : r == ">=" ? "<=" : r }
        var previous: String?  // a view's name; nil with `startsAtSuperview` for `|`
        var atSuperview = false
        var placed: [String] = []
        if peek == "|" { i += 1; atSuperview = true }
        guard peek != nil else { throw Failure(message: "the format has no view: write one as [name]") }
        while i < chars.count {
            // The connection to what comes next.
            var spacing: [Predicate] = []
            let hasNeighbour = previous != nil || atSuperview
            if hasNeighbour {
                if peek == "-" {
                    i += 1
                    if peek == "[" || peek == "|" {
                        spacing = [Predicate(constant: nil)]  // standard
                    } else {
                        spacing = try predicateList(allowViews: false)
                        guard peek == "-" else { throw Failure(message: "expected '-' after the spacing at character \(i + 1)") }
                        i += 1
                    }
                } else {
                    spacing = [Predicate(constant: 0)]  // flush
                }
            }
            guard let c = peek else { throw Failure(message: "the format ends after a connection: end it with a view or |") }
            if c == "|" {
                i += 1
                guard let last = previous else { throw Failure(message: "| | has no view between") }
                for p in spacing {
                    let gap = p.constant ?? Self.superviewSpacing
                    out.append(make(Anchor(last, nil, trail), flipped(p.relation), Anchor(superview, nil, trail), -gap, p.priority))
                }
                guard i == chars.count else { throw Failure(message: "nothing may follow the closing | (character \(i + 1))") }
                break
            }
            guard c == "[" else { throw Failure(message: "expected [view] at character \(i + 1), found '\(c)'") }
            i += 1
            var key = ""
            while let ch = peek, ch != "(", ch != "]" { key.append(ch); i += 1 }
            guard let name = views[key] else {
                throw Failure(message: "'\(key)' is not in the views dictionary (\(views.keys.sorted().joined(separator: ", ")))")
            }
            var sizes: [Predicate] = []
            if peek == "(" { sizes = try predicateList(allowViews: true) }
            guard peek == "]" else { throw Failure(message: "expected ] after [\(key) at character \(i + 1)") }
            i += 1
            if hasNeighbour {
                for p in spacing {
                    if let prev = previous {
                        out.append(make(Anchor(name, nil, lead), p.relation, Anchor(prev, nil, trail), p.constant ?? Self.siblingSpacing, p.priority))
                    } else {
                        out.append(make(Anchor(name, nil, lead), p.relation, Anchor(superview, nil, lead), p.constant ?? Self.superviewSpacing, p.priority))
                    }
                }
            }
            for p in sizes {
                if let other = p.view {
                    out.append(make(Anchor(name, nil, size), p.relation, Anchor(other, nil, size), 0, p.priority))
                } else if let x = p.constant {
                    out.append(make(Anchor(name, nil, size), p.relation, nil, x, p.priority))
                }
            }
            if let prev = placed.last {
                for a in align { out.append(make(Anchor(name, nil, a), "==", Anchor(prev, nil, a), 0, nil)) }
            }
            placed.append(name)
            previous = name
            atSuperview = false
        }
        return out
    }

    private var peek: Character? { i < chars.count ? chars[i] : nil }

    /// `(p, p…)` or one bare predicate (`20`, `margin`).
    private mutating func predicateList(allowViews: Bool) throws(Failure) -> [Predicate] {
        if peek == "(" {
            i += 1
            var out: [Predicate] = []
            while true {
                out.append(try predicate(allowViews: allowViews))
                if peek == "," { i += 1; continue }
                guard peek == ")" else { throw Failure(message: "expected ) or , at character \(i + 1)") }
                i += 1
                return out
            }
        }
        return [try predicate(allowViews: false)]
    }

    private mutating func predicate(allowViews: Bool) throws(Failure) -> Predicate {
        var p = Predicate()
        if i + 1 < chars.count, ["=", "<", ">"].contains(chars[i]), chars[i + 1] == "=" {
            p.relation = String(chars[i]) + "="
            i += 2
        }
        let object = word()
        guard !object.isEmpty else { throw Failure(message: "expected a number, a metric or a view at character \(i + 1)") }
        if let x = value(object) {
            p.constant = x
        } else if allowViews, let v = views[object] {
            p.view = v
        } else {
            throw Failure(message: "'\(object)' is neither a number, a metric (\(metrics.keys.sorted().joined(separator: ", "))) nor \(allowViews ? "a view" : "allowed here")")
        }
        if peek == "@" {
            i += 1
            let w = word()
            guard let x = value(w) else { throw Failure(message: "the priority '\(w)' is not a number or a metric") }
            p.priority = x
        }
        return p
    }

    private mutating func word() -> String {
        var w = ""
        if peek == "-" { w.append("-"); i += 1 }
        while let c = peek, c.isLetter || c.isNumber || c == "_" || c == "." { w.append(c); i += 1 }
        return w
    }

    private func value(_ w: String) -> Double? {
        if let x = Double(w) { return x }
        return metrics[w]
    }
}
