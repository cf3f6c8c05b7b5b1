"""Functions whose conversion cost is measured (with the workloads' eager functions).

Ordinary eager JAX, from a two-line `if` to nested loops with every early
exit, so the median describes the code users write rather than one shape.
"""
import jax.numpy as jnp


def absolute(x):
    if x < 0:
        x = -x
    return x


def sign_elif(x):
    if x > 0:
        s = 1.0
    elif x < 0:
        s = -1.0
    else:
        s = 0.0
    return s


def clamp_early_return(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


def logical_ops_and_ternary(x):
    ok = x > 0 and not x > 1
    return x * 10 if ok else x


def factorial_while(n):
    r = 1
    while n > 1:
        r *= n
        n -= 1
    return r


def fibonacci_for_range(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def sum_positive_for_array(xs):
    s = 0.0
    for v in xs:
        if v > 0:
            s = s + v
    return s


def first_negative_index_break(xs):
    idx = -1
    for i, v in enumerate(xs):
        if v < 0:
            idx = i
            break
    return idx


def count_odd_continue(n):
    i = 0
    c = 0
    while i < n:
        i += 1
        if i % 2 == 0:
            continue
        c += 1
    return c


def find_first_above_return(xs, t):
    for v in xs:
        if v > t:
            return v
    return t


def dict_loop_state(state, lr):
    while state["w"] > 0.05:
        state = {"w": state["w"] * (1 - lr), "steps": state["steps"] + 1}
    return state


def list_append_static_range(x):
    ys = []
    for k in range(3):
        ys.append(x ** k)
    return jnp.stack(ys)


def print_and_assert(x):
    assert x.ndim == 0, "x must be a scalar"
    if x > 0:
        print("positive", x)
    return x


def bisection(f_lo, f_hi, lo, hi, tol):
    steps = 0
    while hi - lo > tol and steps < 100:
        mid = 0.5 * (lo + hi)
        f_mid = f_lo + (f_hi - f_lo) * (mid - lo) / (hi - lo)
        if f_mid > 0:
            hi = mid
            f_hi = f_mid
        else:
            lo = mid
            f_lo = f_mid
        steps += 1
    return lo, hi, steps


def nested_loops_all_exits(xs, n):
    total = 0.0
    for i in range(n):
        if i % 3 == 0:
            continue
        for v in xs:
            if v < 0:
                break
            if total > 1e3:
                return total
            total = total + v * i
    return total


def gradient_descent(w, x, y, lr, steps):
    for _ in range(steps):
        pred = x @ w
        err = pred - y
        loss = jnp.mean(err ** 2)
        if loss < 1e-6:
            break
        w = w - lr * (x.T @ err) / x.shape[0]
    return w


def with_closure(xs, scale):
    def scaled(v):
        return v * scale if v > 0 else v
    acc = jnp.zeros_like(xs[0])
    for v in xs:
        acc = acc + scaled(v)
    return acc
