#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# A hostile HTTP client for tests/e2e_metrics.sh: against HOST PORT, for
# SECONDS, at once: garbage bytes, a 1 MB header, a request dribbled one
# byte per 100 ms, and a crowd of connections that never send anything.
# Exits 0 when it ran; what it got back does not matter.
import socket
import sys
import threading
import time

host, port, secs = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
end = time.time() + secs


def conn():
    s = socket.create_connection((host, port), timeout=2)
    s.settimeout(0.5)
    return s


def garbage():
    while time.time() < end:
        try:
            with conn() as s:
                s.sendall(b"\x00\xff" * 2048 + b"\r\n\r\n")
                s.recv(4096)
        except OSError:
            pass


def huge_header():
    while time.time() < end:
        try:
            with conn() as s:
                s.sendall(b"GET /metrics HTTP/1.1\r\nX-Big: " + b"a" * (1 << 20) + b"\r\n\r\n")
                s.recv(4096)
        except OSError:
            pass


def slow():
    try:
        s = conn()
        for b in b"GET /metrics HTTP/1.1\r\nHost: x\r\n":
            if time.time() >= end:
                break
            s.send(bytes([b]))
            time.sleep(0.1)
        s.close()
    except OSError:
        pass


def crowd():
    socks = []
    for _ in range(40):
        try:
            socks.append(conn())
        except OSError:
            pass
    while time.time() < end:
        time.sleep(0.1)
    for s in socks:
        s.close()


threads = [threading.Thread(target=f) for f in (garbage, huge_header, slow, crowd)]
for t in threads:
    t.start()
for t in threads:
    t.join()
