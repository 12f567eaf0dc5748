import Testing
import KBInterop
@testable import KBShell

/// The importers' registry: each importer is an `import` command, its
/// grammar made from the importer's.
@Suite("Importers: one command per registered importer")
struct ImporterRegistryTests {
    @Test func eachImporterIsACommandWithItsOptions() throws {
        let names = Importers.all.map { ["import", $0.grammar.word].compactMap { $0 }.joined(separator: " ") }
        #expect(names == ["import", "import log", "import uitest"])
        for (importer, name) in zip(Importers.all, names) {
            let spec = try #require(CommandTable.all.first { $0.name == name })
            #expect(spec.summary == importer.grammar.summary)
            #expect(spec.traits.contains(.journaledAsSnapshot) && spec.traits.contains(.readsFiles))
        }
        #expect(CommandTable.all.first { $0.name == "import log" }?.usage
                == "import log FILE [dump K] [device DEVICE] [portrait] [landscape]")
        #expect(CommandTable.all.first { $0.name == "import" }?.usage == "import FILE [scene NAME] [device DEVICE]")
    }

    /// An importer's check runs when the line is read, before the file:
    /// `dump 0` is refused at its value even for a file that is not there.
    @Test func anOptionIsCheckedBeforeTheFileIsRead() {
        var s = Session()
        let o = s.execute("import log no-such.log dump 0")
        #expect(o.status == .rejected)
        #expect(o.error?.message == "dump must be a whole number from 1")
        #expect(o.error?.column == 29)  // "import log no-such.log dump " is 28 characters
    }
}
