import Testing
import KBModel
import KBShell

/// The login form the strategy tests share: a vertical stack `form`
/// (spacing 12) of `email`, `password` (text fields, 34 high) and a
/// `signIn` button (30 high) — 34 + 12 + 34 + 12 + 30 = 122 high — across
/// the root view's margins (16 on a phone), its bottom `formBottom`
/// (20 by default) above the safe-area bottom.
func loginForm(device: String, _ orientation: String = "portrait", bottomConstant: Double = 20,
               bottom: String = "Login.view.safeArea.bottom == form.bottom + ") -> [String] {
    [
        "device \(device) \(orientation)",
        "controller Login",
        "add stackView form to Login.view axis vertical spacing 12",
        "add textField email to form",
        "add textField password to form",
        "add button signIn to form text \"Sign in\"",
        "constrain form.leading == Login.view.margins.leading",
        "constrain form.trailing == Login.view.margins.trailing",
        "constrain \(bottom)\(formatNumber(bottomConstant)) as formBottom",
    ]
}

/// A session after `lines`, each of which must succeed.
func session(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Session {
    var s = Session(sessionsDirectory: "/nonexistent-kbplay-tests")
    s.run(lines, sourceLocation: sourceLocation)
    return s
}

extension Session {
    /// Runs each line; every one must succeed (an `expect` must pass).
    @discardableResult
    mutating func run(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) -> CommandOutcome {
        var last = CommandOutcome(command: "")
        for line in lines {
            last = execute(line)
            #expect(last.status == .ok, "\(line) → \(last.text)", sourceLocation: sourceLocation)
        }
        return last
    }

    /// Runs one line, which must succeed, and returns what it did.
    @discardableResult
    mutating func run(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> CommandOutcome {
        run([line], sourceLocation: sourceLocation)
    }

    /// `frames` as numbers: NAME → [x, y, w, h] in window coordinates.
    mutating func frames() -> [String: [Double]] {
        guard case let .object(map)? = execute("frames").members["frames"] else { return [:] }
        return map.mapValues { v in
            guard case let .array(items) = v else { return [] }
            return items.compactMap { if case let .number(x) = $0 { x } else { nil } }
        }
    }

    /// The window frame of a view after layout.
    mutating func frame(_ view: String) -> Rect? { screen.layout().windowFrame(view) }

    func constant(_ name: String) -> Double? { try? screen.constraint(named: name).constant }

    /// `print EXPR` as a number.
    mutating func value(_ expression: String) -> Double? {
        if case let .number(x)? = execute("print \(expression)").members["value"] { return x }
        return nil
    }
}

extension CommandOutcome {
    /// The ids of the flaws that showed (`members["flaws"]`).
    var flawIDs: [String] {
        guard case let .array(items)? = members["flaws"] else { return [] }
        return items.compactMap { if case let .object(m) = $0, case let .string(id)? = m["id"] { id } else { nil } }
    }

    /// The message of the flaw with this id, if it showed.
    func flawMessage(_ id: String) -> String? {
        guard case let .array(items)? = members["flaws"] else { return nil }
        for case let .object(m) in items {
            if case .string(id)? = m["id"], case let .string(message)? = m["message"] { return message }
        }
        return nil
    }

    /// The notifications posted: name, begin, end, duration.
    var notifications: [(name: String, begin: [Double], end: [Double], duration: Double)] {
        guard case let .array(items)? = json["notifications"] else { return [] }
        return items.compactMap { item in
            guard case let .object(m) = item, case let .string(name)? = m["name"],
                  case let .number(d)? = m["duration"] else { return nil }
            func rect(_ key: String) -> [Double] {
                guard case let .array(xs)? = m[key] else { return [] }
                return xs.compactMap { if case let .number(x) = $0 { x } else { nil } }
            }
            return (name, rect("begin"), rect("end"), d)
        }
    }

    var notificationNames: [String] { notifications.map(\.name) }

    /// `focus` member: points covered and clearance.
    var focus: (field: String, covered: Double, clearance: Double)? {
        guard case let .object(m)? = members["focus"], case let .string(f)? = m["field"],
              case let .number(c)? = m["covered"], case let .number(cl)? = m["clearance"] else { return nil }
        return (f, c, cl)
    }

    /// The `error` member of a rejected command: message and column.
    var error: (message: String, column: Int?)? {
        guard case let .object(m)? = members["error"], case let .string(msg)? = m["message"] else { return nil }
        if case let .number(c)? = m["column"] { return (msg, Int(c)) }
        return (msg, nil)
    }
}

let showBurst = ["keyboardWillChangeFrame", "keyboardWillShow", "keyboardDidChangeFrame", "keyboardDidShow"]
let hideBurst = ["keyboardWillChangeFrame", "keyboardWillHide", "keyboardDidChangeFrame", "keyboardDidHide"]

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

/// A root `Login` with a 160 pt `header` under the safe-area top, a
/// `container` below it and a 49 pt `tabBar` on the safe-area bottom; a child
/// controller `Form` in `container` holds a `comment` field 12 above its
/// bottom (`commentBottom`). iPhone 8: header (0 20; 375 160), container
/// and Form.view (0 180; 375 438), tabBar (0 618; 375 49), comment (16 572; 343 34).
func childForm(device: String = "iphone-8") -> [String] {
    [
        "device \(device)",
        "controller Login",
        "add view header to Login.view",
        "add view container to Login.view",
        "add view tabBar to Login.view",
        "constrain header.top == Login.view.safeArea.top as headerTop",
        "constrain header.leading == Login.view.leading",
        "constrain header.trailing == Login.view.trailing",
        "constrain header.height == 160",
        "constrain container.top == header.bottom",
        "constrain container.leading == Login.view.leading",
        "constrain container.trailing == Login.view.trailing",
        "constrain container.bottom == tabBar.top",
        "constrain tabBar.leading == Login.view.leading",
        "constrain tabBar.trailing == Login.view.trailing",
        "constrain tabBar.bottom == Login.view.safeArea.bottom",
        "constrain tabBar.height == 49",
        "controller Form in Login at container",
        "add textField comment to Form.view",
        "constrain comment.leading == Form.view.margins.leading",
        "constrain comment.trailing == Form.view.margins.trailing",
        "constrain Form.view.bottom == comment.bottom + 12 as commentBottom",
    ]
}

/// A `Notes` controller whose text view `body` fills the root view (or its
/// safe area), with `lines` (a label `contentHeight` high) as its content.
func notes(device: String, safeArea: Bool, contentHeight: Double) -> [String] {
    [
        "device \(device)",
        "controller Notes",
        "add textView body to Notes.view",
        safeArea ? "pin body to Notes.view.safeArea" : "pin body to Notes.view",
        "add label lines to body intrinsic 343 \(formatNumber(contentHeight))",
        "constrain lines.top == body.content.top",
        "constrain lines.bottom == body.content.bottom",
        "constrain lines.leading == body.content.leading + 16",
        "constrain lines.trailing == body.content.trailing - 16",
    ]
}
