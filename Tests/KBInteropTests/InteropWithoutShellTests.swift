import Testing
import KBModel
import KBInterop

/// KBInterop is used here without the shell (this target depends on
/// KBInterop alone): a console log rebuilt, a refusal as an `ImportError`,
/// and a screen written as Swift.
@Suite("KBInterop without the shell")
struct InteropWithoutShellTests {
    /// Two required heights of one view that cannot both hold; UIKit broke
    /// the second (0x2), so kbplay adds it last and breaks it too.
    static let dump = """
        Unable to simultaneously satisfy constraints.
        (
            "<NSLayoutConstraint:0x1 UIView:0xa.height == 100   (active)>",
            "<NSLayoutConstraint:0x2 UIView:0xa.height == 200   (active)>"
        )
        Will attempt to recover by breaking constraint
        <NSLayoutConstraint:0x2 UIView:0xa.height == 200   (active)>
        """

    @Test func aConflictDumpIsRebuiltWithUIKitsChoice() throws {
        let log = try ConsoleLog.parse(Self.dump)
        let report = try ConsoleLogReport(log, file: "demo.log", dump: 1, device: nil, orientation: nil)
        // One dump, read from line 1: one view (0xa, named view1) and both
        // of its constraints, nothing skipped, on the default device; c2 is
        // the one UIKit broke (0x2), added last and broken by kbplay too.
        #expect(report.lines == [
            "imported dump 1 of 1 dump in demo.log (line 1) on iphone-15 portrait: 1 view, 2 constraints; 0 lines skipped",
            "UIKit broke c2  view1.height == 200",
        ])
        #expect(report.imported.uikitBroke == "c2")
        #expect(report.imported.names.map { "\($0.name) \($0.address)" } == ["view1 0xa", "c1 0x1", "c2 0x2"])
        #expect(report.closingNotes.contains("why: 200 (c2) ≠ 100 (c1)"))
        #expect(report.ambiguityIsNote)
        #expect(report.bursts.isEmpty)
    }

    @Test func aLogWithNothingToImportIsAnImportError() throws {
        let log = try ConsoleLog.parse("2024-01-01 12:00:00 App[1:2] hello\n")
        #expect(throws: ImportError.self) {
            _ = try ConsoleLogReport(log, file: "empty.log", dump: 1, device: nil, orientation: nil)
        }
        do {
            _ = try ConsoleLogReport(log, file: "empty.log", dump: 1, device: nil, orientation: nil)
        } catch {
            #expect(error.message == "the log has no constraint-conflict dump ('Unable to simultaneously satisfy constraints')")
            #expect(error.suggestion?.hasPrefix("paste the whole message") == true)
        }
    }

    @Test func aScreenIsWrittenAsSwift() throws {
        var screen = Screen()
        _ = try screen.addController("Form")
        var exporter = SwiftExporter(screen: screen, strategies: [], rules: [], flaws: [], sessionName: nil,
                                     keyboard: Keyboard(), parseRule: { _ in nil })
        let source = exporter.source()
        #expect(source.contains("final class FormViewController: UIViewController"))
    }
}
