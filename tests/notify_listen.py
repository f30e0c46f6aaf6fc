# SPDX-License-Identifier: MIT
"""Plays the service manager's side of sd_notify for the tests: binds a
datagram socket at PATH and appends every message it receives to LOG, one
datagram per line with its newlines shown as ';', until SECONDS pass."""
import os
import socket
import sys
import time

path, log, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(path)
s.settimeout(0.2)
end = time.time() + seconds
with open(log, "a", buffering=1) as f:
    f.write("listening\n")
    while time.time() < end:
        try:
            msg = s.recv(4096).decode("utf-8", "replace")
        except socket.timeout:
            continue
        f.write(msg.replace("\n", ";") + "\n")
os.unlink(path)
