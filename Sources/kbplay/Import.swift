import ArgumentParser
import Foundation
import KBShell

/// `kbplay import FILE`: a scene of an Interface Builder document as a
/// session: printed as a script, saved, or shown.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a scene of an Interface Builder storyboard or XIB: print its layout, its script (--script), or save it (-o NAME). A .swift file is read for its keyboard handling code (import swift)."
    )

    @Argument(help: "A .storyboard or .xib file, or a .swift file.")
    var file: String

    @Option(help: ArgumentHelp("The scene: its storyboard identifier, custom class, IB object id or title (default: the initial view controller).", valueName: "NAME"))
    var scene: String?

    @Option(help: ArgumentHelp("The device preset (default: the nearest to the one the document was designed on).", valueName: "ID"))
    var device: String?

    @Flag(help: "Print the session as a kbplay script (the import's summary and findings go to standard error).")
    var script = false

    @Option(name: .short, help: ArgumentHelp("Save the session as NAME in the sessions folder.", valueName: "NAME"))
    var output: String?

    @OptionGroup var sessions: SessionsOption

    func validate() throws {
        if script && output != nil { throw ValidationError("--script prints the session and -o saves it: pick one") }
    }

    func run() throws {
        var session = Session(sessionsDirectory: sessions.resolved)
        var line = (file.hasSuffix(".swift") ? "import swift " : "import ") + CommandParser.quote(file)
        if file.hasSuffix(".swift"), scene != nil || device != nil {
            throw ValidationError("--scene and --device are for Interface Builder documents, not Swift files")
        }
        if let scene { line += " scene " + CommandParser.quote(scene) }
        if let device { line += " device " + device }
        let outcome = session.execute(line)
        guard outcome.status == .ok else {
            FileHandle.standardError.write(Data((outcome.text + "\n").utf8))
            throw ExitCode(Int32(outcome.status.rawValue))
        }
        if script {
            FileHandle.standardError.write(Data((outcome.text + "\n").utf8))
            print(session.script(), terminator: "")
            return
        }
        print(outcome.text)
        if let output {
            let saved = session.execute("save " + output)
            print(saved.text)
            if saved.status != .ok { throw ExitCode(Int32(saved.status.rawValue)) }
        }
    }
}
