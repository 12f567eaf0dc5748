import Foundation
import Testing

/// A committed expected output that a test compares whole, byte for byte.
/// `KBPLAY_RECORD=1` writes the actual output over it instead (review the
/// diff before committing it).
enum GoldenFile {
    static let record = ProcessInfo.processInfo.environment["KBPLAY_RECORD"] == "1"

    /// Records an issue naming `url`'s file and its first differing line
    /// (both sides) unless `actual` is exactly the file's text; with
    /// `KBPLAY_RECORD=1`, writes `actual` to `url`.
    static func check(_ actual: String, against url: URL,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        if record {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        if let difference = difference(expected: expected, actual: actual) {
            Issue.record("\(url.lastPathComponent) \(difference)\n(KBPLAY_RECORD=1 re-records)",
                         sourceLocation: sourceLocation)
        }
    }

    /// Where `actual` first departs from `expected`, both lines shown;
    /// nil if they are the same text.
    ///
    ///     differs from line 12:
    ///       expected: ~ email (20 700; 353 34) → (20 364; 353 34)
    ///       actual:   ~ email (20 700; 353 34) → (20 372; 353 34)
    static func difference(expected: String, actual: String) -> String? {
        guard expected != actual else { return nil }
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        return """
        differs from line \(first + 1):
          expected: \(first < a.count ? String(a[first]) : "<end>")
          actual:   \(first < b.count ? String(b[first]) : "<end>")
        """
    }
}
