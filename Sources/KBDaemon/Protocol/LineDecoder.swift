import NIOCore

/// Splits the byte stream into lines. A line longer than the limit is not
/// buffered: the decoder passes on ``tooLong`` once and drops the rest.
struct LineDecoder: ByteToMessageDecoder {
    typealias InboundOut = String
    /// What the decoder passes on instead of an oversized line.
    static let tooLong = "\u{0}line-too-long"
    let maximumLength: Int
    private var discarding = false
    /// How many bytes after the reader index hold no newline: a line that
    /// comes in many small pieces is searched once, not from its start at
    /// every piece (which a client sending a megabyte a few bytes at a time
    /// turned into gigabytes of searching).
    private var searched = 0

    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        if discarding {
            buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
            return .needMoreData
        }
        let unsearched = buffer.readableBytesView.dropFirst(min(searched, buffer.readableBytes))
        guard let newline = unsearched.firstIndex(of: UInt8(ascii: "\n")) else {
            searched = buffer.readableBytes
            if buffer.readableBytes > maximumLength {
                searched = 0
                discarding = true
                buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
                context.fireChannelRead(wrapInboundOut(Self.tooLong))
            }
            return .needMoreData
        }
        searched = 0
        let length = newline - buffer.readerIndex
        if length > maximumLength {
            discarding = true
            buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
            context.fireChannelRead(wrapInboundOut(Self.tooLong))
            return .needMoreData
        }
        let line = Self.readLine(length: length, from: &buffer)
        buffer.moveReaderIndex(forwardBy: 1)
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }

    /// The next `length` bytes as a line, without the `\r` of a `\r\n`.
    private static func readLine(length: Int, from buffer: inout ByteBuffer) -> String {
        var line = buffer.readString(length: length)!
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }

    /// At the end of the input, a last line without its newline is a line
    /// too (`printf '{…}' | nc -U -N SOCKET`); a request cut short by a
    /// client that vanished is then answered as malformed, to nobody.
    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        if seenEOF, !discarding, buffer.readableBytes > 0 {
            let line = Self.readLine(length: buffer.readableBytes, from: &buffer)
            searched = 0
            context.fireChannelRead(wrapInboundOut(line))
        }
        buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
        return .needMoreData
    }
}
