import KBInterop
import KBModel

extension Session {
    /// `import log FILE [dump K] [device ID]`: a conflict dump of a console
    /// log as the session's screen (a fresh one: no strategies, rules or
    /// keyboard state), with UIKit's recovery reproduced, and the keyboard
    /// notifications the app printed replayed on it and compared with
    /// kbplay's own. `-` reads standard input where the front end allows it
    /// (``standardInputForImport``).
    mutating func importLog(_ written: String, column: Int, dump k: Int, device given: Token?, orientation givenOrientation: Orientation? = nil,
                            _ log: inout ChangeLog) throws {
        let file = path(of: written)
        let parsed: ConsoleLog
        do {
            let path: String
            if file == "-" {
                guard standardInputForImport else {
                    throw CommandError("standard input (-) is not available here", column: column,
                                       suggestion: "name the log's file; '-' works in kbplay run when the script itself is not read from standard input")
                }
                path = "/dev/stdin"
            } else {
                path = file
            }
            guard let text = try FileIO.read(path, limit: FileIO.scriptLimit) else {
                throw CommandError("no file '\(file)'", column: column)
            }
            parsed = try ConsoleLog.parse(text)
        } catch let e as FileError {
            throw CommandError(e.description, column: column)
        } catch let e as ConsoleLogError {
            let whole = e.message.contains("keyboard notification")
                ? "paste each notification whole, from its 'name = …' to the end of its userInfo ('}}' or '])')"
                : "paste the dump whole, from 'Unable to simultaneously satisfy constraints.' to the line after '\(ConsoleLog.recovery)'"
            throw CommandError("\(file) \(e.description)", column: column, suggestion: whole)
        }
        // The device: the one given, else a run's start device, else what
        // the log implies (``ConsoleLogReport``).
        let catalog = DeviceCatalog.standard
        // An id or a marketing name, as `device` takes.
        let givenID = try given.map { g throws(ModelError) in try catalog.lookup(g.text).id }
        let start = given == nil ? startDevice : nil
        let read: ConsoleLogReport
        do throws(ImportError) {
            read = try ConsoleLogReport(parsed, file: file, dump: k, device: givenID ?? start?.id,
                                        orientation: givenOrientation ?? start?.orientation)
        } catch {
            throw CommandError(error.message, suggestion: error.suggestion)
        }
        let imported = read.imported
        adopt(imported.screen)

        for line in read.lines { log.lines.append(.said(line)) }
        log.warnings += read.warnings
        if read.ambiguityIsNote { log.ambiguityIsNote = true }
        log.notes += read.notes
        if !read.bursts.isEmpty {
            let replay = try onStage(&log) { try LogReplay(replaying: read.bursts, readOn: read.framesDevice, on: &$0, &$1) }
            log.lines.append(.said(replay.summary))
            log.notes += replay.notes
            log.extra["keyboardChecks"] = Self.json(replay.checks)
        }
        log.notes += read.closingNotes
        var names: [String: JSON] = [:]
        for (address, name) in imported.names where names[address] == nil { names[address] = .string(name) }
        log.extra["names"] = .object(names)
        log.extra["uikitBroke"] = imported.uikitBroke.map { .string($0) } ?? .null
        log.extra["conflict"] = .array(imported.conflict.map { .string($0) })
        log.extra["arithmetic"] = imported.arithmetic.map { .string($0) } ?? .null
        log.extra["assumed"] = .array(read.assumed.map { .string($0) })
        log.extra["skipped"] = .number(Double(read.log.skipped))
        log.extra["dumps"] = .array(read.log.dumps.map { d in
            .object(["line": .number(Double(d.line)), "constraints": .number(Double(d.constraints.count))])
        })
    }

    /// The `keyboardChecks` JSON member: each printed notification
    /// compared with kbplay's.
    static func json(_ checks: [LogReplay.Check]) -> JSON {
        .array(checks.map { check in
            let (p, c) = (check.comparison.printed, check.comparison)
            var o: [String: JSON] = [
                "line": .number(Double(p.line)), "name": .string(p.name.rawValue), "printedAs": .string(p.spelling),
                "form": .string(p.form.rawValue), "event": .string(check.event), "matches": .bool(c.matches),
                "fields": .array(c.fields.map { f in
                    .object(["field": .string(f.field), "log": f.logJSON.json, "kbplay": f.kbplayJSON.json, "matches": .bool(f.matches)])
                }),
            ]
            if p.nameInferred { o["nameInferred"] = .bool(true) }
            return .object(o)
        })
    }
}

extension NotificationReplay.CheckValue {
    /// The value as a member of `keyboardChecks`.
    var json: JSON {
        switch self {
        case let .string(s): return .string(s)
        case let .number(x): return .number(x)
        case let .bool(b): return .bool(b)
        case .null: return .null
        case let .numbers(xs): return .array(xs.map { .number($0) })
        }
    }
}
