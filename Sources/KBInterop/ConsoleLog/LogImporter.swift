import KBModel

/// `import log FILE [dump K] [device ID [portrait|landscape]]`: a conflict
/// dump of a console log as the session's screen (a fresh session: no
/// strategies, rules or keyboard state), with UIKit's recovery reproduced,
/// and the keyboard notifications the app printed replayed on it and
/// compared with kbplay's own.
public enum LogImporter: Importer {
    static let dump = ImportOption("dump", "K", .number)
    static let device = ImportOption("device", "DEVICE", .device)
    static let portrait = ImportOption("portrait")
    static let landscape = ImportOption("landscape")

    public static let grammar = ImportGrammar(word: "log", options: [dump, device, portrait, landscape],
        summary: "replace the screen with a constraint conflict of a UIKit console log, UIKit's recovery included, and replay its printed keyboard notifications against kbplay's",
        details: "Reads 'Unable to simultaneously satisfy constraints' dumps (every description form, with or without a timestamp prefix or `> `/`//` quoting) and recursiveDescription/_autolayoutTrace dumps for the hierarchy. Views are named from their accessibility identifier or class (label1, view2), constraints from their identifier or c1…; the constraint UIKit broke is added last, so kbplay breaks it as UIKit did. Several dumps: the first unless `dump K`; the list is printed. Keyboard notifications the app printed (`NSConcreteNotification … {name = UIKeyboardWillShowNotification; userInfo = {…}}` or Swift's `name = …, object = nil, userInfo = Optional([…])`, also inside RxSwift's `next(…)`, or a userInfo printed alone, its name then inferred from the frames; values quoted or not, in any order, as NSRect or Swift's CGRect, in `Optional(…)`) are replayed as the keyboard events they describe, and kbplay's own notifications compared with them field by field (✓, or ✗ with both values); a log of notifications alone is imported on the device their frames imply, unless `device ID` names one. The device and orientation are otherwise inferred from the dump's own geometry (the root's encapsulated or autoresizing size, its safe-area insets); `device ID portrait|landscape` overrides them. A dump or a notification cut off or malformed is refused with its line and column. `-` reads standard input in `kbplay run`.",
        examples: ["import log console.txt", "import log console.txt dump 2", "import log keyboard.txt device iphone-11",
                   "import log console.txt device iphone-8 landscape"],
        readsStandardInput: true)

    public static func check(_ options: [String: String]) throws(ImportError) {
        if let text = options[dump.keyword] {
            guard let n = Double(text), n >= 1, n == n.rounded(), n < 1e6 else {
                throw ImportError("dump must be a whole number from 1", suggestion: "dump 1", place: .value(of: dump.keyword))
            }
        }
        let (isPortrait, isLandscape) = (options[portrait.keyword] != nil, options[landscape.keyword] != nil)
        guard !(isPortrait && isLandscape) else {
            throw ImportError("portrait and landscape both given", suggestion: "device ID portrait, or device ID landscape")
        }
        guard !(isPortrait || isLandscape) || options[device.keyword] != nil else {
            let word = isLandscape ? "landscape" : "portrait"
            throw ImportError("\(word) goes with a device", suggestion: "device iphone-15 \(word)")
        }
    }

    public static func run(_ request: ImportRequest) throws(ImportError) -> ImportResult {
        try check(request.options)
        let file = request.file.path
        let k = request.value(dump).flatMap(Double.init).map { Int($0) } ?? 1
        let givenOrientation: Orientation? = request.has(landscape) ? .landscape : request.has(portrait) ? .portrait : nil
        let given = request.value(device)
        let parsed: ConsoleLog
        do throws(ConsoleLogError) {
            parsed = try ConsoleLog.parse(request.file.text)
        } catch {
            let whole = error.message.contains("keyboard notification")
                ? "paste each notification whole, from its 'name = …' to the end of its userInfo ('}}' or '])')"
                : "paste the dump whole, from 'Unable to simultaneously satisfy constraints.' to the line after '\(ConsoleLog.recovery)'"
            throw ImportError("\(file) \(error.description)", suggestion: whole, place: .file)
        }
        // The device: the one given, else a run's start device, else what
        // the log implies (``ConsoleLogReport``).
        let givenID: String?
        do throws(ModelError) {
            // An id or a marketing name, as `device` takes.
            givenID = try given.map { g throws(ModelError) in try DeviceCatalog.standard.lookup(g).id }
        } catch {
            var suggestion: String?
            if case let .unknownDevice(_, s) = error { suggestion = s }
            throw ImportError(error.description, suggestion: suggestion, place: .value(of: device.keyword))
        }
        let start = given == nil ? request.startDevice : nil
        let read = try ConsoleLogReport(parsed, file: file, dump: k, device: givenID ?? start?.id,
                                        orientation: givenOrientation ?? start?.orientation)
        let imported = read.imported
        var result = ImportResult(stage: Stage(screen: imported.screen), names: imported.names.map { ($0.address, $0.name) },
                                  assumptions: read.assumed, ambiguityIsNote: read.ambiguityIsNote)
        for line in read.lines { result.log.entries.append(.said(line)) }
        result.log.warnings += read.warnings
        result.log.notes += read.notes
        if !read.bursts.isEmpty {
            do {
                let replay = try LogReplay(replaying: read.bursts, readOn: read.framesDevice, on: &result.stage, &result.log)
                result.log.entries.append(.said(replay.summary))
                result.log.notes += replay.notes
                result.members["keyboardChecks"] = json(replay.checks)
            } catch {
                throw ImportError(String(describing: error), place: .file)
            }
        }
        result.log.notes += read.closingNotes
        result.members["uikitBroke"] = imported.uikitBroke.map { .string($0) } ?? .null
        result.members["conflict"] = .array(imported.conflict.map { .string($0) })
        result.members["arithmetic"] = imported.arithmetic.map { .string($0) } ?? .null
        result.members["assumed"] = .array(read.assumed.map { .string($0) })
        result.members["skipped"] = .number(Double(read.log.skipped))
        result.members["dumps"] = .array(read.log.dumps.map { d in
            .object(["line": .number(Double(d.line)), "constraints": .number(Double(d.constraints.count))])
        })
        return result
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
