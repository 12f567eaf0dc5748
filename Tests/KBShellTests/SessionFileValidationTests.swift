import Foundation
import Testing
import KBTestSupport
@testable import KBShell
import KBModel

/// A session file loads only what commands could have built: sessions made
/// by random commands come back as they were, byte for byte, and a file
/// changed in one place loads to a session that saves back the same or is
/// refused with the JSON path of what is wrong.
@Suite("Session files are checked like commands")
struct SessionFileValidationTests {
    // MARK: Helpers

    /// A seeded generator, so every run tries the same sessions and mutations.
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[int(items.count)] }
    }

    /// The saved text of the demo session after `commands`, in `dir`.
    static func saved(_ commands: [String], in dir: String, name: String = "x") throws -> String {
        var s = Session.demo(sessionsDirectory: dir)
        for c in commands {
            let o = s.execute(c)
            #expect(o.status == .ok, "\(c): \(o.text)")
        }
        #expect(s.execute("save \(name)").status == .ok)
        return try String(contentsOfFile: "\(dir)/\(name).json", encoding: .utf8)
    }

    /// `load NAME` of `text` (or `bytes`) into a session with things in
    /// it: the refusal's text, after checking that the session is untouched.
    static func refusal(of text: String? = nil, bytes: [UInt8]? = nil, in dir: String) throws -> String {
        let data = bytes.map { Data($0) } ?? Data(text!.utf8)
        try data.write(to: URL(fileURLWithPath: dir + "/bad.json"))
        var s = Session.demo(sessionsDirectory: dir)
        _ = s.execute("focus email")
        let before = s.state
        let outcome = s.execute("load bad")
        #expect(outcome.status == .rejected, "loaded: \(outcome.text)")
        #expect(s.state == before)
        return outcome.text
    }

    /// A view's object in a saved file, found by its name, changed by `edit`.
    static func editing(_ text: String, view name: String, _ edit: (inout [String: JSON]) -> Void) throws -> String {
        var json = try JSONReader.parse(text)
        guard case var .object(top) = json, case var .object(screen) = top["screen"]!,
              case var .array(views) = screen["views"]! else { throw FileError("no views") }
        let i = views.firstIndex { $0["name"]?.stringValue == name }!
        guard case var .object(v) = views[i] else { throw FileError("not an object") }
        edit(&v)
        views[i] = .object(v)
        screen["views"] = .array(views)
        top["screen"] = .object(screen)
        json = .object(top)
        return json.text
    }

    // MARK: The defects of issue #26

    /// A view that is its own parent, or two views that contain each other,
    /// were loaded and then vanished from `tree`; `save` wrote a file that
    /// `load` refused.
    @Test func aViewCannotContainItself() throws {
        let dir = TemporaryFolder.make("validation")
        let text = try Self.saved(["add label L1 to form text \"hi\""], in: dir)
        let itself = try Self.editing(text, view: "form") { $0["parent"] = .string("form") }
        let message = try Self.refusal(of: itself, in: dir)
        #expect(message.contains("bad.json: screen.views[1].parent: form → form is a cycle: a view cannot contain itself"), "\(message)")
        let twoViews = try Self.editing(text, view: "form") { $0["parent"] = .string("email") }
        let cycle = try Self.refusal(of: twoViews, in: dir)
        #expect(cycle.contains("bad.json: screen.views[1].parent: form → email → form is a cycle"), "\(cycle)")
        // A parent that exists but was made later is no parent either.
        let later = try Self.editing(text, view: "email") { $0["parent"] = .string("L1") }
        #expect(try Self.refusal(of: later, in: dir).contains("screen.views[2].parent: 'L1' comes after email in views"))
    }

    /// Values the commands refuse were loaded from a file.
    @Test(arguments: [
        ("constraint priority -5", "formBottom", "priority", JSON.number(-5), "screen.constraints[2].priority: priority -5 is out of range: use 1…1000"),
        ("constraint priority 0", "formBottom", "priority", JSON.number(0), "screen.constraints[2].priority: priority 0 is out of range"),
        ("constraint priority 1001", "formBottom", "priority", JSON.number(1001), "screen.constraints[2].priority: priority 1001 is out of range"),
        ("multiplier 0", "formBottom", "multiplier", JSON.number(0), "screen.constraints[2].multiplier: multiplier 0 is not allowed"),
    ])
    func outOfRangeConstraintValuesAreRefused(what: String, constraint: String, key: String, value: JSON, message: String) throws {
        let dir = TemporaryFolder.make("validation")
        let text = try Self.saved([], in: dir)
        var json = try JSONReader.parse(text)
        guard case var .object(top) = json, case var .object(screen) = top["screen"]!,
              case var .array(constraints) = screen["constraints"]!,
              let i = constraints.firstIndex(where: { $0["name"]?.stringValue == constraint }),
              case var .object(c) = constraints[i] else { Issue.record("no constraint"); return }
        c[key] = value
        constraints[i] = .object(c)
        screen["constraints"] = .array(constraints)
        top["screen"] = .object(screen)
        json = .object(top)
        let refused = try Self.refusal(of: json.text, in: dir)
        #expect(refused.contains(message), "\(what): \(refused)")
    }

    @Test func valuesTheCommandsRefuseAreRefusedInAFile() throws {
        let dir = TemporaryFolder.make("validation")
        let text = try Self.saved(["add label L1 to form text \"hi\"", "focus email"], in: dir)
        // A hugging priority of −1 (`set L1.hugging.horizontal = -1` is refused).
        let hugging = try Self.editing(text, view: "L1") { $0["hugging"] = .object(["horizontal": .number(-1), "vertical": .number(251)]) }
        #expect(try Self.refusal(of: hugging, in: dir).contains("screen.views[5].hugging.horizontal: priority -1 is out of range: use 1…1000"))
        // The focus on a label (`focus L1` is refused).
        let label = text.replacingOccurrences(of: "\"focus\" : \"email\"", with: "\"focus\" : \"L1\"")
        #expect(label != text)
        #expect(try Self.refusal(of: label, in: dir).contains("screen.focus: 'L1' cannot become first responder: focus a textField or textView"))
        // A second root view: L1 claims to be one.
        let root = try Self.editing(text, view: "L1") { $0["isRootView"] = .bool(true) }
        #expect(try Self.refusal(of: root, in: dir).contains("screen.views[5].name: the root view of Login is called 'Login.view', not 'L1'"))
        // A stack view's options on a label.
        let stack = try Self.editing(text, view: "L1") {
            $0["stack"] = .object(["axis": .string("vertical"), "spacing": .number(0), "distribution": .string("fill"), "alignment": .string("fill")])
        }
        #expect(try Self.refusal(of: stack, in: dir).contains("screen.views[5].stack: 'L1' is not a stack view"))
        // A number past a double's range.
        let huge = text.replacingOccurrences(of: "\"constant\" : 20", with: "\"constant\" : 1e400")
        #expect(huge != text)
        #expect(try Self.refusal(of: huge, in: dir).contains("screen.constraints[2].constant: a number this large is not a finite number"))
        // A constant at rest past the bound a constant has (2 × 10⁷ > 10⁷).
        let resting = text.replacingOccurrences(of: "\"constant\" : 20", with: "\"constant\" : 20, \"restingConstant\" : 20000000")
        #expect(resting != text)
        #expect(try Self.refusal(of: resting, in: dir).contains("screen.constraints[2].restingConstant: constant at rest 20000000 is out of range: use a number from -10000000 to 10000000 points"))
        // A fraction where a whole number goes (Foundation's decoder says
        // only that the data is not valid JSON, nowhere).
        let fraction = try Self.editing(text, view: "L1") { $0["hugging"] = .object(["horizontal": .number(250), "vertical": .verbatim("2.001")]) }
        #expect(try Self.refusal(of: fraction, in: dir).contains("bad.json: screen.views[5].hugging.vertical: 2.001: this member is a whole number"))
        // A name the decoder does not know, with what it could be.
        let kind = try Self.editing(text, view: "L1") { $0["kind"] = .string("textfield") }
        #expect(try Self.refusal(of: kind, in: dir).contains("bad.json: screen.views[5].kind: invalid value: 'textfield' is not one of view, label, button, textField, textView, scrollView, stackView, tableView — did you mean 'textField'?"))
    }

    /// The last notification's curve is 0…7, as `keyboard show curve C` takes it.
    @Test func aNotificationCurveOutOfRangeIsRefused() throws {
        let dir = TemporaryFolder.make("validation")
        let text = try Self.saved(["keyboard show curve 3"], in: dir)
        #expect(text.contains("\"curve\" : 3"))
        let bad = text.replacingOccurrences(of: "\"curve\" : 3", with: "\"curve\" : 99")
        let refused = try Self.refusal(of: bad, in: dir)
        #expect(refused.contains("lastNotification.curve: 99: a curve is a whole number from 0 to 7"), "\(refused)")
        var s = Session.demo()
        #expect(s.execute("keyboard show curve 99").text.contains("a curve is a whole number from 0 to 7"))
    }

    /// A file that is not UTF-8 was read with U+FFFD in place of the bad
    /// bytes, and saved back so; now it is refused with the byte offset.
    @Test func invalidUTF8AndAByteOrderMarkAreRefused() throws {
        let dir = TemporaryFolder.make("validation")
        let text = try Self.saved(["add label L1 to form text \"hi\""], in: dir)
        var bytes = Array(text.utf8)
        let at = bytes.firstRange(of: Array("\"text\" : \"hi\"".utf8))!.lowerBound + 10
        #expect(bytes[at] == UInt8(ascii: "h") && bytes[at + 1] == UInt8(ascii: "i"))
        bytes.replaceSubrange((at + 1)...(at + 1), with: [0xC3, UInt8(ascii: "(")])
        let refused = try Self.refusal(bytes: bytes, in: dir)
        #expect(refused.contains("bad.json: byte \(at + 1): not valid UTF-8 (0xC3)"), "\(refused)")
        // Half a surrogate pair, escaped, is no more a character.
        let half = text.replacingOccurrences(of: "\"text\" : \"hi\"", with: "\"text\" : \"h\\ud800(\"")
        let refusedHalf = try Self.refusal(of: half, in: dir)
        #expect(refusedHalf.contains("not a valid session file: \\uD800 is half of a surrogate pair"), "\(refusedHalf)")
        let bom = try Self.refusal(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8), in: dir)
        #expect(bom.contains("bad.json: byte 0: the file starts with a byte-order mark"), "\(bom)")
        // `kbplay` opening a file goes through the same reading.
        #expect(throws: FileError("\(dir)/bad.json: byte 0: the file starts with a byte-order mark (EF BB BF); a session file is UTF-8 without one")) {
            _ = try SessionFile.read(dir + "/bad.json")
        }
    }

    @Test func firstInvalidUTF8FindsTheFirstBadByte() {
        let cases: [([UInt8], Int?)] = [
            (Array("plain ✓ é 𝄞".utf8), nil), ([0x61, 0x80], 1), ([0xC0, 0xAF], 0), ([0xE0, 0x80, 0x80], 0),
            ([0xED, 0xA0, 0x80], 0), ([0xF4, 0x90, 0x80, 0x80], 0), ([0x61, 0xE2, 0x9C], 1), ([0xF8], 0), ([0xC3, 0x28], 0),
        ]
        for (bytes, expected) in cases {
            #expect(FileIO.firstInvalidUTF8(bytes) == expected, "\(bytes)")
            #expect((String(validating: bytes, as: UTF8.self) == nil) == (expected != nil), "\(bytes)")
        }
    }

    /// Strategies and rules are checked as `handle` and `on` check them.
    @Test func strategiesAndRulesAreCheckedAsTheirCommandsCheckThem() throws {
        let dir = TemporaryFolder.make("validation")
        let text = try Self.saved(["handle Login with observer formBottom padding 8",
                                   "on Login keyboardWillShow: set formBottom.constant = kb.end.height + 8"], in: dir)
        let cases = [
            ("\"inset\" : 0", "\"inset\" : 3", "strategies[0].inset: observer has no inset (it stays 0)"),
            ("\"kind\" : \"observer\"", "\"kind\" : \"resize-root\"", "strategies[0].constraint: resize-root takes no constraint ('formBottom'): null"),
            ("\"expression\" : \"kb.end.height + 8\"", "\"expression\" : \"kb.end.heigth + 8\"", "rules[0].expression: unknown keyboard value 'kb.end.heigth' (kb.end.height)"),
            ("\"expression\" : \"kb.end.height + 8\"", "\"expression\" : \"kb.end.height +\"", "rules[0].expression: the expression ends too early: expected a number, a name or '('"),
            ("\"kind\" : \"observer\"", "\"kind\" : \"child-delegate\"", "strategies[0].parentConstraint: child-delegate needs parent PARENT_CONSTRAINT"),
            ("\"constraint\" : \"formBottom\",\n      \"controller\"", "\"constraint\" : \"nothing\",\n      \"controller\"", "strategies[0].constraint: unknown constraint 'nothing'"),
        ]
        for (from, to, message) in cases {
            let bad = text.replacingOccurrences(of: from, with: to)
            #expect(bad != text, "\(from)")
            let refused = try Self.refusal(of: bad, in: dir)
            #expect(refused.contains(message), "\(to): \(refused)")
        }
        // The commands say the same, from the same check.
        var s = Session.demo()
        #expect(s.execute("handle Login with child-delegate formBottom parent formBottom").text.contains("child-delegate needs expand VIEW"))
        #expect(s.execute("handle Login with observer formBottom").status == .ok)
        #expect(s.execute("handle Login with observer formBottom").text.contains("Login already uses observer"))
        let duplicate = text.replacingOccurrences(of: "\"strategies\" : [\n", with: "\"strategies\" : [\n    {\"constraint\" : \"formBottom\", \"controller\" : \"Login\", \"distance\" : 10, \"downOffset\" : 0, \"fallback\" : 250, \"inset\" : 0, \"kind\" : \"observer\", \"offset\" : 0, \"padding\" : 0},\n")
        #expect(duplicate != text)
        #expect(try Self.refusal(of: duplicate, in: dir).contains("strategies[1].kind: Login already uses observer"))
    }

    /// Sessions the commands build load, also where the file cannot say
    /// how they were built: a constraint that held when it was added and
    /// that the stack's own constraints, added since, conflict with (the
    /// stack's are put in first when the file is read); a rule that reads
    /// a view removed since.
    @Test(arguments: [
        ["add stackView S to Login.view distribution fillEqually", "add label A to S", "constrain S.height == 100 as sh",
         "constrain A.height == 100 as ah", "add label B to S"],
        ["on Login keyboardWillShow: set formBottom.constant = signIn.frame.height + 8", "remove signIn"],
    ])
    func sessionsTheCommandsBuildLoadWhateverTheirOrder(commands: [String]) throws {
        let dir = TemporaryFolder.make("validation")
        let text = try Self.saved(commands, in: dir)
        var s = Session(sessionsDirectory: dir)
        let loaded = s.execute("load x")
        #expect(loaded.status == .ok, "\(loaded.text)")
        #expect(try SessionFile.encode(try SessionFile.decode(text, path: "x.json")) == text)
    }

    // MARK: The property

    static let templates = [
        "add label L# to $V text \"hi\"", "add textField F# to $V", "add textView T# to $V", "add scrollView S# to $V",
        "add stackView K# to $V axis horizontal spacing 4", "add stackView E# to $V distribution fillEqually", "add button B# to $V text \"Go\"",
        "constrain $V.height == 40 @750 as h#", "constrain $V.top == $V.bottom + 8", "constrain $V.width == 100",
        "pin $V to $V inset 4", "set $C.constant = 12", "set $C.priority = 500", "set $V.hugging.horizontal = 300",
        "set $V.hidden on", "set $V.text \"hello\"", "remove $V", "remove $C", "deactivate $C", "activate $C",
        "focus $V", "resign", "keyboard show", "keyboard hide", "keyboard show height 300 curve 3 duration 0.4",
        "keyboard predictive off", "keyboard type number", "rotate", "device ipad-pro-11", "keyboard undock",
        "device iphone-8", "keyboard drag 600", "keyboard release", "controller C# in Login at $V", "controller D#",
        "handle Login with observer $C padding 8", "handle Login with layout-constraint $C down-offset 4",
        "handle Login with content-inset $V", "handle Login with child-delegate $C parent $C expand $V",
        "handle $K with controllable $C inset 2 fallback 200", "handle Login with auto-scroll distance 12",
        "on Login keyboardWillShow: set $C.constant = kb.end.height + 8",
        "on Login keyboardWillHide: set $C.constant = $V.frame.height", "disappear $K", "appear $K",
        "set $V.contentOffset.y = 30", "set $V.contentInset.bottom = 10", "undo",
        "keyboard hardware on", "keyboard hardware off", "keyboard float", "keyboard split", "keyboard dock", "device ipad-pro-11 landscape",
        "keyboard show height 800", "keyboard height 700", "rotate", "device iphone-se", "keyboard type emoji", "focus $V", "return", "tap outside",
        "set $C.constant = -40", "constrain $V.bottom == $V.safeArea.bottom - 10 @999", "constrain $V.top == $V.keyboard.top", "pin $V to $V.content",
        "pin $V to $V.frameGuide inset 3", "set $V.hugging.vertical = 1000", "set $V.compression.vertical = 1000", "add stackView G# to $V alignment center distribution equalSpacing spacing 6",
    ]

    /// A random command on `s`: a template with names of the session's own.
    static func randomCommand(_ s: Session, _ r: inout Random, _ k: Int) -> String {
        var line = r.pick(templates)!.replacingOccurrences(of: "#", with: "\(k)")
        let views = s.screen.views.map(\.name), constraints = s.screen.constraints.map(\.name)
        let controllers = s.screen.controllers.map(\.name)
        for (marker, names) in [("$V", views), ("$C", constraints), ("$K", controllers)] {
            while let range = line.range(of: marker) { line.replaceSubrange(range, with: r.pick(names) ?? "nothing") }
        }
        return line
    }

    /// Sessions reached by random commands: `count` of them, `length` commands each.
    static func randomSessions(count: Int, length: Int, seed: UInt64) -> [Session] {
        var r = Random(state: seed)
        return (0..<count).map { _ in
            var s = Session.demo()
            for k in 0..<length { _ = s.execute(randomCommand(s, &r, k)) }
            return s
        }
    }

    /// Null members dropped: a file may write `"focus": null` where kbplay leaves the member out.
    static func normalized(_ json: JSON) -> JSON {
        switch json {
        case let .object(m): return .object(m.filter { $0.value != .null }.mapValues(normalized))
        case let .array(a): return .array(a.map(normalized))
        default: return json
        }
    }

    @Test func sessionsBuiltByRandomCommandsSaveAndLoadToTheSameStateAndBytes() throws {
        var ok = 0
        for s in Self.randomSessions(count: 12, length: 30, seed: 0x26) {
            let text = try SessionFile.encode(s)
            let loaded = try SessionFile.decode(text, path: "random.json")
            #expect(loaded.state == s.state)
            #expect(loaded.history == s.history)
            #expect(try SessionFile.encode(loaded) == text)
            ok += s.history.count
        }
        // The commands did things: most of them were accepted.
        #expect(ok > 12 * 10)
    }

    /// Each way one member of a saved file can change.
    static func mutations(of json: JSON, _ r: inout Random) -> [JSON] {
        switch json {
        case let .number(x):
            return [.number(-5), .number(0), .number(1001), .number(99), .number(-1), .number(x + 1.5), .string("1"), .null,
                    .verbatim(r.int(2) == 0 ? "1e400" : "-1e999")]
        case .string:
            let names = ["", "form", "email", "Login", "Login.view", "formBottom", "x y", "kb", "9a", "signIn", "ghost"]
            return [.string(r.pick(names)!), .string(r.pick(names)!), .number(1), .null]
        case let .bool(b):
            return [.bool(!b), .null]
        case .null:
            return [.string("form"), .number(1), .bool(true)]
        case let .array(items):
            var out: [JSON] = [.object([:])]
            if !items.isEmpty {
                out.append(.array(Array(items.dropLast())))
                out.append(.array(items + [items[r.int(items.count)]]))
            }
            return out
        case let .object(m):
            return [.array([])] + m.keys.sorted().prefix(3).map { key in .object(m.filter { $0.key != key }) }
        case .verbatim:
            return []
        }
    }

    /// Every member of `json`, with its JSON path, and a way to put another value in its place.
    static func members(of json: JSON, at path: String = "") -> [(path: String, value: JSON, replace: (JSON) -> JSON)] {
        var out: [(String, JSON, (JSON) -> JSON)] = [(path, json, { $0 })]
        switch json {
        case let .object(m):
            for key in m.keys.sorted() {
                for (p, v, replace) in members(of: m[key]!, at: path.isEmpty ? key : "\(path).\(key)") {
                    out.append((p, v, { var copy = m; copy[key] = replace($0); return .object(copy) }))
                }
            }
        case let .array(a):
            for i in a.indices {
                for (p, v, replace) in members(of: a[i], at: "\(path)[\(i)]") {
                    out.append((p, v, { var copy = a; copy[i] = replace($0); return .array(copy) }))
                }
            }
        default: break
        }
        return out
    }

    /// What a refusal must say: the file, then a JSON path (or the line and
    /// column where the JSON itself is broken).
    static var refusalShape: Regex<AnyRegexOutput> { try! Regex(#"^bad\.json(:\d+:\d+:|: byte \d+:|: (the top level|[A-Za-z]*(\[\d+\]|\.[A-Za-z]+|\["[^"]*"\])*):) "#) }

    @Test func everySingleMemberMutationLoadsToTheSameSaveOrIsRefusedWithAPath() throws {
        var r = Random(state: 0xC0FFEE)
        let sessions = Self.randomSessions(count: 1, length: 25, seed: 0x2626) + [SessionFileTests.rich(TemporaryFolder.make("validation"))]
        var (loaded, refused) = (0, 0)
        for s in sessions {
            let original = try JSONReader.parse(try SessionFile.encode(s))
            let all = Self.members(of: original).filter { $0.path != "" && !$0.path.hasPrefix("history[") }
            // A deterministic sample keeps the run short (four changes of
            // each member, one element in six of each array); every kind
            // of member is in it.
            for (path, value, replace) in all where r.int(6) == 0 || !path.contains("[") {
                for mutated in Self.mutations(of: value, &r).shuffled(using: &r).prefix(4).map(replace) {
                    let text = mutated.text
                    do {
                        let session = try SessionFile.decode(text, path: "bad.json")
                        let savedText = try SessionFile.encode(session)
                        let saved = try JSONReader.parse(savedText)
                        #expect(Self.normalized(saved) == Self.normalized(mutated), "\(path): loaded but saved back otherwise")
                        // And what it saves loads and saves back byte for byte.
                        #expect(try SessionFile.encode(try SessionFile.decode(savedText, path: "saved.json")) == savedText, "\(path)")
                        loaded += 1
                    } catch let e as FileError {
                        #expect(e.description.contains(Self.refusalShape), "\(path): \(e.description)")
                        #expect(!e.description.contains("the top level"), "\(path): \(e.description)")
                        refused += 1
                    }
                }
            }
        }
        #expect(loaded > 50 && refused > 200, "\(loaded) loaded, \(refused) refused")
    }

    /// Damage to the bytes: truncations, flipped bytes, deep nesting, a
    /// huge file. Each is refused with where it is broken, or (a flip inside
    /// a string) loads to a session that saves back as it reads.
    @Test func damagedBytesAreRefusedWithWhereOrLoadFaithfully() throws {
        let dir = TemporaryFolder.make("validation")
        let text = try Self.saved(["add textView notes to form", "handle Login with observer formBottom padding 8", "focus email"], in: dir)
        let bytes = Array(text.utf8)
        var r = Random(state: 0xB17E)
        var variants: [[UInt8]] = []
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)) { variants.append(Array(bytes[..<cut])) }
        for _ in 0..<150 {
            var flipped = bytes
            flipped[r.int(bytes.count)] ^= UInt8(1 << r.int(8))
            variants.append(flipped)
        }
        func around(_ damaged: [UInt8]) -> String {
            guard let k = zip(bytes, damaged).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else { return "cut at \(damaged.count)" }
            return String(decoding: damaged[max(0, k - 40)..<min(damaged.count, k + 20)], as: UTF8.self)
        }
        for (k, damaged) in variants.enumerated() {
            do {
                let s = try SessionFile.decode(damaged, path: "bad.json")
                let saved = try JSONReader.parse(try SessionFile.encode(s))
                #expect(Self.normalized(saved) == Self.normalized(try JSONReader.parse(String(decoding: damaged, as: UTF8.self))), "variant \(k): \(String(reflecting: around(damaged)))")
            } catch {
                #expect("\(error)".contains(Self.refusalShape), "variant \(k): \(error)")
            }
        }
        // Nesting deeper than the reader goes, in a member's place.
        let count = "\"unnamedCount\" : 2"
        #expect(text.contains(count))
        let deep = text.replacingOccurrences(of: count, with: "\"unnamedCount\" : " + String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000))
        #expect(try Self.refusal(of: deep, in: dir).contains("not a valid session file: nesting deeper than 512 levels"))
        let nested = text.replacingOccurrences(of: count, with: "\"unnamedCount\" : " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100))
        #expect(try Self.refusal(of: nested, in: dir).contains("bad.json: screen.unnamedCount: wrong value"))
        // A cycle through many views is told in a line.
        var json = try JSONReader.parse(text)
        guard case var .object(top) = json, case var .object(screen) = top["screen"]!,
              case var .array(views) = screen["views"]!, case var .object(label) = views[1] else { throw FileError("no views") }
        label["kind"] = .string("view")
        label["stack"] = nil
        let many = 2_000
        for k in 0..<many {
            label["name"] = .string("v\(k)")
            label["parent"] = .string(k == 0 ? "v\(many - 1)" : "v\(k - 1)")
            views.append(.object(label))
        }
        screen["views"] = .array(views)
        top["screen"] = .object(screen)
        json = .object(top)
        let long = try Self.refusal(of: json.text, in: dir)
        #expect(long.contains("screen.views[6].parent: v0 → v1999 → v1998 → … (1995 more) → v2 → v1 → v0 is a cycle"), "\(long.prefix(300))")
        // A file past the size any session file has.
        let huge = String(text.dropLast(2)) + ", \"padding\" : \"" + String(repeating: "x", count: FileIO.scriptLimit) + "\"}\n"
        #expect(try Self.refusal(of: huge, in: dir).contains("larger than 16 MB"))
    }
}
