#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to `127.0.0.1:port`, as the web pages' tests and the
/// web benchmark open one by hand: the connected socket, or nil (nothing
/// listens there; the socket is closed). `receiveBuffer` sets `SO_RCVBUF`
/// before connecting, when the window it advertises counts.
public func connectToLoopback(port: Int, receiveBuffer: Int32? = nil) -> Int32? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    if var size = receiveBuffer {
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
        close(fd)
        return nil
    }
    return fd
}
