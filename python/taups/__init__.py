# SPDX-License-Identifier: MIT
"""taups from Python: a thin binding over libtaups (include/taups.h).

    import numpy as np, taups
    with taups.Client(cluster="127.0.0.1:7070", rank=0, workers=1) as c:
        w = c.declare("w", (10, 784), init="normal", scale=0.01)
        x = c.pull(w)                 # float32 array of shape (10, 784)
        c.push(w, np.ones_like(x))    # the gradient, float32, same size
        c.clock()

Arrays cross without a copy: push reads the array's memory, pull writes
into `out` (or a new array) directly; they must be float32 and C-contiguous
(TypeError / ValueError otherwise); so may CPU float32 contiguous torch
tensors (taups.torch). Asynchronous calls return a Ticket and
keep the array alive until it is waited for. The C calls release the GIL
(cffi's API mode), so other Python threads run while one waits.

Every keyword of Client is the field of tps_options_t of the same name,
with the library's defaults; cluster, rank, workers and key_file default
to TAUPS_CLUSTER, TAUPS_RANK, TAUPS_WORKERS and TAUPS_KEY_FILE, which
taups-launch --worker-cmd sets. Errors raise taups.Error subclasses with
the library's full sentence.
"""
import json
import os
import sys

try:
    import numpy as np

    from ._taups_cffi import ffi, lib
except ImportError as e:
    # Most often a python3 other than the one configure built the package
    # for (pyenv, conda or a venv first on PATH): say so, not only what
    # is missing.
    raise ImportError(
        "%s: the taups package runs under the python3 that configure built "
        "it for (configure names it; ./configure PYTHON=/path/to/python3 "
        "chooses another, which needs cffi and numpy), and this is %s"
        % (e, sys.executable)) from e

__all__ = [
    "Client", "Tensor", "Table", "Ticket", "Delay", "Error", "ProtocolError", "InvalidArgument",
    "LimitError", "OutOfMemory", "RemoteError", "ConnectionError",
    "MismatchError", "NotFound", "Interrupted", "AuthError",
    "PermissionDenied", "RangeError", "IOError",
]


