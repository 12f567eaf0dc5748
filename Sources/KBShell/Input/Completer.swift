/// Completes the word under the cursor; the shell implements it from its
/// command table, the terminal front end only displays the result.
public protocol Completer: Sendable {
    /// Candidates that replace `word`, the text being completed at the end
    /// of `prefix` (the line up to the cursor), sorted.
    func completions(prefix: String, word: String) -> [String]
    /// Whether `word`, at the end of `prefix`, is a file's name (`source`,
    /// `import`, `import log`, `render svg`, `export kbs|swift`): the
    /// terminal completes it from the file system rather than from
    /// ``completions(prefix:word:)``.
    func completesFileName(prefix: String, word: String) -> Bool
}

extension Completer {
    /// The command table's answer (``ShellCompleter/expectsFileName(prefix:word:)``).
    public func completesFileName(prefix: String, word: String) -> Bool {
        ShellCompleter.expectsFileName(prefix: prefix, word: word)
    }
}
