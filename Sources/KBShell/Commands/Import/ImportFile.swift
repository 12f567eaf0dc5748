import KBInterop
import KBModel

/// `import [WORD] FILE [OPTION [VALUE]]…`: the command of one importer
/// (``Importers/all``), its grammar made from the importer's. It reads the
/// file through the shell's file-system seam (``FileIO``), a name relative
/// to a script's folder, and `-` for standard input where the importer and
/// the front end allow it; the importer makes the session's new stage, and
/// ``Session/adopt(_:_:)`` takes it with what the importer said.
struct ImportFile<I: Importer>: Mutation {
    static var spec: CommandSpec {
        let grammar = I.grammar
        let options = grammar.options.map { o in
            KeywordOption(o.keyword, o.valueName.map { [($0, o.value.kind)] } ?? [])
        }
        return CommandSpec(["import", grammar.word].compactMap { $0 }.joined(separator: " "),
                           [.value(Args.file), .options(options)],
                           group: .sessions, traits: [.mutates, .structural, .readsFiles, .journaledAsSnapshot],
                           summary: grammar.summary, details: grammar.details, examples: grammar.examples,
                           command: ImportFile<I>.self)
    }

    enum Args {
        static var file: CommandArgument<Token> { .token("FILE", .file) }
    }

    let file: Token
    /// The options given: keyword → value ("" for a keyword alone).
    let options: [String: String]
    /// keyword → the column of its value.
    let columns: [String: Int]

    init(_ p: ParsedCommand) throws {
        file = try p.required(Args.file)
        var options: [String: String] = [:], columns: [String: Int] = [:]
        // The importer's options, read through keys made from its grammar.
        for o in I.grammar.options {
            if let name = o.valueName {
                if let t = p.token(CommandArgument<Token>.token(name, o.value.kind)) { (options[o.keyword], columns[o.keyword]) = (t.text, t.column) }
            } else if p.contains(KeywordOption(o.keyword)) {
                options[o.keyword] = ""
            }
        }
        (self.options, self.columns) = (options, columns)
        do throws(ImportError) { try I.check(options) } catch { throw refusal(error) }
    }

    /// The importer's refusal as the command's, pointing where it says.
    private func refusal(_ e: ImportError) -> CommandError {
        let column: Int? = switch e.place {
        case .file: file.column
        case let .value(of: keyword): columns[keyword]
        case nil: nil
        }
        return CommandError(e.message, column: column, suggestion: e.suggestion)
    }

    func apply(to session: inout Session, _ log: inout ChangeLog) throws {
        let path = session.path(of: file.text)
        let bytes: [UInt8]
        do {
            var read = path
            if path == "-", I.grammar.readsStandardInput {
                guard session.standardInputForImport else {
                    throw CommandError("standard input (-) is not available here", column: file.column,
                                       suggestion: "name the file; '-' works in kbplay run when the script itself is not read from standard input")
                }
                read = "/dev/stdin"
            }
            guard let b = try FileIO.readBytes(read, limit: FileIO.scriptLimit) else {
                throw CommandError("no file '\(path)'", column: file.column)
            }
            bytes = b
        } catch let e as FileError {
            throw CommandError(e.description, column: file.column)
        }
        let request = ImportRequest(file: ImportSource(path: path, bytes: bytes), options: options,
                                    stage: session.state, startDevice: session.startDevice)
        do throws(ImportError) {
            session.adopt(try I.run(request), &log)
        } catch {
            throw refusal(error)
        }
    }
}

extension ImportOption.Value {
    /// The kind of value the command's grammar reads.
    var kind: ValueKind {
        switch self {
        case .none, .number: .number
        case .scene: .scene
        case .device: .device
        }
    }
}
