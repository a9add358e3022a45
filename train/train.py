#!/usr/bin/env python3
"""Trains kifu's learned dead-stone judge (train/README.md) on the arrays
that `cargo run --release --example planes` wrote, and writes the weights
file that crates/kifu-go/src/count/judge/learned/net.rs reads.

  train/train.py DATA_DIR OUT_WEIGHTS [--steps N] [--channels C] [--blocks B]

The net: a 3x3 stem, B residual blocks of two 3x3 convolutions (ReLU), a
1x1 head, tanh: an ownership per point, Black positive. The loss is the
cross-entropy of (1 + ownership) / 2 against KataGo's, stones weighted
twice. Each batch is one board size, turned by one of the 8 symmetries
and, half the time, with the colours swapped. Deterministic for a seed
(on one machine: XLA's CPU sums may differ between builds).
"""
import argparse
import json
import math
import os
import struct
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np
import optax

PLANES = 16
COLOUR_PAIRS = [(1, 2), (6, 7), (12, 14), (13, 15)]  # crates/kifu-go/src/count/judge/learned/planes.rs
TO_MOVE = 8


def load(data_dir):
    sets = {}
    for name in sorted(os.listdir(data_dir)):
        if not name.endswith(".meta.jsonl"):
            continue
        n = int(name.split(".")[0])
        meta = [json.loads(l) for l in open(os.path.join(data_dir, name))]
        x = np.fromfile(os.path.join(data_dir, "%d.x.u8" % n), dtype=np.uint8)
        y = np.fromfile(os.path.join(data_dir, "%d.y.f32" % n), dtype="<f4")
        x = x.reshape(len(meta), PLANES, n, n)
        y = y.reshape(len(meta), n, n)
        val = np.array([m["split"] == "val" for m in meta])
        sets[n] = dict(train=(x[~val], y[~val]), val=(x[val], y[val]))
    return sets


def conv(x, w, b):
    out = jax.lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                       dimension_numbers=("NCHW", "OIHW", "NCHW"))
    return out + b[None, :, None, None]


def forward(params, x):
    h = jax.nn.relu(conv(x, *params["stem"]))
    for (w1, b1, w2, b2) in params["blocks"]:
        t = jax.nn.relu(conv(h, w1, b1))
        h = jax.nn.relu(h + conv(t, w2, b2))
    w, b = params["head"]
    return jnp.tanh(jnp.einsum("nchw,c->nhw", h, w) + b)


def init(key, channels, blocks):
    def he(key, shape, scale=1.0):
        fan_in = shape[1] * shape[2] * shape[3]
        return scale * jax.random.normal(key, shape) * math.sqrt(2.0 / fan_in)
    keys = jax.random.split(key, 2 * blocks + 2)
    params = {"stem": (he(keys[0], (channels, PLANES, 3, 3)), jnp.zeros(channels)), "blocks": []}
    for i in range(blocks):
        params["blocks"].append((
            he(keys[2 + 2 * i], (channels, channels, 3, 3)), jnp.zeros(channels),
            he(keys[3 + 2 * i], (channels, channels, 3, 3), 0.1), jnp.zeros(channels)))
    params["head"] = (jax.random.normal(keys[1], (channels,)) * 0.1, jnp.zeros(()))
    return params


def loss_fn(params, x, y):
    pred = forward(params, x)
    p = jnp.clip((1 + pred) / 2, 1e-6, 1 - 1e-6)
    t = (1 + y) / 2
    ce = -(t * jnp.log(p) + (1 - t) * jnp.log(1 - p))
    stones = x[:, 1] + x[:, 2]
    weight = x[:, 0] * (1 + stones)
    return jnp.sum(ce * weight) / jnp.sum(weight)


def augment(rng, x, y):
    k = rng.integers(8)
    if k & 4:
        x, y = x.swapaxes(2, 3), y.swapaxes(1, 2)
    if k & 1:
        x, y = x[:, :, ::-1], y[:, ::-1]
    if k & 2:
        x, y = x[:, :, :, ::-1], y[:, :, ::-1]
    if rng.integers(2):
        x = x.copy()
        for a, b in COLOUR_PAIRS:
            x[:, [a, b]] = x[:, [b, a]]
        x[:, TO_MOVE] = x[:, 0] - x[:, TO_MOVE]
        y = -y
    return np.ascontiguousarray(x, dtype=np.float32), np.ascontiguousarray(y, dtype=np.float32)


