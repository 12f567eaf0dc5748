import KBShell
print("kbplay")
