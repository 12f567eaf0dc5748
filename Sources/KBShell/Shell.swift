import KBModel
public enum KBShellInfo { public static let name = "kbplay" }
