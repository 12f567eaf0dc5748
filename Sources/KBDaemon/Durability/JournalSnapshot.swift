/// A journal's snapshot line: the session file's text, and the name `save`
/// saves the session under (a session file does not name itself).
struct JournalSnapshot: Sendable, Equatable {
    var text: String
    var savedName: String?
}
