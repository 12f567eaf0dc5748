import Foundation
import KBModel

/// Session files: `{"format": "kbplay-session", "version": 1, …}` holding
/// the screen (device, orientation, controllers, views, constraints, focus),
/// the keyboard, the strategies, the rules, the command history and the
/// last keyboard notification posted.
///
/// Reading is strict: a file that is not JSON (or is truncated), of another
/// format, of a newer version, or inconsistent is refused with its path,
/// the line and column where that applies, and what is wrong. Older versions
/// go through ``migrate(_:from:)``.
public enum SessionFile {
    public static let format = "kbplay-session"
    public static let version = 1

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

    /// A session from a file's text; `path` names the file in errors.
    public static func decode(_ text: String, path: String, sessionsDirectory: String = "Sessions") throws(FileError) -> Session {
        let json: JSON
        do { json = try JSONReader.parse(text) } catch {
            throw FileError("\(path):\(error.line):\(error.column): not a valid session file: \(error.message)")
        }
        guard json["format"]?.stringValue == format else {
            let found = json["format"]?.stringValue.map { "\"\($0)\"" } ?? "no \"format\""
            throw FileError("\(path): not a kbplay session file (format is \(found), expected \"\(format)\")")
        }
        guard let v = json["version"]?.numberValue, v == v.rounded(), v >= 1 else {
            throw FileError("\(path): the session file has no version number (a whole number from 1)")
        }
        guard let number = wholeNumber(v, in: 1...version) else {
            throw FileError("\(path): the session file is version \(formatNumber(v)), newer than this kbplay reads (\(version)); update kbplay")
        }
        let migrated = migrate(text, from: number)
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: Data(migrated.utf8))
        } catch let DecodingError.keyNotFound(key, context) {
            throw FileError("\(path): missing \"\(key.stringValue)\" at \(where_(context.codingPath))")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw FileError("\(path): wrong value at \(where_(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.dataCorrupted(context) {
            throw FileError("\(path): invalid value at \(where_(context.codingPath)): \(context.debugDescription)")
        } catch {
            throw FileError("\(path): \(error)")
        }
        try validate(body, path: path)
        var session = Session(sessionsDirectory: sessionsDirectory)
        session.state = Session.State(screen: body.screen, keyboard: body.keyboard, strategies: body.strategies, rules: body.rules)
        session.history = body.history
        session.notificationFromFile = body.lastNotification
        session.readFromFile = true
        session.syncKeyboard()
        _ = session.screen.layout()
        return session
    }

    /// Brings an older file's text up to the current version (version 1 is
    /// the first; later versions add steps here).
    public static func migrate(_ text: String, from version: Int) -> String {
        text
    }

    private static func where_(_ path: [any CodingKey]) -> String {
        path.isEmpty ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }

    /// Names must be well formed and unique, and every name a file
    /// mentions must exist.
    private static func validate(_ body: Body, path: String) throws(FileError) {
        let screen = body.screen
        // Names follow the rules `add`, `controller` and `constrain` apply:
        // well formed (a root view's is a name followed by `.view`), and
        // one name for one thing.
        var named: [String: String] = [:]
        let all = screen.controllers.map { ($0.name, "controller", false) }
            + screen.views.map { v in
                (v.name, "view", v.isRootView && v.name.hasSuffix(".view") && Screen.isValidName(String(v.name.dropLast(5))))
            }
            + screen.constraints.map { ($0.name, "constraint", false) }
        for (name, kind, rootViewName) in all {
            guard rootViewName || Screen.isValidName(name) else {
                throw FileError("\(path): the \(kind) name '\(name)' is not a name (letters, digits and _, not starting with a digit)")
            }
            if let other = named[name] {
                throw FileError("\(path): the name '\(name)' is used twice (by a \(other) and a \(kind))")
            }
            named[name] = kind
        }
        let views = Set(screen.views.map(\.name))
        let controllers = Set(screen.controllers.map(\.name))
        let constraints = Set(screen.constraints.map(\.name))
        for v in screen.views {
            if let parent = v.parent, !views.contains(parent) {
                throw FileError("\(path): view '\(v.name)' has the parent '\(parent)', which is not a view in the file")
            }
            if !controllers.contains(v.controller) {
                throw FileError("\(path): view '\(v.name)' belongs to controller '\(v.controller)', which is not in the file")
            }
        }
        for c in screen.controllers where !views.contains(c.rootView) {
            throw FileError("\(path): controller '\(c.name)' has no root view '\(c.rootView)'")
        }
        for c in screen.constraints {
            for v in c.views where !views.contains(v) {
                throw FileError("\(path): constraint '\(c.name)' names the view '\(v)', which is not in the file")
            }
        }
        if let f = screen.focus, !views.contains(f) {
            throw FileError("\(path): the focused field '\(f)' is not in the file")
        }
        for s in body.strategies {
            guard controllers.contains(s.controller) else {
                throw FileError("\(path): a \(s.kind.rawValue) strategy is attached to '\(s.controller)', which is not a controller in the file")
            }
            for name in [s.constraint, s.parentConstraint].compactMap({ $0 }) where !constraints.contains(name) {
                throw FileError("\(path): the \(s.kind.rawValue) strategy of \(s.controller) drives '\(name)', which is not a constraint in the file")
            }
            for name in [s.expandView, s.scrollView].compactMap({ $0 }) where !views.contains(name) {
                throw FileError("\(path): the \(s.kind.rawValue) strategy of \(s.controller) uses the view '\(name)', which is not in the file")
            }
        }
        for r in body.rules where !constraints.contains(r.constraint) || !controllers.contains(r.controller) {
            throw FileError("\(path): the rule '\(r.text)' names something that is not in the file")
        }
    }
}

