# SPDX-License-Identifier: MIT
"""taups for PyTorch: a module's parameters on the shards, an embedding bag
backed by a table, barrier and final model.

    import taups, taups.torch as tt
    c = taups.Client()
    params = tt.declare_module(c, net)    # every rank starts from rank 0's
    for x, y in batches:
        params.pull()                     # the shards' values into net
        net.zero_grad(); loss_fn(net(x), y).backward()
        params.push()                     # every .grad, one push group
        c.clock()

The Client's push, pull, push_rows, pull_rows and assign also take torch
tensors (CPU, float32, contiguous) without a copy: they read and write the
tensor's own memory, and an asynchronous call keeps the tensor alive until
its ticket is waited for. Importing this module needs torch; the base
package does not.
"""
try:
    import torch
except ImportError as e:
    raise ImportError("taups.torch needs PyTorch, which this python3 (the "
                      "one taups was built for) cannot import: %s (Debian: "
                      "apt-get install python3-torch)" % e) from e
import numpy as np

__all__ = ["declare_module", "DeclaredModule", "Embedding", "barrier", "final_model"]


def _numpy(a, what):
    """The numpy array sharing a's memory, after checking that taups can
    read and write it in place; what names the tensor in the refusal."""
    if a.device.type != "cpu":
        raise TypeError("%s: the torch tensor is on %s; taups reads and "
                        "writes CPU memory (.cpu() copies it there)"
                        % (what, a.device))
    if a.layout != torch.strided:
        raise TypeError("%s: the torch tensor is %s; expected a dense one "
                        "(.to_dense())" % (what, a.layout))
    if a.dtype != torch.float32:
        raise TypeError("%s: the torch tensor is %s; expected torch.float32 "
                        "(.float() converts it)" % (what, a.dtype))
    if not a.is_contiguous():
        raise ValueError("%s: the torch tensor is not contiguous "
                         "(.contiguous() makes one that is)" % what)
    # detach(): numpy() refuses a tensor that requires grad; the view
    # holds the tensor, so the memory lives as long as the array does.
    return a.detach().numpy()


def barrier(c, timeout=None):
    """c.barrier(timeout): returns once every worker has entered it and
    this worker's pushes are applied."""
    c.barrier(timeout)


def final_model(c, tensors=None, timeout=None):
    """c.final_model(tensors, timeout): a barrier, then the model pulled
    once (every worker's pushes applied); a dict of name -> numpy array,
    which DeclaredModule.load copies into the parameters."""
    return c.final_model(tensors, timeout)


class DeclaredModule:
    """A module's parameters declared on the shards (declare_module):
    tensors[i] is the taups tensor of parameters[i]."""

    def __init__(self, c, tensors, parameters):
        self.client = c
        self.tensors = tensors
        self.parameters = parameters

    def pull(self):
        """The shards' values into the parameters, in place (every pull in
        flight at once)."""
        tickets = [self.client.pull_async(t, out=p.data)
                   for t, p in zip(self.tensors, self.parameters)]
        for tk in tickets:
            tk.wait()

    def push(self):
        """Every parameter's .grad as one push group (one norm, one
        staleness decision for the whole model); a parameter without a
        gradient this step pushes zeros."""
        grads = [p.grad if p.grad is not None else torch.zeros_like(p.data)
                 for p in self.parameters]
        self.client.push_group(self.tensors, grads)

    def load(self, model):
        """Copies a final_model() dict into the parameters."""
        for t, p in zip(self.tensors, self.parameters):
            p.data.copy_(torch.from_numpy(model[t.name]).view_as(p.data))


def declare_module(c, module, prefix=""):
    """Declares each parameter of module on the shards as tensor
    prefix + its name, with its shape; rank 0 assigns the module's own
    initial values, every rank waits at a barrier and then pulls them into
    its parameters (so all start from rank 0's; after a restart, from the
    shards' values). Returns a DeclaredModule. The parameters must be CPU
    float32 and contiguous: pulls write into them."""
    named = list(module.named_parameters())
    if not named:
        raise ValueError("declare_module: %s has no parameters"
                         % type(module).__name__)
    for name, p in named:
        _numpy(p, "parameter %r" % (prefix + name))
    tensors = [c.declare(prefix + name, tuple(p.shape)) for name, p in named]
    if c.rank == 0:
        for t, (_, p) in zip(tensors, named):
            c.assign(t, p)
    c.barrier()
    m = DeclaredModule(c, tensors, [p for _, p in named])
    m.pull()
    return m


