import Foundation
import Testing
@testable import KBShell

/// The command table is built from the command types: each spec carries
/// the type that reads its arguments and carries it out, and what the
/// transaction, the history and the daemon need to know of a command is
/// one of its traits.
@Suite struct CommandTests {
    @Test func everySpecIsItsTypesAndEveryNameIsOnce() {
        #expect(CommandTable.all.count == Commands.all.count)
        for spec in CommandTable.all {
            #expect(spec.command.spec == spec, "\(spec.name)")
        }
        let names = CommandTable.all.map(\.name)
        #expect(Set(names).count == names.count)
    }

    /// The commands with each trait, listed whole.
    @Test func traitsNameTheCommandsTheyShould() {
        func with(_ trait: CommandTraits) -> [String] { CommandTable.all.filter { $0.traits.contains(trait) }.map(\.name) }
        #expect(with(.structural) == ["device", "controller", "add", "remove", "set", "constrain", "pin", "activate",
                                      "deactivate", "accessory", "load", "new", "demo", "source", "import", "import log",
                                      "import uitest", "import swift"])
        #expect(with(.outsideHistory) == ["undo", "redo", "history", "help", "quit"])
        #expect(with(.keepsUndoStacks) == ["source"])
        #expect(with(.journaledAsSnapshot) == ["save", "load", "sessions", "undo", "redo", "source", "import", "import log", "import uitest", "import swift"])
        #expect(with(.journaledAsSnapshotWithAFile) == ["render", "export"])
        #expect(with(.readsFiles) == ["load", "sessions", "source", "import", "import log", "import uitest", "import swift"])
        #expect(with(.writesFiles) == ["render", "save", "export"])
        #expect(with(.startsScript) == ["load", "new", "demo"])
        #expect(with(.statesExpectation) == ["expect"])
        #expect(with(.runsScript) == ["source"])
        #expect(!CommandTable.all.filter { !$0.mutates }.map(\.name).contains("focus"))
        #expect(CommandTable.all.filter { !$0.mutates }.map(\.name) == [
            "devices", "tree", "frames", "constraints", "events", "diff", "render", "explain", "print", "expect", "audit",
            "save", "sessions", "history", "export", "help", "quit",
        ])
    }

    /// What ran carries its command's traits (none for a blank or refused line).
    @Test func anOutcomeCarriesItsCommandsTraits() {
        var session = Session.demo()
        #expect(session.execute("expect 1 == 1").traits == [.statesExpectation])
        #expect(session.execute("  new").traits == [.mutates, .structural, .startsScript])
        #expect(session.execute("").traits == [])
        #expect(session.execute("focus nowhere").traits == [])
    }

    /// A command outside the history is not recorded; one inside is.
    @Test func theHistoryAsksTheTraits() {
        var session = Session.demo()
        for line in ["help", "history", "focus email", "undo", "redo", "quit", "frames"] { _ = session.execute(line) }
        #expect(session.history == ["focus email", "frames"])
    }
}

/// `save` and `load` take the names a daemon's sessions have (one
/// ``SessionName`` rule).
@Suite struct SessionNameTests {
    @Test func saveAndLoadTakeSessionNames() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kbplay-names-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var s = Session(sessionsDirectory: dir)
        #expect(s.execute("save café").text.hasPrefix("error: \(SessionNameError(text: "café"))"))
        #expect(s.execute("save ../x").text.hasPrefix("error: '../x' would leave the sessions folder"))
        #expect(s.execute("save 01-lesson.v2.json").text == "saved \(dir)/01-lesson.v2.json")
        #expect(s.name == "01-lesson.v2")
        #expect(s.execute("load 01-lesson.v2").status == .ok)
        for name in ["01-lesson.v2", "a", "_x"] { #expect(SessionName(name) != nil) }
    }
}

/// Each group lists its own commands, and every command is in the list of
/// the group its spec names, once.
@Suite("Commands: each group registers its own")
struct CommandGroupTests {
    @Test func eachGroupsListHoldsItsCommands() {
        let lists: [(CommandSpec.Group, [any Command.Type])] = [
            (.device, Commands.device), (.structure, Commands.structure), (.constraints, Commands.constraints),
            (.keyboard, Commands.keyboard), (.strategies, Commands.strategies), (.lifecycle, Commands.lifecycle),
            (.inspection, Commands.inspection), (.sessions, Commands.sessions),
        ]
        #expect(lists.map(\.0) == CommandSpec.Group.allCases)
        for (group, list) in lists {
            for command in list { #expect(command.spec.group == group, "\(command.spec.usage)") }
        }
        let names = Commands.all.map { $0.spec.words.joined(separator: " ") }
        #expect(Set(names).count == names.count)
        #expect(names.count == CommandTable.all.count)
    }
}
