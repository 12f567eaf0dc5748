import Foundation
import KBModel

/// Session files: `{"format": "kbplay-session", "version": 2, …}` holding
/// the screen (device, orientation, controllers, views, constraints, focus),
/// the keyboard, the strategies, the rules, the command history and the
/// last keyboard notification posted.
///
/// Reading is strict: a file that is not UTF-8 JSON (or is truncated), of
/// another format or of a newer version is refused with its path, the byte
/// or the line and column where that applies, and what is wrong; a file
/// that describes a session no sequence of commands could build is refused
/// with the JSON path of the bad value and what would be valid, checked by
/// the same code as the commands. Older versions go through
/// ``migrate(_:from:)``.
public enum SessionFile {
    public static let format = "kbplay-session"
    /// 2: views carry `clipsToBounds` and `alpha`.
    public static let version = 2

    struct Body: Codable {
        var format: String
        var version: Int
        var screen: Screen
        var keyboard: Keyboard
        var strategies: [Strategy]
        var rules: [Rule]
        var history: [String]
        /// The last keyboard notification posted (left out if none was).
        var lastNotification: KeyboardNotification?
    }

    /// The file's text for a session: keys sorted, two-space indented.
    public static func encode(_ session: Session) throws -> String {
        let body = Body(format: format, version: version, screen: session.screen, keyboard: session.keyboard,
                        strategies: session.state.strategies, rules: session.state.rules, history: session.history,
                        lastNotification: session.lastNotification)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(body)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The session in the file at `path`, or nil if there is no such file:
    /// its bytes must be UTF-8 (JSON text is), without a byte-order mark,
    /// and then as ``decode(_:path:sessionsDirectory:)`` requires.
    public static func read(_ path: String, sessionsDirectory: String = "Sessions") throws(FileError) -> Session? {
        guard let bytes = try FileIO.readBytes(path, limit: FileIO.scriptLimit) else { return nil }
        return try decode(bytes, path: path, sessionsDirectory: sessionsDirectory)
    }

    /// A session from a file's bytes: refused, with the byte offset, if
    /// they are not UTF-8 or start with a byte-order mark.
    public static func decode(_ bytes: [UInt8], path: String, sessionsDirectory: String = "Sessions") throws(FileError) -> Session {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw FileError("\(path): byte 0: the file starts with a byte-order mark (EF BB BF); a session file is UTF-8 without one")
        }
        if let offset = FileIO.firstInvalidUTF8(bytes) {
            throw FileError("\(path): byte \(offset): not valid UTF-8 (0x\(String(bytes[offset], radix: 16, uppercase: true))); a session file is UTF-8 text, as JSON is")
        }
        return try decode(String(decoding: bytes, as: UTF8.self), path: path, sessionsDirectory: sessionsDirectory)
    }

