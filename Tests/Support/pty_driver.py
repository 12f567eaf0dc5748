"""Drives a program through a real pseudo-terminal, as a person at a
terminal would: send keys, wait for text. Used by kbplay's end-to-end tests.

usage: pty_driver.py STEPS_JSON -- PROGRAM ARGS...
STEPS_JSON is a list of ["send", text], ["expect", text] and ["shell", command]
steps (the last runs `sh -c command` to its end, as another user of the
machine might, while the program waits at its prompt). Prints
everything the program wrote, then exits 0 if every expect was seen (within
10 s each) and the program ended, 1 otherwise.
"""
import json
import os
import pty
import select
import subprocess
import sys
import time


def main():
    split = sys.argv.index("--")
    steps = json.loads(sys.argv[1])
    argv = sys.argv[split + 1:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(argv[0], argv)
    seen = b""
    ok = True

    def read_for(deadline):
        nonlocal seen
        while time.time() < deadline:
            r, _, _ = select.select([fd], [], [], 0.05)
            if r:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    return False
                if not data:
                    return False
                seen += data
                return True
        return True

    for step in steps:
        if step[0] == "send":
            os.write(fd, step[1].encode())
            time.sleep(0.05)
        elif step[0] == "shell":
            subprocess.run(["sh", "-c", step[1]], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=30)
        elif step[0] == "expect":
            want = step[1].encode()
            deadline = time.time() + 10
            start = len(seen)
            while want not in seen[start - 200 if start > 200 else 0:] and time.time() < deadline:
                if not read_for(time.time() + 0.2):
                    break
            if want not in seen:
                sys.stdout.write("MISSING: %r\n" % step[1])
                ok = False
                break
    # Wait for the program to end.
    deadline = time.time() + 10
    status = None
    while time.time() < deadline:
        read_for(time.time() + 0.1)
        done, st = os.waitpid(pid, os.WNOHANG)
        if done:
            status = st
            break
    if status is None:
        os.kill(pid, 9)
        sys.stdout.write("NOT ENDED\n")
        ok = False
    sys.stdout.write(seen.decode("utf-8", "replace"))
    sys.exit(0 if ok else 1)


main()
