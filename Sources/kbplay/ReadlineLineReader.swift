@preconcurrency import CReadline
import Glibc
import KBShell

// GNU readline lives in this file only: the rest of kbplay sees `LineReader`.
// readline is a C library with global state and C callbacks, so the state
// it calls back into is global too; kbplay reads lines on one thread.

nonisolated(unsafe) private var completer: (any Completer)?
/// The earlier lines of the command being continued, which completion
/// sees before the line being typed.
nonisolated(unsafe) private var continuedText = ""
nonisolated(unsafe) private var pendingLine: String?
nonisolated(unsafe) private var lineDone = false
nonisolated(unsafe) private var interrupted: Int32 = 0
nonisolated(unsafe) private var watched: (fd: Int32, handler: () -> Bool)?

/// An interactive reader on GNU readline: editing, history in a file
/// (appended after every command, so nothing is lost if kbplay is killed),
/// TAB completion through a ``Completer``, Ctrl-C drops the line being
/// typed, Ctrl-D ends input.
struct ReadlineLineReader: LineReader {
    let historyFile: String

    init(historyFile: String, completer provider: any Completer) {
        self.historyFile = historyFile
        completer = provider
        rl_readline_name = UnsafePointer(strdup("kbplay"))
        rl_catch_signals = 0
        rl_attempted_completion_function = complete
        rl_completion_word_break_hook = wordBreaks
        using_history()
        if access(historyFile, F_OK) == 0 {
            read_history(historyFile)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interrupted = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: poll returns EINTR
        sigaction(SIGINT, &action, nil)
    }

    /// Runs `handler` whenever `fd` has data while the user is typing; what
    /// it prints appears above the line being edited, which is redrawn. A
    /// handler that returns false ends the reading: ``readLine(prompt:)``
    /// returns nil, as at the end of input.
    mutating func watch(_ fd: Int32, handler: @escaping () -> Bool) {
        watched = (fd, handler)
    }

    mutating func readLine(prompt: String, continuing: String) -> String? {
        continuedText = continuing
        defer { continuedText = "" }
        return readLine(prompt: prompt)
    }

    mutating func readLine(prompt: String) -> String? {
        pendingLine = nil
        lineDone = false
        rl_callback_handler_install(prompt, lineHandler)
        while !lineDone {
            var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
            if let w = watched { fds.append(pollfd(fd: w.fd, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if interrupted != 0 {
                interrupted = 0
                // Ctrl-C: forget the line being typed and prompt again.
                rl_free_line_state()
                rl_callback_sigcleanup()
                rl_replace_line("", 0)
                print("^C\n", terminator: "")
                fflush(nil)
                rl_callback_handler_remove()
                rl_callback_handler_install(prompt, lineHandler)
                continue
            }
            if ready < 0 { continue }
            if fds.count > 1, fds[1].revents != 0, let w = watched {
                rl_clear_visible_line()
                guard w.handler() else {
                    watched = nil
                    rl_callback_handler_remove()
                    return nil
                }
                rl_on_new_line()
                rl_redisplay()
                if fds[1].revents & Int16(POLLHUP) != 0 { watched = nil }
            }
            if fds[0].revents != 0 { rl_callback_read_char() }
        }
        if pendingLine == nil { print("\n", terminator: "") }
        return pendingLine
    }

    mutating func record(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        add_history(line)
        if access(historyFile, F_OK) != 0 {
            let fd = open(historyFile, O_CREAT | O_WRONLY, 0o600)
            if fd >= 0 { close(fd) }
        }
        append_history(1, historyFile)
    }
}

/// readline's line callback: keeps the line (nil at end of input) and
/// stops reading.
private let lineHandler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { raw in
    if let raw {
        pendingLine = String(cString: raw)
        free(raw)
    } else {
        pendingLine = nil
    }
    lineDone = true
    rl_callback_handler_remove()
}

/// The lexer's word breaks (``Lexer/isWordBreak(_:blanksOnly:)``), for a
/// line read as blank-separated words and for any other, made once:
/// readline only reads them.
nonisolated(unsafe) private let blankBreaks = strdup(Lexer.wordBreakCharacters(blanksOnly: true))
nonisolated(unsafe) private let tokenBreaks = strdup(Lexer.wordBreakCharacters(blanksOnly: false))

/// readline's word-break hook: where the word TAB completes starts is the
/// lexer's rule for the line being typed (with the lines it continues), as
/// in the daemon's `complete`, rather than readline's own word breaks.
private let wordBreaks: @convention(c) () -> UnsafeMutablePointer<CChar>? = {
    guard let buffer = rl_line_buffer else { return nil }
    return CommandParser.splitsAtBlanks(continuedText + String(cString: buffer)) ? blankBreaks : tokenBreaks
}

/// readline's completion hook: asks the shell's completer and hands back a
/// NULL-terminated array whose first entry is the candidates' common prefix.
private let complete: @convention(c) (UnsafePointer<CChar>?, Int32, Int32)
    -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, _, end in
    rl_attempted_completion_over = 1
    guard let completer, let text, let buffer = rl_line_buffer else { return nil }
    let word = String(cString: text)
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self),
                                    count: Int(end))
    let prefix = continuedText + String(decoding: bytes, as: UTF8.self)
    // A file's name: readline's own filename completion (a folder gets
    // its slash, a file its space).
    if completer.completesFileName(prefix: prefix, word: word) {
        return rl_completion_matches(text, rl_filename_completion_function)
    }
    let candidates = completer.completions(prefix: prefix, word: word)
    guard !candidates.isEmpty else { return nil }
    var common = candidates[0]
    for c in candidates.dropFirst() {
        while !c.hasPrefix(common) { common.removeLast() }
    }
    if candidates.count == 1, common.hasSuffix(".") { rl_completion_suppress_append = 1 }
    // readline frees the array and its strings with free().
    let raw = malloc(MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (candidates.count + 2))!
    let matches = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: candidates.count + 2)
    matches[0] = strdup(common)
    var n = 1
    if candidates.count > 1 {
        for c in candidates {
            matches[n] = strdup(c)
            n += 1
        }
    }
    matches[n] = nil
    return matches
}