    /// A session from a file's text; `path` names the file in errors.
    ///
    /// The file is checked as strictly as the commands that could have
    /// made it, by the checks those commands make (``validate(_:path:sessionsDirectory:)``):
    /// a refusal names the JSON path of the bad value (`screen.views[3].parent`)
    /// and what would be valid.
    public static func decode(_ text: String, path: String, sessionsDirectory: String = "Sessions") throws(FileError) -> Session {
        let json: JSON
        do { json = try JSONReader.parse(text) } catch {
            throw FileError("\(path):\(error.line):\(error.column): not a valid session file: \(error.message)")
        }
        guard json["format"]?.stringValue == format else {
            let found = json["format"]?.stringValue.map { "\"\($0)\"" } ?? "no \"format\""
            throw FileError("\(path): format: not a kbplay session file (format is \(found), expected \"\(format)\")")
        }
        guard let v = json["version"]?.numberValue, v == v.rounded(), v >= 1 else {
            throw FileError("\(path): version: the session file has no version number (a whole number from 1)")
        }
        guard let number = wholeNumber(v, in: 1...version) else {
            throw FileError("\(path): version: the session file is version \(formatNumber(v)), newer than this kbplay reads (\(version)); update kbplay")
        }
        if let (where_, x) = firstNonFinite(json, at: "") {
            throw FileError("\(path): \(where_): \(x) is not a finite number (it is past the range of a double)")
        }
        let migrated = migrate(text, from: number)
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: Data(migrated.utf8))
        } catch let DecodingError.keyNotFound(key, context) {
            throw FileError("\(path): \(where_(context.codingPath + [key])): missing (a session file has it)")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw FileError("\(path): \(where_(context.codingPath)): wrong value: \(context.debugDescription)")
        } catch let DecodingError.dataCorrupted(context) {
            // Foundation's decoder says where nothing is when a number does
            // not fit a whole-number member: found by trying the file with
            // such numbers made whole.
            if context.codingPath.isEmpty, let (where_, x) = firstNumberNotWhole(json) {
                throw FileError("\(path): \(where_): \(x): this member is a whole number" + (x == x.rounded() ? " of at most 18 digits" : ""))
            }
            throw FileError("\(path): \(where_(context.codingPath)): invalid value: \(explained(context.debugDescription))")
        } catch {
            throw FileError("\(path): \(error)")
        }
        // Every member the file has is one kbplay reads: a misspelt one
        // would be dropped without a word.
        if let known = try? JSONReader.parse(String(decoding: JSONEncoder().encode(body), as: UTF8.self)),
           let (where_, key, members) = firstUnknownMember(migrated == text ? json : (try? JSONReader.parse(migrated)) ?? json,
                                                           known, at: "") {
            let hint = nearestName(to: key, in: members).map { " — did you mean '\($0)'?" } ?? ""
            throw FileError("\(path): \(member(where_, key)): not a member kbplay reads here\(hint)")
        }
        return try validate(body, path: path, sessionsDirectory: sessionsDirectory)
    }

    /// The first member of `file` (in key order, depth first) that the same
    /// value encoded again does not have, with its path and the members there.
    private static func firstUnknownMember(_ file: JSON, _ known: JSON, at path: String) -> (String, String, [String])? {
        switch (file, known) {
        case let (.object(members), .object(knownMembers)):
            for key in members.keys.sorted() where members[key] != .null {
                guard let k = knownMembers[key] else { return (path, key, knownMembers.keys.sorted()) }
                if let found = firstUnknownMember(members[key]!, k, at: member(path, key)) { return found }
            }
        case let (.array(items), .array(knownItems)):
            for (i, (item, k)) in zip(items, knownItems).enumerated() {
                if let found = firstUnknownMember(item, k, at: "\(path)[\(i)]") { return found }
            }
        default: break
        }
        return nil
    }

    /// Brings an older file's text up to the current version (version 1 is
    /// the first; each later version adds a step here).
    public static func migrate(_ text: String, from version: Int) -> String {
        guard version < self.version, var json = try? JSONReader.parse(text) else { return text }
        if version < 2 {
            // Version 2: every view has `clipsToBounds` (UIKit's default: on
            // for scroll and text views) and `alpha` (1).
            if case var .object(body) = json, case var .object(screen)? = body["screen"],
               case let .array(views)? = screen["views"] {
                screen["views"] = .array(views.map { view in
                    guard case var .object(v) = view else { return view }
                    let kind = v["kind"]?.stringValue ?? ""
                    if v["clipsToBounds"] == nil { v["clipsToBounds"] = .bool(ViewKind(rawValue: kind)?.isScrollView ?? false) }
                    if v["alpha"] == nil { v["alpha"] = .number(1) }
                    return .object(v)
                })
                body["screen"] = .object(screen)
                json = .object(body)
            }
        }
        return json.text
    }

    private static func where_(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top level" }
        return path.reduce("") { path, key in key.intValue.map { "\(path)[\($0)]" } ?? member(path, key.stringValue) }
    }

    /// The JSON path of member `key` of the value at `path`: `screen.focus`,
    /// or `screen["a b"]` for a key that is not a plain name.
    static func member(_ path: String, _ key: String) -> String {
        if Screen.isValidName(key) { return path.isEmpty ? key : "\(path).\(key)" }
        return "\(path)[\(JSON.string(key).text)]"
    }

    /// The values each enumeration in a session file takes, by type name.
    private static let choices: [String: [String]] = [
        "ViewKind": ViewKind.allCases.map(\.rawValue), "Orientation": Orientation.allCases.map(\.rawValue),
        "LayoutRelation": LayoutRelation.allCases.map(\.rawValue), "Axis": Axis.allCases.map(\.rawValue),
        "Distribution": StackConfiguration.Distribution.allCases.map(\.rawValue),
        "Alignment": StackConfiguration.Alignment.allCases.map(\.rawValue),
        "StrategyKind": StrategyKind.allCases.map(\.rawValue), "Mode": Keyboard.Mode.allCases.map(\.rawValue),
        "KeyboardType": Keyboard.KeyboardType.allCases.map(\.rawValue),
        "Name": KeyboardNotification.Name.allCases.map(\.rawValue), "Guide": Anchor.Guide.allCases.map(\.rawValue),
        "Attribute": Anchor.Attribute.allCases.map(\.rawValue),
    ]

    /// Foundation's "Cannot initialize ViewKind from invalid String value
    /// textfield" as what the value is and what it could be.
    private static func explained(_ description: String) -> String {
        let prefix = "Cannot initialize ", middle = " from invalid String value "
        guard description.hasPrefix(prefix), let range = description.range(of: middle) else { return description }
        let type = String(description[description.index(description.startIndex, offsetBy: prefix.count)..<range.lowerBound])
        let value = String(description[range.upperBound...])
        guard let all = choices[type] else { return description }
        let hint = nearestName(to: value, in: all).map { " — did you mean '\($0)'?" } ?? ""
        return "'\(value)' is not one of \(all.joined(separator: ", "))\(hint)"
    }

    /// One step of a path into a JSON value.
    private enum Step { case key(String), index(Int) }

    /// The first number, in member order, that is a fraction or past a
    /// whole number's range and that the file does not decode with: the
    /// file is tried with such numbers made 0, from the last back, and the
    /// one whose change lets it decode is the first the decoder stopped at.
    private static func firstNumberNotWhole(_ json: JSON) -> (String, Double)? {
        var candidates: [(steps: [Step], path: String, value: Double)] = []
        func collect(_ value: JSON, _ steps: [Step], _ path: String) {
            switch value {
            case let .number(x) where x != x.rounded() || abs(x) >= 0x1p63:
                candidates.append((steps, path, x))
            case let .array(items):
                for (i, item) in items.enumerated() { collect(item, steps + [.index(i)], "\(path)[\(i)]") }
            case let .object(members):
                for key in members.keys.sorted() { collect(members[key]!, steps + [.key(key)], member(path, key)) }
            default: break
            }
        }
        collect(json, [], "")
        var tried = json
        for c in candidates.reversed() {
            tried = replacing(tried, at: c.steps[...], with: .number(0))
            do {
                _ = try JSONDecoder().decode(Body.self, from: Data(exact(tried).text.utf8))
                return (c.path, c.value)
            } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
                continue
            } catch {
                return (c.path, c.value)
            }
        }
        return nil
    }

    private static func replacing(_ json: JSON, at steps: ArraySlice<Step>, with new: JSON) -> JSON {
        guard let step = steps.first else { return new }
        switch (json, step) {
        case (.object(var m), let .key(k)):
            m[k] = replacing(m[k]!, at: steps.dropFirst(), with: new)
            return .object(m)
        case (.array(var a), let .index(i)):
            a[i] = replacing(a[i], at: steps.dropFirst(), with: new)
            return .array(a)
        default:
            return json
        }
    }

    /// `json` with its numbers written as Swift writes a double, exactly
    /// (``JSON/text`` keeps two decimals).
    private static func exact(_ json: JSON) -> JSON {
        switch json {
        case let .number(x): return .verbatim("\(x)")
        case let .array(items): return .array(items.map(exact))
        case let .object(members): return .object(members.mapValues(exact))
        default: return json
        }
    }

    /// The first number past a double's range (read as infinity), in
    /// member order, with its JSON path.
    private static func firstNonFinite(_ json: JSON, at path: String) -> (String, String)? {
        switch json {
        case let .number(x) where !x.isFinite:
            return (path.isEmpty ? "the top level" : path, x > 0 ? "a number this large" : "a number this small")
        case let .array(items):
            for (i, item) in items.enumerated() {
                if let found = firstNonFinite(item, at: "\(path)[\(i)]") { return found }
            }
        case let .object(members):
            for key in members.keys.sorted() {
                if let found = firstNonFinite(members[key]!, at: member(path, key)) { return found }
            }
        default: break
        }
        return nil
    }

    /// The session a decoded file describes, if the commands could have
    /// built it: the screen as ``Screen/validate()`` checks it, the keyboard
    /// and the last notification as their events make them, the keyboard's
    /// frame on the screen the keyboard's own, every strategy as `handle`
    /// and every rule as `on` would take it, and no more history than a
    /// session keeps.
    private static func validate(_ body: Body, path: String, sessionsDirectory: String) throws(FileError) -> Session {
        func refuse(_ where_: String, _ reason: String) -> FileError { FileError("\(path): \(where_): \(reason)") }
        var stage = Stage(screen: body.screen, keyboard: body.keyboard)
        do { try stage.validate() } catch { throw refuse(error.path, error.reason) }
        if let n = body.lastNotification {
            do { try n.validate() } catch { throw refuse("lastNotification." + error.path, error.reason) }
        }
        if body.history.count > Session.historyLimit {
            throw refuse("history", "\(body.history.count) commands; a session keeps the last \(Session.historyLimit)")
        }
        var session = Session(sessionsDirectory: sessionsDirectory)
        session.state = stage
        for (i, s) in body.strategies.enumerated() {
            do { try session.state.checkStrategy(s, among: body.strategies[..<i].map { $0 }) } catch {
                throw refuse("strategies[\(i)].\(error.member)", describe(error.error))
            }
        }
        for (i, r) in body.rules.enumerated() {
            do { try session.checkRule(r) } catch {
                throw refuse("rules[\(i)].\(error.member)", describe(error.error))
            }
        }
        session.state.strategies = body.strategies
        session.state.rules = body.rules
        session.history = body.history
        session.notificationFromFile = body.lastNotification
        session.readFromFile = true
        session.state.syncKeyboard()
        let laidOut = session.screen.layout()
        // A required constraint the layout has to break (it would make a
        // size negative) is one the commands would have marked broken.
        for (i, c) in session.screen.constraints.enumerated() where c.isBroken != body.screen.constraints[i].isBroken {
            let why = laidOut.warnings.first { if case let .unsatisfiable(b, _, _) = $0 { return b.name == c.name }; return false }
            throw refuse("screen.constraints[\(i)].isBroken",
                         "\(c.name) cannot hold with the others (\(why.map { "\($0)" } ?? "a conflict")), so a session that has it has it broken: true")
        }
        return session
    }

    /// A command's error as a sentence for a file: its message and what would work.
    private static func describe(_ error: any Error) -> String {
        if let e = error as? ValueError { return e.message + (e.suggestion.map { " (\($0))" } ?? "") }
        guard let e = error as? CommandError else { return "\(error)" }
        return e.message + (e.suggestion.map { " (\($0))" } ?? "")
    }
}