extension Session {
    /// Whether `name` stays inside the sessions folder: a plain name.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 100 && !name.hasPrefix(".")
            && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
            && !name.contains("..")
    }

    func path(for name: String) -> String {
        let base = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        return "\(sessionsDirectory)/\(base).json"
    }

    mutating func save(_ given: String?) throws -> CommandOutcome {
        guard let name = given ?? self.name else {
            throw CommandError("'save' needs a name the first time", column: 5, suggestion: "save login")
        }
        guard Session.isSafeName(name) else {
            throw CommandError("'\(name)' would leave the sessions folder \(sessionsDirectory): use letters, digits, _ and -",
                               column: 6)
        }
        let file = path(for: name)
        do {
            try FileIO.makeDirectory(sessionsDirectory)
            try FileIO.atomicWrite(file, try SessionFile.encode(self))
        } catch {
            return CommandOutcome.rejected("save", CommandError("\(error)"), status: .ioError)
        }
        self.name = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        return CommandOutcome(command: "save", text: "saved \(file)", members: ["path": .string(file)])
    }

    mutating func load(_ name: String, _ column: Int) throws {
        guard Session.isSafeName(name) else {
            throw CommandError("'\(name)' would leave the sessions folder \(sessionsDirectory): name a session in it", column: column)
        }
        let file = path(for: name)
        let text: String
        do {
            guard let t = try FileIO.read(file, limit: FileIO.scriptLimit) else {
                let names = FileIO.list(sessionsDirectory).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
                throw CommandError("no session '\(name)' in \(sessionsDirectory)", column: column,
                                   suggestion: nearestName(to: name, in: names) ?? (names.isEmpty ? nil : "sessions lists them"))
            }
            text = t
        } catch let e as FileError {
            throw CommandError(e.description, column: column)
        }
        let loaded: Session
        do { loaded = try SessionFile.decode(text, path: file, sessionsDirectory: sessionsDirectory) } catch {
            throw CommandError(error.description, column: column)
        }
        state = loaded.state
        history = loaded.history
        self.name = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        events = []
        notificationFromFile = loaded.notificationFromFile
    }

    func sessionList() throws -> CommandOutcome {
        let names = FileIO.list(sessionsDirectory).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        return CommandOutcome(command: "sessions",
                              text: names.isEmpty ? "no saved sessions in \(sessionsDirectory)" : names.joined(separator: "\n"),
                              members: ["sessions": .array(names.map { .string($0) })])
    }

    /// `source FILE`: runs each command of a script; the first rejected one
    /// stops it and nothing of the script stays.
    mutating func source(_ file: String, _ column: Int, _ log: inout ChangeLog) throws {
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
        defer { sourcing.removeLast() }
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
