import Testing
@testable import KBShell

/// Random and mutated command lines never crash kbplay, and a rejected
/// line leaves the session exactly as it was.
@Suite("Fuzzing the parser and the executor")
struct FuzzTests {
    static let seeds = [
        "focus email", "resign", "keyboard show height 300", "keyboard hide", "rotate landscape",
        "constrain email.height == 40 @750 as h", "set formBottom.constant = kb.end.height - 34",
        "add stackView s to Login.view axis horizontal spacing 4", "pin form to Login.view.margins inset 8",
        "handle Login with observer formBottom padding 8", "on Login keyboardWillShow: set formBottom.constant = max(1, kb.end.height)",
        "expect email.frame.maxY <= kb.frame.minY", "print (1 + 2) * 3", "remove signIn", "deactivate formBottom",
        "keyboard drag 600", "keyboard release", "device iphone-8 landscape", "explain form", "undo", "redo",
        "controller Child in Login at form", "add textView notes to form", "keyboard predictive off",
        "handle Login with content-inset form", "set email.hugging.vertical 251", "render", "frames", "tree",
        "accessory email height 44 as toolbar", "accessory Login height 50 as bar", "inputView password height 216",
        "add tableView items to Login.view rows 40 rowHeight 50", "add textField qty to items row 3", "set items.rows 10",
        "controller Sheet table rows rows 5", "present Sheet as formSheet detent medium", "dismiss Sheet",
        "scroll items by -120", "set items.keyboardDismissMode = interactive", "set email.alpha 0", "set form.clipsToBounds on",
        "device ipad-pro-11", "window split-third", "window stage 10 20 400 500", "window full",
    ]

    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 ._-=<>+*/()@:,\"#\\$é✓\t")

    func mutate(_ line: String, _ r: inout Random) -> String {
        var chars = Array(line)
        for _ in 0..<(1 + r.int(3)) {
            switch r.int(5) {
            case 0 where !chars.isEmpty: chars.remove(at: r.int(chars.count))
            case 1: chars.insert(Self.alphabet[r.int(Self.alphabet.count)], at: r.int(chars.count + 1))
            case 2 where !chars.isEmpty: chars[r.int(chars.count)] = Self.alphabet[r.int(Self.alphabet.count)]
            case 3:
                let words = line.split(separator: " ")
                if let w = words.randomElement(using: &r) { chars += Array(" " + w) }
            default:
                if chars.count > 2 { chars.removeLast(r.int(chars.count / 2 + 1)) }
            }
        }
        return String(chars)
    }

    @Test func mutatedAndRandomLinesNeverCrashOrLeakChanges() {
        var r = Random(state: 0x5EED)
        var session = Session.demo(sessionsDirectory: "/nonexistent-kbplay-fuzz")
        var rejected = 0
        for i in 0..<3000 {
            let line: String
            if i % 5 == 4 {
                line = String((0..<r.int(30)).map { _ in Self.alphabet[r.int(Self.alphabet.count)] })
            } else {
                line = mutate(Self.seeds[r.int(Self.seeds.count)], &r)
            }
            let before = session.state
            let historyBefore = session.history
            let outcome = session.execute(line)
            // Written straight from the outcome, as `--json` and the daemon
            // write it, the JSON is byte for byte its JSON value's text.
            #expect(outcome.jsonText == outcome.json.text, "'\(line)'")
            if outcome.status == .rejected {
                rejected += 1
                #expect(session.state == before, "rejected '\(line)' changed the session")
                #expect(session.history == historyBefore)
                #expect(outcome.json["ok"] == .bool(false))
                #expect(outcome.text.hasPrefix("error: "))
            }
            // Reset now and then so the session does not drift into a corner.
            if i % 200 == 199 { session = Session.demo(sessionsDirectory: "/nonexistent-kbplay-fuzz") }
        }
        #expect(rejected > 500)
    }

    /// Every whole number a command takes (counts, codes, priorities),
    /// given a fraction, a negative, or a number far past `Int`, is refused
    /// with what it takes; converting those to `Int` unchecked would stop
    /// the program (and a daemon with it).
    @Test func numbersPastEveryRangeAreRefusedNeverFatal() {
        let refusals = [
            "events N": "events takes a whole number of notifications (0 or more)",
            "keyboard show curve N": "a curve is a whole number from 0 to 7",
            "keyboard show frames N": "frames takes a whole number from 1 to 60",
            "keyboard hide frames N": "frames takes a whole number from 1 to 60",
            "set emailTop.priority N": "a priority is a whole number from 1 to 1000",
            "set formBottom.priority = N": "a priority is a whole number from 1 to 1000",
            "set email.hugging.vertical N": "a priority is a whole number from 1 to 1000",
            "set email.compression.horizontal N": "a priority is a whole number from 1 to 1000",
            "constrain email.height == 40 @N": "a priority is a whole number from 1 to 1000",
        ]
        for (template, message) in refusals.sorted(by: { $0.key < $1.key }) {
            for n in ["-99999999999999999999999", "99999999999999999999999", "9223372036854775808", "-1", "0.5", "1/0"] {
                // `events` counts a number past what it keeps as all it keeps.
                if template == "events N" && (n == "99999999999999999999999" || n == "9223372036854775808") { continue }
                // Only `set` takes an expression.
                if n == "1/0" && !template.hasPrefix("set") { continue }
                var session = Session.demo(sessionsDirectory: "/nonexistent-kbplay-fuzz")
                _ = session.execute("focus email")
                let before = session.state
                let line = template.replacingOccurrences(of: "N", with: n)
                let outcome = session.execute(line)
                #expect(outcome.status == .rejected && outcome.text.contains(message), "\(line): \(outcome.text)")
                #expect(session.state == before)
            }
        }
        var session = Session.demo(sessionsDirectory: "/nonexistent-kbplay-fuzz")
        for line in ["events 99999999999999999999999", "keyboard show curve 0 frames 60", "keyboard hide frames 1",
                     "constrain email.height == 40 @1 as h", "set h.priority 999", "events 0"] {
            #expect(session.execute(line).status == .ok, "\(line)")
        }
    }

    /// A constant may be up to 10,000,000 points either way, so a view may
    /// sit that far away: the picture clamps it to the screen's edge. A
    /// larger one (1e46) is refused.
    @Test func viewsFarOffTheScreenStillRender() {
        var session = Session.demo(sessionsDirectory: "/nonexistent-kbplay-fuzz")
        let far = "99999999999999999999999 * 99999999999999999999999"
        #expect(session.execute("set formBottom.constant = \(far)").status == .rejected)
        for line in ["set formBottom.constant = 0 - 10000000", "render", "set formBottom.constant = 10000000", "render", "tree", "frames"] {
            let outcome = session.execute(line)
            #expect(outcome.status == .ok, "\(line): \(outcome.text.prefix(200))")
        }
    }

    @Test func validSeedsAreAccepted() {
        var session = Session.demo()
        for line in ["focus email", "keyboard show height 300", "rotate landscape", "constrain email.height == 40 @750 as h",
                     "handle Login with observer formBottom padding 8", "expect email.frame.maxY > 0", "print (1 + 2) * 3"] {
            let outcome = session.execute(line)
            #expect(outcome.status == .ok, "\(line): \(outcome.text)")
        }
    }
}

extension FuzzTests.Random: RandomNumberGenerator {}