extension Session {
    /// `text` as the name of a session file in the sessions folder, or the
    /// error `save` and `load` give (one rule with the daemon's sessions:
    /// ``SessionName``).
    func sessionName(_ text: String, column: Int, _ what: String) throws(CommandError) -> SessionName {
        if let name = SessionName(text) { return name }
        if text.contains("/") || text.hasPrefix(".") || text.contains("..") {
            throw CommandError("'\(text)' would leave the sessions folder \(sessionsDirectory): \(what)", column: column)
        }
        throw CommandError(SessionNameError(text: text).description, column: column)
    }

    mutating func save(_ given: String?) throws -> CommandOutcome {
        guard let text = given ?? self.name else {
            throw CommandError("'save' needs a name the first time", column: 5, suggestion: "save login")
        }
        let name = try sessionName(text, column: 6, "use letters, digits, _ and -")
        let file = name.file(in: sessionsDirectory)
        if guardsOthersFiles, let stamp = FileIO.stamp(file) {
            let own = savedAs == name.rawValue && (savedStamp == nil || savedStamp == stamp)
            if !own {
                let taken = Set(SessionName.saved(in: sessionsDirectory))
                let free = (2...).lazy.map { "\(name.rawValue)-\($0)" }.first { !taken.contains($0) }!
                let why = savedAs == name.rawValue ? "it changed since this session saved it" : "another session or a person wrote it"
                throw CommandError("\(file) is not this session's to replace: \(why)", column: given == nil ? 1 : 6,
                                   suggestion: "save under a name of your own: save \(free)")
            }
        }
        do {
            try FileIO.makeDirectory(sessionsDirectory)
            try FileIO.atomicWrite(file, try SessionFile.encode(self))
        } catch {
            return CommandOutcome.rejected("save", CommandError("\(error)"), status: .ioError)
        }
        savedAs = name.rawValue
        savedStamp = FileIO.stamp(file)
        self.name = name.rawValue
        return CommandOutcome(command: "save", text: "saved \(file)", members: ["path": .string(file)])
    }

