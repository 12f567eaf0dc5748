import NIOCore

extension NIOLoopBound {
    /// Runs `body` with the value on its event loop.
    func execute(_ body: @escaping @Sendable (Value) -> Void) {
        eventLoop.execute { body(self.value) }
    }
}
