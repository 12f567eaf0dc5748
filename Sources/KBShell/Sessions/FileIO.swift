#if canImport(Glibc)
import Glibc
#endif

/// A file-system failure: what was being done, to which path, and why.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The few file operations kbplay needs, with atomic writes.
public enum FileIO {
    private static func reason() -> String { String(cString: strerror(errno)) }

    /// What a script or a session file may weigh: far more than any is.
    public static let scriptLimit = 16 << 20

    /// The file's text, or nil if it does not exist. It must be a file or a
    /// pipe (`kbplay run <(…)`), not a device such as /dev/zero or a
    /// folder, and at most `limit` bytes: past that it is refused rather
    /// than read on into memory.
    public static func read(_ path: String, limit: Int = Int.max) throws(FileError) -> String? {
        try readBytes(path, limit: limit).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The text of the file whose path is `pathBytes` as they are (a name
    /// that is not UTF-8, as a command line can give it), or nil if it
    /// does not exist; errors show the path as ``shownPath(_:)`` does.
    public static func read(pathBytes: [UInt8], limit: Int = Int.max) throws(FileError) -> String? {
        let path = pathBytes + [0]
        return try readBytes(shown: shownPath(pathBytes), limit: limit) {
            path.withUnsafeBufferPointer { p in
                p.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
            }
        }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// A path's bytes as text: its UTF-8 as it is, each byte that is not
    /// UTF-8 written `\xFF` (and each `\` as `\\`, so two paths never
    /// show alike).
    public static func shownPath(_ bytes: [UInt8]) -> String {
        var out = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            let valid = firstInvalidUTF8(Array(rest)) ?? rest.count
            let text = String(decoding: rest.prefix(valid), as: UTF8.self)
            out += text.replacing("\\", with: "\\\\")
            rest = rest.dropFirst(valid)
            if let bad = rest.first {
                out += "\\x" + (bad < 16 ? "0" : "") + String(bad, radix: 16, uppercase: true)
                rest = rest.dropFirst()
            }
        }
        return out
    }

    /// ``read(_:limit:)``'s bytes, as they are (no UTF-8 repair).
    public static func readBytes(_ path: String, limit: Int = Int.max) throws(FileError) -> [UInt8]? {
        // Not blocking on the open of a pipe that has no writer yet.
        try readBytes(shown: path, limit: limit) { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
    }

    /// The bytes of the file `opening` opens (nil if it does not exist),
    /// its path shown as `path` in errors.
    private static func readBytes(shown path: String, limit: Int, opening: () -> Int32) throws(FileError) -> [UInt8]? {
        let fd = opening()
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw FileError("cannot read \(path): \(reason())")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError("cannot read \(path): \(reason())") }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFIFO else {
            let what = type == S_IFDIR ? "a folder" : type == S_IFCHR || type == S_IFBLK ? "a device" : "not a file"
            throw FileError("cannot read \(path): it is \(what), not a file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError("cannot read \(path): \(reason())")
            }
            if n == 0 { break }
            guard bytes.count + n <= limit else {
                throw FileError("cannot read \(path): it is larger than \(limit >> 20) MB, more than any script or session file")
            }
            bytes += buffer[0..<n]
        }
        return bytes
    }

    /// The offset of the first byte where `bytes` stop being UTF-8 (a
    /// stray continuation byte, a sequence cut short, an overlong form, a
    /// surrogate or a code point past U+10FFFF), or nil if they are UTF-8.
    public static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let (length, low, high): (Int, UInt8, UInt8)
            switch b {
            case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
            case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
            case 0xED: (length, low, high) = (3, 0x80, 0x9F)
            case 0xE1...0xEF: (length, low, high) = (3, 0x80, 0xBF)
            case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
            case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
            case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
            default: return i
            }
            // The second byte's range rules out overlong forms, surrogates
            // and code points past U+10FFFF; the others are continuations.
            guard i + 1 < bytes.count, (low...high).contains(bytes[i + 1]) else { return i }
            for k in 2..<length {
                guard i + k < bytes.count, bytes[i + k] & 0xC0 == 0x80 else { return i }
            }
            i += length
        }
        return nil
    }