class Error(Exception):
    """A libtaups call failed: .code is the TPS_E* (or libuv) code, the
    message the library's sentence."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


class ProtocolError(Error):
    pass


class InvalidArgument(Error):
    pass


class LimitError(Error):
    pass


class OutOfMemory(Error):
    pass


class RemoteError(Error):
    pass


class ConnectionError(Error):
    pass


class MismatchError(Error):
    pass


class NotFound(Error):
    pass


class Interrupted(Error):
    pass


class AuthError(Error):
    pass


class PermissionDenied(Error):
    pass


class RangeError(Error):
    pass


class IOError(Error):
    pass


class RankBusy(Error):
    """Another live connection holds this worker rank on a shard."""


class PushAborted(Error):
    """The shards settled the push as aborted: a connection to one of them
    was lost before every shard held all of it. Nothing was applied."""


class AlreadyAssigned(Error):
    """The tensor already has values (assigned, or updated): the assign
    changed nothing. Client.assign returns False instead of raising it."""


_ERRORS = {
    lib.TPS_EPROTO: ProtocolError, lib.TPS_E2BIG: LimitError,
    lib.TPS_EINVAL: InvalidArgument, lib.TPS_ENOMEM: OutOfMemory,
    lib.TPS_EREMOTE: RemoteError, lib.TPS_EUNREACH: ConnectionError,
    lib.TPS_ECLOSED: ConnectionError, lib.TPS_EMISMATCH: MismatchError,
    lib.TPS_EIO: IOError, lib.TPS_ENOENT: NotFound,
    lib.TPS_EINTR: Interrupted, lib.TPS_EAUTH: AuthError,
    lib.TPS_EPERM: PermissionDenied, lib.TPS_ELIMIT: LimitError,
    lib.TPS_ERANGE: RangeError, lib.TPS_EBUSY: RankBusy,
    lib.TPS_EABORTED: PushAborted, lib.TPS_EEXIST: AlreadyAssigned,
}

_INIT = {"zeros": lib.TPS_INIT_ZEROS, "uniform": lib.TPS_INIT_UNIFORM,
         "normal": lib.TPS_INIT_NORMAL}
_ROLE = {"worker": lib.TPS_ROLE_WORKER, "evaluator": lib.TPS_ROLE_EVALUATOR,
         "admin": lib.TPS_ROLE_ADMIN}


def _torch_array(a, what):
    """A torch tensor as the numpy array that shares its memory (taups.torch
    refuses a CUDA, non-float32 or non-contiguous one, naming `what`);
    anything else as it is. Only a program that imported torch has one."""
    torch = sys.modules.get("torch")
    if torch is None or not isinstance(a, torch.Tensor):
        return a
    from .torch import _numpy
    return _numpy(a, what)


def _raise(code, message):
    cls = _ERRORS.get(code, Error)
    text = message or ffi.string(lib.tps_strerror(code)).decode()
    raise cls(code, text)


class Tensor:
    """A declared tensor: its id in the client, name and shape."""

    def __init__(self, client, tid, name, shape):
        self.client = client
        self.id = tid
        self.name = name
        self.shape = tuple(shape)
        self.size = int(np.prod(self.shape, dtype=np.int64)) if self.shape else 1

    def __repr__(self):
        return "taups.Tensor(%r, shape=%r)" % (self.name, self.shape)


class Table:
    """A declared table (docs/design.md §2b): rows of `dim` float32 values
    by 64-bit id; its id in the client, name and dim."""

    def __init__(self, client, tid, name, dim):
        self.client = client
        self.id = tid
        self.name = name
        self.dim = int(dim)

    def __repr__(self):
        return "taups.Table(%r, dim=%d)" % (self.name, self.dim)


class Ticket:
    """An operation in flight; wait() returns the pulled array (pulls) or
    None (pushes), and raises taups.Error if it failed."""

    def __init__(self, client, tid, keep, result):
        self._client = client
        self._id = tid
        self._keep = keep
        self._result = result
        self._done = False

    def wait(self):
        if not self._done:
            self._done = True
            rc = lib.tps_wait(self._client._c, self._id)
            self._client._pending.pop(self._id, None)
            self._keep = None
            if rc < 0:
                self._client._fail(rc)
        return self._result


def _env_int(name):
    """A whole number from the environment, decimal; unset or empty: None."""
    v = os.environ.get(name)
    if v in (None, ""):
        return None
    try:
        return int(v, 10)
    except ValueError:
        raise InvalidArgument(lib.TPS_EINVAL, "%s=%r: not a whole number"
                              % (name, v)) from None


class Client:
    """One connection to every shard of a cluster (tps_open). Use it as a
    context manager, or call close()."""

    def __init__(self, cluster=None, rank=None, workers=None, role="worker",
                 key_file=None, **options):
        self._c = ffi.NULL
        self._keep = []          # C strings the options borrow
        self._pending = {}       # ticket id -> Ticket, until waited
        self._dense = {}         # name -> Tensor declared or looked up
        cluster = cluster or os.environ.get("TAUPS_CLUSTER")
        if not cluster:
            raise InvalidArgument(lib.TPS_EINVAL, "no cluster: give cluster= "
                                  "or set TAUPS_CLUSTER")
        o = ffi.new("tps_options_t *")
        lib.tps_options_init(o)
        o.cluster = self._cstr(cluster)
        if role not in _ROLE:
            raise InvalidArgument(lib.TPS_EINVAL, "role %r: expected one of %s"
                                  % (role, ", ".join(_ROLE)))
        o.role = _ROLE[role]
        rank = rank if rank is not None else _env_int("TAUPS_RANK")
        workers = workers if workers is not None else _env_int("TAUPS_WORKERS")
        key_file = key_file or os.environ.get("TAUPS_KEY_FILE") or None
        o.rank = rank or 0
        o.workers = workers or 1
        if key_file:
            o.key_file = self._cstr(key_file)
        for name, value in options.items():
            if name in ("cluster", "role", "rank", "workers", "key_file") or \
                    not hasattr(o, name):
                raise TypeError("Client() got an unexpected option %r" % name)
            if isinstance(value, str):
                value = self._cstr(value)
            elif value is None:
                value = ffi.NULL
            setattr(o, name, value)
        out = ffi.new("tps_client_t **")
        err = ffi.new("char[]", 512)
        rc = lib.tps_open(o, out, err, 512)
        if rc < 0:
            _raise(rc, ffi.string(err).decode())
        self._c = out[0]
        self.rank = o.rank
        self.workers = o.workers

    def _cstr(self, s):
        b = ffi.new("char[]", s.encode())
        self._keep.append(b)
        return b

    def _fail(self, rc):
        msg = ffi.string(lib.tps_errmsg(self._c)).decode() if self._c else ""
        _raise(rc, msg)

    def _check(self, rc):
        if rc < 0:
            self._fail(rc)
        return rc

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def close(self):
        """Waits for what is in flight, then closes every connection."""
        self._stop_metrics()
        if self._c != ffi.NULL:
            for t in list(self._pending.values()):
                try:
                    t.wait()
                except Error:
                    pass
            lib.tps_close(self._c)
            self._c = ffi.NULL

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    # --- tensors ----------------------------------------------------------

    def declare(self, name, shape, init="zeros", scale=0.0, seed=0):
        """Declares (or finds) tensor `name` of `shape` (an int or a tuple)
        on every shard; returns its Tensor."""
        shape = (int(shape),) if np.isscalar(shape) else tuple(int(d) for d in shape)
        if init not in _INIT:
            raise InvalidArgument(lib.TPS_EINVAL, "init %r: expected one of %s"
                                  % (init, ", ".join(_INIT)))
        dims = list(shape) or [1]   # a scalar is one element
        # The shards keep the shape: another one of the same length is
        # refused, naming both.
        tid = self._check(lib.tps_declare_shape(
            self._c, name.encode(), len(dims), ffi.new("uint64_t[]", dims),
            _INIT[init], float(scale), int(seed)))
        self._dense[name] = Tensor(self, tid, name, shape)
        return self._dense[name]

    def lookup(self, name):
        """The Tensor another process declared, with the shape it declared
        (flat, its length, when it said none)."""
        n = ffi.new("uint64_t *")
        tid = self._check(lib.tps_lookup(self._c, name.encode(), n))
        dims = ffi.new("uint64_t[8]")
        nd = lib.tps_shape(self._c, tid, dims, 8)
        shape = tuple(int(dims[i]) for i in range(nd)) if nd > 0 else (int(n[0]),)
        self._dense[name] = Tensor(self, tid, name, shape)
        return self._dense[name]

    @staticmethod
    def _array(t, a, writable):
        if not isinstance(t, Tensor):
            raise InvalidArgument(lib.TPS_EINVAL, "%r is not a tensor: a "
                                  "table's rows go by pull_rows and push_rows"
                                  % (t,))
        a = _torch_array(a, "tensor %r" % t.name)
        if not isinstance(a, np.ndarray):
            raise TypeError("tensor %r: expected a numpy float32 array, got %s"
                            % (t.name, type(a).__name__))
        if a.dtype != np.float32:
            raise TypeError("tensor %r: expected float32, got %s (convert "
                            "with .astype(np.float32))" % (t.name, a.dtype))
        if not a.flags.c_contiguous:
            raise ValueError("tensor %r: the array is not C-contiguous "
                             "(np.ascontiguousarray makes one that is)"
                             % t.name)
        if a.size != t.size:
            raise ValueError("tensor %r has shape %s (%d elements); the "
                             "array has shape %s (%d)" % (t.name, t.shape,
                                                          t.size, a.shape,
                                                          a.size))
        if writable and not a.flags.writeable:
            raise ValueError("tensor %r: the output array is read-only"
                             % t.name)
        return ffi.from_buffer("float[]", a, require_writable=writable)

    def push_async(self, t, grad):
        """Pushes grad (float32, t's size); returns a Ticket."""
        buf = self._array(t, grad, False)
        tk = ffi.new("tps_ticket_t *")
        self._check(lib.tps_push_async(self._c, t.id, buf, tk))
        ticket = Ticket(self, tk[0], (grad, buf), None)
        self._pending[tk[0]] = ticket
        return ticket

    def pull_async(self, t, out=None):
        """Pulls t into out (a new array of t's shape when None); returns a
        Ticket whose wait() returns the array."""
        if out is None and isinstance(t, Tensor):
            out = np.empty(t.shape, dtype=np.float32)
        buf = self._array(t, out, True)
        tk = ffi.new("tps_ticket_t *")
        self._check(lib.tps_pull_async(self._c, t.id, buf, tk))
        ticket = Ticket(self, tk[0], (out, buf), out)
        self._pending[tk[0]] = ticket
        return ticket

    def push(self, t, grad):
        """Pushes grad and waits for every shard's answer."""
        self.push_async(t, grad).wait()

    def push_group_async(self, tensors, grads):
        """Pushes grads[i] to tensors[i] as one gradient (a whole model's
        iteration: one NaN check, one norm, one staleness decision for all,
        tps_push_group_async); returns one Ticket per tensor."""
        if len(tensors) != len(grads) or not tensors:
            raise ValueError("push_group: %d tensors and %d gradients; "
                             "expected as many, at least one"
                             % (len(tensors), len(grads)))
        bufs = [self._array(t, g, False) for t, g in zip(tensors, grads)]
        n = len(tensors)
        ids = ffi.new("int[]", [t.id for t in tensors])
        ptrs = ffi.new("float *[]", bufs)
        tks = ffi.new("tps_ticket_t[]", n)
        self._check(lib.tps_push_group_async(self._c, n, ids, ptrs, tks))
        out = []
        for i in range(n):
            ticket = Ticket(self, tks[i], (grads[i], bufs[i]), None)
            self._pending[tks[i]] = ticket
            out.append(ticket)
        return out

    def push_group(self, tensors, grads):
        """push_group_async, then waits for every ticket."""
        for tk in self.push_group_async(tensors, grads):
            tk.wait()

    def pull(self, t, out=None):
        """Pulls t (into out, without a copy) and returns the array."""
        return self.pull_async(t, out).wait()

    # --- tables -------------------------------------------------------------

    def table(self, name, dim, init="zeros", scale=0.0, seed=0):
        """Declares (or finds, with the same dim) table `name` of rows of
        `dim` float32 values on every shard; returns its Table."""
        if init not in _INIT:
            raise InvalidArgument(lib.TPS_EINVAL, "init %r: expected one of %s"
                                  % (init, ", ".join(_INIT)))
        tid = self._check(lib.tps_table(self._c, name.encode(), int(dim),
                                        _INIT[init], float(scale), int(seed)))
        return Table(self, tid, name, dim)

    @staticmethod
    def _ids(t, ids):
        """ids as a C-contiguous uint64 array (int64 ids keep their 64 bits,
        without a copy when they are already contiguous) and its buffer."""
        if not isinstance(t, Table):
            raise InvalidArgument(lib.TPS_EINVAL, "%r is not a table: rows "
                                  "are for tables (Client.table)" % (t,))
        a = np.asarray(ids)
        if a.ndim != 1:
            raise ValueError("table %r: ids must be 1-D, got shape %s"
                             % (t.name, a.shape))
        if a.size and a.dtype.kind not in "iu":
            raise TypeError("table %r: ids must be integers, got %s"
                            % (t.name, a.dtype))
        a = np.ascontiguousarray(a, dtype=a.dtype if a.size else np.uint64)
        if a.dtype.itemsize != 8:
            a = a.astype(np.int64)
        a = a.view(np.uint64)
        return a, ffi.from_buffer("uint64_t[]", a)

    @staticmethod
    def _rows(t, a, n, writable):
        a = _torch_array(a, "table %r" % t.name)
        if not isinstance(a, np.ndarray) or a.dtype != np.float32:
            raise TypeError("table %r: expected a float32 numpy array, got %s"
                            % (t.name, getattr(a, "dtype", type(a).__name__)))
        if a.shape != (n, t.dim):
            raise ValueError("table %r: expected shape (%d, %d) for %d ids, "
                             "got %s" % (t.name, n, t.dim, n, a.shape))
        if not a.flags.c_contiguous:
            raise ValueError("table %r: the array is not C-contiguous "
                             "(np.ascontiguousarray makes one that is)"
                             % t.name)
        if writable and not a.flags.writeable:
            raise ValueError("table %r: the output array is read-only"
                             % t.name)
        return ffi.from_buffer("float[]", a, require_writable=writable)

    def pull_rows_async(self, t, ids, out=None, versions=False):
        """Pulls the rows of ids (a 1-D integer array or list; duplicates
        allowed) into out (a new float32 array of shape (len(ids), dim) when
        None); returns a Ticket whose wait() returns the array, or (array,
        versions) with versions=True (uint64, each row's version)."""
        a, ibuf = self._ids(t, ids)
        n = a.size
        if out is None:
            out = np.empty((n, t.dim), dtype=np.float32)
        buf = self._rows(t, out, n, True)
        ver = np.empty(n, dtype=np.uint64) if versions else None
        vbuf = ffi.from_buffer("uint64_t[]", ver) if versions else ffi.NULL
        tk = ffi.new("tps_ticket_t *")
        self._check(lib.tps_pull_rows_async(self._c, t.id, n, ibuf, buf, vbuf,
                                            tk))
        result = (out, ver) if versions else out
        ticket = Ticket(self, tk[0], (a, ibuf, out, buf, ver, vbuf), result)
        self._pending[tk[0]] = ticket
        return ticket

    def pull_rows(self, t, ids, out=None, versions=False):
        """pull_rows_async, then waits: the rows (and their versions)."""
        return self.pull_rows_async(t, ids, out, versions).wait()

    def push_rows_async(self, t, ids, grads):
        """Pushes grads (float32, shape (len(ids), dim), C-contiguous: not
        copied) for the rows of ids; duplicate ids are summed. Returns a
        Ticket."""
        a, ibuf = self._ids(t, ids)
        buf = self._rows(t, grads, a.size, False)
        tk = ffi.new("tps_ticket_t *")
        self._check(lib.tps_push_rows_async(self._c, t.id, a.size, ibuf, buf,
                                            tk))
        ticket = Ticket(self, tk[0], (a, ibuf, grads, buf), None)
        self._pending[tk[0]] = ticket
        return ticket

    def push_rows(self, t, ids, grads):
        """push_rows_async, then waits for every shard's answer."""
        self.push_rows_async(t, ids, grads).wait()

    def push_rows_info(self, t):
        """What became of the rows of t's last completed push."""
        info = ffi.new("tps_rows_info_t *")
        self._check(lib.tps_push_rows_info(self._c, t.id, info))
        return {k: int(getattr(info, k)) for k in
                ("applied", "stale", "not_admitted", "full", "max_staleness",
                 "refused")}

    # --- the rest of the API -----------------------------------------------

    def clock(self):
        """Ends this worker's iteration; returns its new clock."""
        return self._check(lib.tps_clock(self._c))

    @property
    def mode(self):
        return ffi.string(lib.tps_mode(self._c)).decode()

    @property
    def local_steps(self):
        """In mode "local", the local steps K per push; 0 otherwise."""
        return lib.tps_local_steps(self._c)

    @property
    def shards(self):
        return lib.tps_shards(self._c)

    def versions(self, t):
        """Per shard, the version of t's slice the last pull returned."""
        n = self.shards
        v = ffi.new("uint64_t[]", n)
        self._check(lib.tps_versions(self._c, t.id, v, n))
        return [int(x) for x in v]

    def set_versions(self, t, versions):
        v = ffi.new("uint64_t[]", [int(x) for x in versions])
        self._check(lib.tps_set_versions(self._c, t.id, v, len(versions)))

    def set_samples(self, n):
        """How many samples the gradients pushed from now on average."""
        lib.tps_set_samples(self._c, int(n))

    def last_push(self, t):
        info = ffi.new("tps_push_info_t *")
        self._check(lib.tps_last_push(self._c, t.id, info))
        return {"staleness": int(info.staleness), "weight": float(info.weight),
                "dropped": bool(info.dropped),
                "staleness_applied": int(info.staleness_applied)}

    def stats(self):
        """Every shard's counters (taups-ctl stats), one dict per shard."""
        out = ffi.new("char **")
        self._check(lib.tps_stats(self._c, out))
        try:
            return json.loads(ffi.string(out[0]).decode())
        finally:
            lib.free(out[0])

    def traffic(self):
        t = ffi.new("tps_traffic_t *")
        lib.tps_traffic(self._c, t)
        return {k: int(getattr(t, k)) for k in
                ("raw_sent", "wire_sent", "raw_recv", "wire_recv")}

    def delivery(self):
        d = ffi.new("tps_delivery_t *")
        lib.tps_delivery(self._c, d)
        return {k: int(getattr(d, k))
                for k, _ in ffi.typeof("tps_delivery_t").fields}

    # --- starting values, barrier, final model (docs/design.md §3b) --------

    def assign(self, t, values):
        """Gives dense tensor t its starting values on every shard
        (tps_assign): values is any array-like of t's size (a float32
        C-contiguous array is used without a copy, anything else is
        converted once). True when assigned; False when the tensor already
        had values (another worker, or this rank before a restart, assigned
        it, or an update came first): carry on with the shards' values."""
        if not isinstance(t, Tensor):
            raise InvalidArgument(lib.TPS_EINVAL, "%r is not a dense tensor: "
                                  "only those are assigned" % (t,))
        a = np.ascontiguousarray(_torch_array(values, "tensor %r" % t.name),
                                 dtype=np.float32)
        if a.size != t.size:
            raise ValueError("tensor %r has shape %s (%d elements); the "
                             "values have shape %s (%d)"
                             % (t.name, t.shape, t.size, a.shape, a.size))
        rc = lib.tps_assign(self._c, t.id, ffi.from_buffer("float[]", a))
        if rc == lib.TPS_EEXIST:
            return False
        self._check(rc)
        return True

    def barrier(self, timeout=None):
        """Returns once every worker of the cluster has entered this barrier
        and this worker's pushes are applied (tps_barrier). timeout: seconds
        (None: wait for ever); past it taups.ConnectionError names the
        workers that had not arrived."""
        ms = 0 if timeout is None else max(1, int(round(float(timeout) * 1000)))
        self._check(lib.tps_barrier(self._c, ms))

    def final_model(self, tensors=None, timeout=None):
        """A barrier, then one pull of each tensor (Tensors or names; None:
        every dense tensor this client declared or looked up): a dict of
        name -> array in the declared shape, the same on every worker."""
        if tensors is None:
            tensors = list(self._dense.values())
        ts = [t if isinstance(t, Tensor) else
              self._dense.get(t) or self.lookup(t) for t in tensors]
        self.barrier(timeout)
        tickets = [(t.name, self.pull_async(t)) for t in ts]
        return {name: tk.wait() for name, tk in tickets}

    # --- metrics ------------------------------------------------------------

    _metrics = None  # (server, thread) of serve_metrics

    def metrics_text(self):
        """This client's counters as the Prometheus text of taups-worker
        --metrics (tps_metrics_text): the taups_worker_* series, labelled
        with the rank."""
        out = ffi.new("char **")
        self._check(lib.tps_metrics_text(self._c, out))
        try:
            return ffi.string(out[0]).decode()
        finally:
            lib.free(out[0])

    def set_loss(self, loss):
        """The loss of the last minibatch, shown as taups_worker_loss; None
        takes it away."""
        lib.tps_set_loss(self._c, float("nan") if loss is None else float(loss))

    def serve_metrics(self, port=0, host="127.0.0.1"):
        """Serves metrics_text() at http://HOST:PORT/metrics from a daemon
        thread until close(); port 0 picks a free one. Returns the port
        (the one already serving, when called again)."""
        if self._metrics is None:
            self._metrics = _serve_metrics(self, host, int(port))
        return self._metrics[0].server_address[1]

    def _stop_metrics(self):
        # Before tps_close: the server's thread reads the client. Its
        # requests are handled in that thread, so once serve_forever has
        # returned none is running.
        if self._metrics is not None:
            srv, thread = self._metrics
            self._metrics = None
            srv.shutdown()
            srv.server_close()
            thread.join()


def _serve_metrics(client, host, port):
    import http.server
    import socket
    import threading

    class Handler(http.server.BaseHTTPRequestHandler):
        timeout = 10  # a client that stops sending cannot hold the thread

        def do_GET(self):
            if self.path.split("?")[0] != "/metrics":
                self.send_error(404)
                return
            body = client.metrics_text().encode()
            self.send_response(200)
            self.send_header("Content-Type",
                             "text/plain; version=0.0.4; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self):
            self.send_error(405)

        do_PUT = do_DELETE = do_POST

        def log_message(self, *args):
            pass

    class Server(http.server.HTTPServer):
        address_family = socket.AF_INET6 if ":" in host else socket.AF_INET

    srv = Server((host, port), Handler)
    thread = threading.Thread(target=srv.serve_forever, name="taups-metrics",
                              daemon=True)
    thread.start()
    return srv, thread


class Delay:
    """Injected compute time, as taups-worker --delay and --straggler draw
    it (tps_delay_new): for the same spec, seed and rank, the same delays,
    so that Python and C workers of one experiment straggle alike.

        d = taups.Delay("lognormal:50:0.5", seed=1, rank=0)
        time.sleep(d.next(compute_seconds))
    """

    def __init__(self, spec="none", seed=0, rank=0, stragglers=()):
        self._d = ffi.NULL
        keep = [ffi.new("char[]", s.encode()) for s in stragglers]
        arr = ffi.new("char *[]", keep) if keep else ffi.NULL
        out = ffi.new("tps_delay_t **")
        err = ffi.new("char[]", 512)
        rc = lib.tps_delay_new(spec.encode(), arr, len(keep), int(rank),
                               int(seed), out, err, 512)
        if rc < 0:
            _raise(rc, ffi.string(err).decode())
        self._d = out[0]

    def next(self, compute_s=0.0):
        """Seconds to sleep after a minibatch step that computed for
        compute_s seconds."""
        return lib.tps_delay_next(self._d, float(compute_s))

    def __str__(self):
        buf = ffi.new("char[]", 256)
        lib.tps_delay_describe(self._d, buf, 256)
        return ffi.string(buf).decode()

    def __del__(self):
        if self._d != ffi.NULL:
            lib.tps_delay_free(self._d)
            self._d = ffi.NULL