    mutating func load(_ text: String, _ column: Int) throws {
        let name = try sessionName(text, column: column, "name a session in it")
        let file = name.file(in: sessionsDirectory)
        let loaded: Session
        do {
            guard let l = try SessionFile.read(file, sessionsDirectory: sessionsDirectory) else {
                let names = SessionName.saved(in: sessionsDirectory)
                throw CommandError("no session '\(text)' in \(sessionsDirectory)", column: column,
                                   suggestion: nearestName(to: text, in: names) ?? (names.isEmpty ? nil : "sessions lists them"))
            }
            loaded = l
        } catch let e as FileError {
            throw CommandError(e.description, column: column)
        }
        state = loaded.state
        history = loaded.history
        self.name = name.rawValue
        // Read, not written, by this session.
        savedAs = nil
        events = []
        notificationFromFile = loaded.notificationFromFile
    }

    func sessionList() throws -> CommandOutcome {
        let names = SessionName.saved(in: sessionsDirectory)
        return CommandOutcome(command: "sessions",
                              text: names.isEmpty ? "no saved sessions in \(sessionsDirectory)" : names.joined(separator: "\n"),
                              members: ["sessions": .array(names.map { .string($0) })])
    }

    /// `source FILE`: runs each command of a script; the first rejected one
    /// stops it and nothing of the script stays.
    /// A relative name is found beside the script that names it, if a
    /// script does (``fileFolder``), and the script's own relative names
    /// beside it in turn.
    mutating func source(_ written: String, _ column: Int, _ log: inout ChangeLog) throws {
        let file = path(of: written)
        let real = FileIO.realPath(file) ?? file
        if let first = sourcing.firstIndex(of: real) {
            let chain = (sourcing[first...] + [real]).map { FileIO.lastComponent($0) }.joined(separator: " → ")
            throw CommandError("\(file) sources itself (\(chain)): it would never end", column: column)
        }
        guard sourcing.count < Self.sourceDepthLimit else {
            throw CommandError("scripts source scripts \(Self.sourceDepthLimit) deep at most", column: column)
        }
        let text: String
        do {
            guard let t = try FileIO.read(file, limit: FileIO.scriptLimit) else {
                throw CommandError("no file '\(file)'", column: column)
            }
            text = t
        } catch let e as FileError {
            throw CommandError(e.description, column: column)
        }
        sourcing.append(real)
        let outerFolder = fileFolder
        fileFolder = FileIO.folder(of: file)
        defer {
            sourcing.removeLast()
            fileFolder = outerFolder
        }
        var lines = ScriptLines(StringLineReader(text))
        var failedExpects = 0
        while let line = lines.next() {
            var outcome = execute(line.text)
            outcome.command = line.text
            if outcome.status == .rejected || outcome.status == .ioError {
                throw CommandError("\(file):\(line.number): \(outcome.text)", column: column)
            }
            if outcome.status == .expectFailed { failedExpects += 1 }
            log.notes.append("> \(line.text)")
            if !outcome.text.isEmpty { log.notes.append(outcome.text) }
        }
        if failedExpects > 0 { log.extra["failedExpects"] = .number(Double(failedExpects)) }
    }
}
