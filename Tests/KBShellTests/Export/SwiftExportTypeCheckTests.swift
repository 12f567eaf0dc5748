import Foundation
import Testing
import KBTestSupport
@testable import KBShell

/// The code `export swift` writes compiles: the stand-in UIKit module
/// (`UIKitStub/UIKit.swift`, UIKit's declarations with their real
/// signatures) is built with `swiftc -emit-module -module-name UIKit`, and
/// the export of every lesson of `Sessions/`, run to its end, is
/// type-checked against it with `swiftc -typecheck`. Without `swiftc` the
/// test fails: CI has one.
@Suite("export swift type-checks", .serialized)
struct SwiftExportTypeCheckTests {
    static let stub = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("UIKitStub/UIKit.swift").path

    /// The export of a lesson, run from an empty session to its end.
    static func exported(_ lesson: String, fixed: Bool = false) throws -> String {
        var session = try LessonRun.run(lesson)
        let outcome = session.execute(fixed ? "export swift fixed" : "export swift")
        #expect(outcome.status == .ok, "\(lesson): \(outcome.text)")
        return try #require(outcome.members["swift"]?.stringValue)
    }

    /// `swiftc` of the toolchain the tests run on (beside the Swift
    /// runtime this process loaded), else the first one on `PATH`.
    static func swiftc() -> String? {
        let files = FileManager.default
        if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
           let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
           let start = line.firstIndex(of: "/") {
            // …/usr/lib/swift/linux/libswiftCore.so → …/usr/bin/swiftc
            let usr = URL(fileURLWithPath: String(line[start...])).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let candidate = usr.appendingPathComponent("bin/swiftc").path
            if files.isExecutableFile(atPath: candidate) { return candidate }
        }
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(dir)/swiftc"
            if files.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `tool` with `arguments`; its exit status and what it printed.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The stand-in UIKit, built once into a folder of its own.
    static let module: Result<String, SwiftcFailure> = {
        guard let swiftc = swiftc() else {
            return .failure(SwiftcFailure(message: "no swiftc beside the Swift runtime or on PATH: install Swift 6.3 (./scripts/install-deps)"))
        }
        let folder = TemporaryFolder.make("uikit-stub")
        do {
            let r = try run(swiftc, ["-emit-module", "-module-name", "UIKit", "-parse-as-library",
                                     "-emit-module-path", folder + "/UIKit.swiftmodule", stub])
            guard r.status == 0 else { return .failure(SwiftcFailure(message: "the UIKit stand-in does not build:\n\(r.output)")) }
        } catch {
            return .failure(SwiftcFailure(message: "\(swiftc): \(error)"))
        }
        return .success(folder)
    }()

    struct SwiftcFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Type-checks `source` against the stand-in UIKit, in the Swift 5
    /// and the Swift 6 language modes (strict concurrency): swiftc's
    /// diagnostics, or nil when it type-checks in both.
    static func typeCheck(_ source: String, named name: String) async throws -> String? {
        // swiftc takes seconds: waited for on a thread of its own, not on
        // one of the few the tests beside it run on.
        try await offPool { try typeCheckNow(source, named: name) }
    }

    static func typeCheckNow(_ source: String, named name: String) throws -> String? {
        let folder = try module.get()
        let file = TemporaryFolder.make("export-swift") + "/\(name).swift"
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        for mode in ["5", "6"] {
            let r = try run(try #require(swiftc()), ["-typecheck", "-swift-version", mode, "-I", folder, file])
            if r.status != 0 { return "Swift \(mode) language mode:\n\(r.output)" }
        }
        return nil
    }

    @Test func theStandInModuleBuilds() async throws {
        let folder = try await offPool { try Self.module.get() }
        #expect(FileManager.default.fileExists(atPath: folder + "/UIKit.swiftmodule"))
    }

    @Test(arguments: LessonRun.lessons)
    func everyLessonsExportTypeChecks(_ lesson: String) async throws {
        let source = try Self.exported(lesson)
        #expect(source.contains("import UIKit"))
        if let errors = try await Self.typeCheck(source, named: lesson.replacingOccurrences(of: "-", with: "_")) {
            Issue.record("\(lesson)'s export does not type-check:\n\(errors)\n\(source)")
        }
    }

    /// `export swift fixed` of every lesson: the fixes are code too.
    @Test(arguments: LessonRun.lessons)
    func everyLessonsFixedExportTypeChecks(_ lesson: String) async throws {
        let source = try Self.exported(lesson, fixed: true)
        if let errors = try await Self.typeCheck(source, named: "fixed_" + lesson.replacingOccurrences(of: "-", with: "_")) {
            Issue.record("\(lesson)'s fixed export does not type-check:\n\(errors)\n\(source)")
        }
    }

    /// Sessions random commands build (the session-file property's):
    /// stacks in scroll views, child controllers, every strategy, rules,
    /// inactive and broken constraints, an iPad's keyboard modes.
    @Test func sessionsBuiltByRandomCommandsTypeCheck() async throws {
        var sources: [String] = []
        for (i, var s) in SessionFileValidationTests.randomSessions(count: 12, length: 30, seed: 0x23).enumerated() {
            let source = try #require(s.execute("export swift").members["swift"]?.stringValue)
            sources.append(source)
            if let errors = try await Self.typeCheck(source, named: "random\(i)") {
                Issue.record("random session \(i) (\(s.history.joined(separator: " · "))) does not type-check:\n\(errors)\n\(source)")
            }
            let fixed = try #require(s.execute("export swift fixed").members["swift"]?.stringValue)
            if let errors = try await Self.typeCheck(fixed, named: "random\(i)_fixed") {
                Issue.record("random session \(i)'s fixed export (\(s.history.joined(separator: " · "))) does not type-check:\n\(errors)\n\(fixed)")
            }
        }
        // The sessions hold what the export writes code for.
        for piece in ["KeyboardObserver(delegate: self)", "addArrangedSubview", "addChild(", "⚑", "keyboardRuleTokens = ["] {
            #expect(sources.contains { $0.contains(piece) }, "no random session's export has \(piece)")
        }
    }

    /// Screens imported from Interface Builder documents and UIKit console
    /// logs (the importers' fixtures that import).
    @Test(arguments: ["interface-builder/login.storyboard", "interface-builder/scroll-form.storyboard",
                      "interface-builder/stack-form.xib", "interface-builder/container.storyboard",
                      "interface-builder/navigation.storyboard", "interface-builder/autoresizing.storyboard",
                      "interface-builder/placeholder.storyboard", "console-logs/modern.log", "console-logs/ios9.log",
                      "console-logs/cell.log", "console-logs/keyboard.log", "console-logs/stack.log",
                      "console-logs/two-dumps.log", "console-logs/negative.log"])
    func importedScreensTypeCheck(_ fixture: String) async throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden/" + fixture).path
        var s = Session(sessionsDirectory: TemporaryFolder.make("import"))
        let imported = s.execute((fixture.hasSuffix(".log") ? "import log " : "import ") + CommandParser.quote(path))
        #expect(imported.status == .ok, "\(imported.text)")
        let source = try #require(s.execute("export swift").members["swift"]?.stringValue)
        let name = URL(fileURLWithPath: fixture).deletingPathExtension().lastPathComponent.replacingOccurrences(of: "-", with: "_")
        if let errors = try await Self.typeCheck(source, named: name) {
            Issue.record("\(fixture)'s export does not type-check:\n\(errors)\n\(source)")
        }
    }

    @Test func aCheckerThatCannotFailWouldNotCount() async throws {
        // The same pipeline refuses code that does not type-check.
        let broken = "import UIKit\nfinal class A: UIViewController { func f() { view.noSuchAnchor.constraint() } }\n"
        #expect(try await Self.typeCheck(broken, named: "broken") != nil)
    }

    @Test func namesSwiftCannotUseAsTheyAreStillTypeCheck() async throws {
        var s = Session(sessionsDirectory: TemporaryFolder.make("export"))
        for line in [
            "controller Main",
            "add view view to Main.view",
            "add label class to Main.view text \"tab\\there \\\"quoted\\\"\"",
            "add textField self to Main.view",
            "add stackView default to Main.view axis vertical spacing 4",
            "add button title to default text \"Go\"",
            "constrain class.top == Main.view.safeArea.top + 8 as var",
            "constrain self.top == class.bottom @ 999 as in",
            "constrain view.width == self.width * 0.5 as return",
            "constrain default.centerX == Main.view.centerX * 1.5 as for",
            "handle Main with observer var padding 8",
            "focus self",
            // Named like types the code uses, which a property would hide.
            "add view KeyboardObserver to Main.view",
            "add view MainViewController to Main.view",
            "add view CGRect to Main.view",
            // Numbers an Int does not print exactly (near the largest the layout takes).
            "constrain CGRect.height <= 9999999.5 as huge",
            "constrain CGRect.width >= 0.1234567890123 as fine",
        ] {
            let o = s.execute(line)
            #expect(o.status == .ok, "\(line): \(o.text)")
        }
        let source = try #require(s.execute("export swift").members["swift"]?.stringValue)
        #expect(source.contains("let view_ = UIView()"))
        #expect(source.contains("let `class` = UILabel()"))
        #expect(source.contains("let self_ = UITextField()"))
        #expect(source.contains("var `var`: NSLayoutConstraint!"))
        #expect(source.contains("huge = CGRect_.heightAnchor.constraint(lessThanOrEqualToConstant: 9999999.5).named(\"huge\")"))
        #expect(source.contains("// kbplay: names Swift cannot use as they are: view → view_, self → self_, title → title_, KeyboardObserver → KeyboardObserver_, MainViewController → MainViewController_, CGRect → CGRect_"))
        if let errors = try await Self.typeCheck(source, named: "names") {
            Issue.record("does not type-check:\n\(errors)\n\(source)")
        }
    }
}

/// Runs a lesson of `Sessions/` from an empty session, its `save` into a
/// scratch folder.
enum LessonRun {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sessions")

    static let lessons: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".kbs") }.map { String($0.dropLast(4)) }.sorted()

    static func run(_ lesson: String) throws -> Session {
        let text = try String(contentsOf: folder.appendingPathComponent(lesson + ".kbs"), encoding: .utf8)
        var session = Session(sessionsDirectory: TemporaryFolder.make("lesson"))
        session.fileFolder = folder.path
        var lines = ScriptLines(StringLineReader(text))
        while let line = lines.next() {
            let o = session.execute(line.text)
            #expect(o.status == .ok, "\(lesson):\(line.number): \(o.text)")
        }
        return session
    }
}
