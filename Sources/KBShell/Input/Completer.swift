/// Completes the word under the cursor; the shell implements it from its
/// command table, the terminal front end only displays the result.
public protocol Completer: Sendable {
    /// Candidates that replace `word`, the text being completed at the end
    /// of `prefix` (the line up to the cursor), sorted.
    func completions(prefix: String, word: String) -> [String]
}