    /// The absolute path with symbolic links resolved, or nil if the file
    /// is not there.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What tells one version of a file from another: its inode, size and
    /// modification time (an atomic write makes a new inode; an edit in
    /// place moves the time). Nil when there is no such file.
    public static func stamp(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// The folder holding `path`: what comes before its last slash (`/`
    /// for a path at the root, `.` for one with no slash).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The path's last component (the whole path if it has no slash).
    public static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    public static func writeAll(_ fd: Int32, _ text: String, path: String) throws(FileError) {
        var text = text
        let failure = text.withUTF8 { bytes -> FileError? in
            do throws(FileError) {
                try writeAll(fd, UnsafeRawBufferPointer(bytes), path: path)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Writes all of `bytes` to `fd` (retrying short and interrupted writes).
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError("cannot write \(path): \(reason())")
            }
            offset += n
        }
    }

    /// Writes a temporary file in the same folder, syncs it, renames it over
    /// `path` and syncs the folder: readers see the old file or the new one,
    /// never half of either.
    ///
    /// What is there already decides what is replaced: a symbolic link
    /// keeps pointing where it did (the file it names is replaced), and a
    /// device or a pipe (`/dev/stdout`) is written to as it is, never
    /// replaced by a file. A folder is refused.
    public static func atomicWrite(_ path: String, _ text: String, mode: mode_t = 0o644) throws(FileError) {
        var path = path
        var info = stat()
        // A file that is replaced keeps its permissions.
        var kept: mode_t?
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                kept = info.st_mode & 0o7777
                var link = stat()
                if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, let target = realPath(path) { path = target }
            case S_IFDIR:
                throw FileError("cannot write \(path): it is a folder")
            default:
                return try writeInPlace(path, text)
            }
        }
        let tmp = path + ".tmp-\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw FileError("cannot write \(tmp): \(reason())") }
        do throws(FileError) {
            // Not through open's mode, which the umask narrows.
            if let kept, fchmod(fd, kept) != 0 { throw FileError("cannot set the mode of \(tmp): \(reason())") }
            try writeAll(fd, text, path: tmp)
            guard fsync(fd) == 0 else { throw FileError("cannot sync \(tmp): \(reason())") }
            close(fd)
        } catch {
            close(fd)
            unlink(tmp)
            throw error
        }
        guard rename(tmp, path) == 0 else {
            let why = reason()
            unlink(tmp)
            throw FileError("cannot rename \(tmp) to \(path): \(why)")
        }
        _ = syncFolder(folder(of: path))
    }

    /// `fsync` of a folder, so that the names made or replaced in it are on
    /// disk: 0, or the `errno` of the failure.
    public static func syncFolder(_ path: String) -> Int32 {
        sync(path, flags: O_DIRECTORY, dataOnly: false)
    }

    /// `fsync` of a file, or `fdatasync` with `dataOnly` (its data and what
    /// reading it back needs, such as its size), so that what was written
    /// to it is on disk: 0, or the `errno` of the failure (ENOENT: there is
    /// no such file).
    public static func syncFile(_ path: String, dataOnly: Bool = false) -> Int32 {
        sync(path, flags: 0, dataOnly: dataOnly)
    }

    private static func sync(_ path: String, flags: Int32, dataOnly: Bool) -> Int32 {
        let fd = open(path, O_RDONLY | flags | O_CLOEXEC)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        return (dataOnly ? fdatasync(fd) : fsync(fd)) == 0 ? 0 : errno
    }

    /// Writes `text` to a device or a pipe that is already there.
    private static func writeInPlace(_ path: String, _ text: String) throws(FileError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError("cannot write \(path): \(reason())") }
        defer { close(fd) }
        try writeAll(fd, text, path: path)
    }

    /// Creates `path` (and its parents) as folders if missing.
    public static func makeDirectory(_ path: String) throws(FileError) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw FileError("cannot create the folder \(current): \(reason())")
            }
        }
    }

    /// The names in a folder (no `.` or `..`), sorted; empty if it is missing.
    public static func list(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
