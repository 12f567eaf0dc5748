import NIOCore
import NIOEmbedded
import Testing
@testable import KBDaemon

/// Request lines as the daemon cuts them out of what a client sends, in
/// whatever pieces the socket delivers it.
@Suite struct LineDecoderTests {
    /// Feeds `pieces` to a channel decoding lines of at most `maximum`
    /// bytes and returns the lines it passed on; with `endOfInput`, after
    /// the client has sent all it will (half-closed:
    /// `ChannelEvent.inputClosed`).
    func lines(_ pieces: [String], maximum: Int = 64, endOfInput: Bool = false) throws -> [String] {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(LineDecoder(maximumLength: maximum)))
        for piece in pieces {
            try channel.writeInbound(ByteBuffer(string: piece))
        }
        if endOfInput { channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed) }
        var out: [String] = []
        while let line = try channel.readInbound(as: String.self) { out.append(line) }
        _ = try? channel.finish()
        return out
    }

    @Test func linesInOnePieceAndAcrossMany() throws {
        #expect(try lines(["a\nbb\r\nccc\n"]) == ["a", "bb", "ccc"])
        // Byte by byte, with the line ends split too.
        let text = "first line\r\nsecond\nthird one\n"
        #expect(try lines(text.map { String($0) }) == ["first line", "second", "third one"])
        // A piece that ends one line and starts the next, after pieces
        // already searched.
        #expect(try lines(["abc", "def", "g\nhij", "kl", "\n"]) == ["abcdefg", "hijkl"])
        // A short line right behind a long one that came in pieces.
        #expect(try lines(["aaaaaaaa", "\nb\n"]) == ["aaaaaaaa", "b"])
        // Nothing until the newline comes.
        #expect(try lines(["no newline", " yet"]).isEmpty)
    }

    @Test func theLastLineNeedsNoNewlineAtTheEndOfInput() throws {
        #expect(try lines(["a\nb", "c\r"], endOfInput: true) == ["a", "bc"])
        #expect(try lines(["a\n"], endOfInput: true) == ["a"])
        // An oversized line is reported once, not passed on at the end.
        #expect(try lines([String(repeating: "x", count: 70)], endOfInput: true) == [LineDecoder.tooLong])
        // Without the end of input, a piece without its newline waits.
        #expect(try lines(["a\nb"]) == ["a"])
    }

    @Test func aLineTooLongIsReportedOnceEvenInPieces() throws {
        // 70 bytes in pieces of 7, over the maximum of 64 before any newline.
        let pieces = Array(repeating: "0123456", count: 10) + ["\nafter\n"]
        #expect(try lines(pieces) == [LineDecoder.tooLong])
        // A line just at the maximum passes, in pieces as whole.
        let exact = String(repeating: "x", count: 64)
        #expect(try lines([String(exact.prefix(30)), String(exact.dropFirst(30)), "\n"]) == [exact])
    }
}
