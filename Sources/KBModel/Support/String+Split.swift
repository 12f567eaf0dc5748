extension String {
    /// A flaw message split at its `fix:`.
    public func splitFix() -> (String, String?) {
        guard let (head, tail) = split(atFirst: " fix: ") else { return (self, nil) }
        return (head, tail)
    }

    /// The text before the first occurrence of `marker`, if there is one.
    public func prefix(before marker: String) -> String? {
        split(atFirst: marker)?.0
    }

    /// The text before and after the first occurrence of `marker`, if there
    /// is one.
    func split(atFirst marker: String) -> (String, String)? {
        let text = Array(utf8)
        guard let start = byteOffset(of: marker, in: text) else { return nil }
        return (String(decoding: text[..<start], as: UTF8.self),
                String(decoding: text[(start + marker.utf8.count)...], as: UTF8.self))
    }

    /// Where `marker` first starts in `text`, compared by UTF-8 bytes.
    private func byteOffset(of marker: String, in text: [UInt8]) -> Int? {
        let m = Array(marker.utf8)
        guard !m.isEmpty, text.count >= m.count else { return nil }
        for start in 0...(text.count - m.count) where text[start] == m[0] {
            if text[start..<(start + m.count)].elementsEqual(m) { return start }
        }
        return nil
    }
}