def metrics(params, x, y):
    """Loss and the share of stones whose owner's sign matches KataGo's."""
    if len(x) == 0:
        return float("nan"), float("nan")
    losses, agree, stones = [], 0.0, 0.0
    for i in range(0, len(x), 64):
        xb, yb = x[i:i + 64].astype(np.float32), y[i:i + 64]
        losses.append(float(loss_fn(params, xb, yb)) * len(xb))
        pred = np.asarray(forward(params, xb))
        s = xb[:, 1] + xb[:, 2]
        agree += float(np.sum(((pred > 0) == (yb > 0)) * s))
        stones += float(np.sum(s))
    return sum(losses) / len(x), agree / max(stones, 1)


def write(params, sizes, path):
    out = [b"KIFUNET1", struct.pack("<3I", PLANES, params["stem"][0].shape[0], len(params["blocks"]))]
    out.append(struct.pack("<I", len(sizes)) + b"".join(struct.pack("<I", s) for s in sizes))
    def f32(a):
        return np.asarray(a, dtype="<f4").tobytes()
    out += [f32(params["stem"][0]), f32(params["stem"][1])]
    for (w1, b1, w2, b2) in params["blocks"]:
        out += [f32(w1), f32(b1), f32(w2), f32(b2)]
    out += [f32(params["head"][0]), f32(np.reshape(params["head"][1], (1,)))]
    with open(path, "wb") as f:
        f.write(b"".join(out))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("out")
    ap.add_argument("--steps", type=int, default=6000)
    ap.add_argument("--channels", type=int, default=24)
    ap.add_argument("--blocks", type=int, default=4)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    sets = load(a.data)
    for n, s in sets.items():
        print("%dx%d: %d training positions, %d held out" % (n, n, len(s["train"][0]), len(s["val"][0])))
    rng = np.random.default_rng(a.seed)
    params = init(jax.random.PRNGKey(a.seed), a.channels, a.blocks)
    sched = optax.cosine_decay_schedule(2e-3, a.steps, alpha=0.05)
    opt = optax.adamw(sched, weight_decay=1e-4)
    state = opt.init(params)

    @jax.jit
    def step(params, state, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        updates, state = opt.update(grads, state, params)
        return optax.apply_updates(params, updates), state, loss

    sizes = sorted(sets)
    # Each size is drawn in proportion to its positions' points.
    weights = np.array([len(sets[n]["train"][0]) * n * n for n in sizes], dtype=float)
    weights /= weights.sum()
    start, recent = time.time(), []
    for i in range(1, a.steps + 1):
        n = sizes[rng.choice(len(sizes), p=weights)]
        x, y = sets[n]["train"]
        pick = rng.choice(len(x), size=min(a.batch, len(x)), replace=False)
        xb, yb = augment(rng, x[pick], y[pick])
        params, state, loss = step(params, state, xb, yb)
        recent.append(float(loss))
        if i % 500 == 0 or i == a.steps:
            line = "step %d  %.0f s  train loss %.4f" % (i, time.time() - start, np.mean(recent))
            recent = []
            for n in sizes:
                vl, va = metrics(params, *sets[n]["val"])
                line += "  | %dx%d held-out loss %.4f, stones' owner as KataGo's %.4f" % (n, n, vl, va)
            print(line, flush=True)
    write(params, sizes, a.out)
    print("wrote %s (%d bytes)" % (a.out, os.path.getsize(a.out)))
    # The first held-out position of each size as this net sees it: the
    # planes example's --check runs kifu's inference on the same ones.
    check = {}
    for n in sizes:
        x = sets[n]["val"][0][:1].astype(np.float32)
        if len(x):
            check[n] = [round(float(v), 5) for v in np.asarray(forward(params, x))[0].ravel()]
    with open(a.out + ".check.json", "w") as f:
        json.dump(check, f)


if __name__ == "__main__":
    sys.exit(main())
