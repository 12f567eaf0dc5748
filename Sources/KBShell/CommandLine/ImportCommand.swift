import Foundation

/// `kbplay import FILE`: a scene of an Interface Builder document (or what
/// a Swift file's code builds) as a session: printed, printed as a script,
/// or saved.
public struct ImportCommand: Sendable {
    public var file: String
    public var scene: String?
    public var device: String?
    /// Print the session as a script (the summary goes to standard error).
    public var script = false
    /// Save the session under this name.
    public var output: String?
    public var sessionsDirectory: String

    public init(file: String, scene: String?, device: String?, script: Bool, output: String?, sessionsDirectory: String) {
        (self.file, self.scene, self.device, self.script, self.output) = (file, scene, device, script, output)
        self.sessionsDirectory = sessionsDirectory
    }

    /// What is wrong with the options together, if anything.
    public var problem: String? {
        if script && output != nil { return "--script prints the session and -o saves it: pick one" }
        if file.hasSuffix(".swift"), scene != nil || device != nil {
            return "--scene and --device are for Interface Builder documents, not Swift files"
        }
        return nil
    }

    public func run() throws(CommandLineExit) {
        var session = Session(sessionsDirectory: sessionsDirectory)
        var line = (file.hasSuffix(".swift") ? "import swift " : "import ") + CommandParser.quote(file)
        if let scene { line += " scene " + CommandParser.quote(scene) }
        if let device { line += " device " + device }
        let outcome = session.execute(line)
        guard outcome.status == .ok else {
            FileHandle.standardError.write(Data((outcome.text + "\n").utf8))
            throw CommandLineExit(status: Int32(outcome.status.rawValue))
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
            if saved.status != .ok { throw CommandLineExit(status: Int32(saved.status.rawValue)) }
        }
    }
}