class _Rows(torch.autograd.Function):
    """The pulled rows of the unique ids as a leaf of the graph: backward
    pushes their gradient (one row per unique id: duplicates are already
    summed by the pooling's backward)."""

    @staticmethod
    def forward(ctx, anchor, emb, ids, rows):
        ctx.emb, ctx.ids = emb, ids
        return rows

    @staticmethod
    def backward(ctx, grad):
        ctx.emb._push(ctx.ids, grad.contiguous())
        return None, None, None, None


class Embedding(torch.nn.Module):
    """An EmbeddingBag backed by table `name` of rows of `dim` floats:
    forward pulls only the rows of the batch's unique ids, backward pushes
    only their gradients; the shards' optimizer applies them (the dense
    part can use any torch optimizer, or a DeclaredModule's push).

    forward(input, offsets=None): input a 1-D tensor of 64-bit ids with
    offsets (bag i is input[offsets[i]:offsets[i+1]]), or a 2-D tensor,
    one bag per row; returns (bags, dim), each bag's rows summed or
    averaged (mode). num_embeddings, when given, bounds the ids (IndexError
    beyond it), as nn.EmbeddingBag does; without it any 64-bit id is a
    row. init, scale and seed are the table's (Client.table): rows start as
    that pure function of their id, torch's own N(0, 1) by default."""

    def __init__(self, c, name, num_embeddings=None, dim=None, mode="sum",
                 init="normal", scale=1.0, seed=0):
        super().__init__()
        if dim is None:
            raise TypeError("Embedding %r: dim is required" % name)
        if mode not in ("sum", "mean"):
            raise ValueError("Embedding %r: mode %r: expected sum or mean"
                             % (name, mode))
        self.client = c
        self.table = c.table(name, int(dim), init=init, scale=scale,
                             seed=seed)
        self.num_embeddings = num_embeddings
        self.dim = int(dim)
        self.mode = mode
        # A Function's backward runs only if one of its inputs needs a
        # gradient; the rows come from the shards, so this empty tensor
        # is that input (not a Parameter: no optimizer should see it).
        self._anchor = torch.empty(0, requires_grad=True)

    def _bags(self, input, offsets):
        if input.dim() == 2:
            if offsets is not None:
                raise ValueError("Embedding %r: offsets go with 1-D input, "
                                 "not 2-D" % self.table.name)
            n, k = input.shape
            return input.reshape(-1), torch.arange(0, n * k, k)
        if input.dim() != 1 or offsets is None:
            raise ValueError("Embedding %r: expected 1-D ids with offsets "
                             "or a 2-D tensor of ids, got shape %s"
                             % (self.table.name, tuple(input.shape)))
        return input, offsets

    def forward(self, input, offsets=None):
        if input.dtype.is_floating_point or input.dtype == torch.bool:
            raise TypeError("Embedding %r: ids must be integers, got %s"
                            % (self.table.name, input.dtype))
        ids, offsets = self._bags(input, offsets)
        ids = ids.to(torch.int64)
        if self.num_embeddings is not None and ids.numel() and \
                (ids.min() < 0 or ids.max() >= self.num_embeddings):
            raise IndexError("Embedding %r: an id is outside [0, %d)"
                             % (self.table.name, self.num_embeddings))
        uniq, inverse = torch.unique(ids, return_inverse=True)
        rows = torch.from_numpy(self.client.pull_rows(self.table,
                                                      uniq.numpy()))
        if torch.is_grad_enabled():
            rows = _Rows.apply(self._anchor, self, uniq, rows)
        return torch.nn.functional.embedding_bag(
            inverse, rows, offsets.to(torch.int64), mode=self.mode)

    def _push(self, ids, grad):
        self.client.push_rows(self.table, ids.numpy(), grad)

    def extra_repr(self):
        return "%r, dim=%d, mode=%r" % (self.table.name, self.dim, self.mode)
