"""Scenarios of PaddlePaddle's dygraph-to-static (dy2static) tests, rewritten as a JAX
user would write the same computation.

Source: the test programs under Paddle's `test/dygraph_to_static/` (formerly
`python/paddle/fluid/tests/unittests/dygraph_to_static/`): ifelse_simple_func.py,
test_ifelse.py, test_loop.py, test_break_continue.py, test_return.py, test_list.py,
test_slice.py, test_dict.py, test_logical.py, test_for_enumerate.py, test_assert.py,
test_print.py, test_cast.py, test_len.py, test_tensor_shape.py, test_closure_analysis.py,
test_isinstance.py, test_partial_program.py, test_lambda.py, test_convert_call.py,
test_convert_operators.py and test_warning.py. Only the control-flow shapes are kept:
`paddle.*` tensor ops are `jax.numpy`, `paddle.to_tensor(v)` is an argument (a jnp value
in the harness's array modes, a Python number or NumPy array in its `py` mode), layers
with parameters are replaced by constant weights, and what is about Paddle's own
program/IR API or training is dropped. Each function names its origin in a comment.
"""
from __future__ import annotations

import logging

import jax
import jax.numpy as jnp
import numpy as np

import autograph_py as ag
from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731
B = lambda *v: np.array(v, np.bool_)  # noqa: E731


def _add_fn(x):
    x = x + 1
    return x


def _relu(x):
    return jax.nn.relu(x)


def _sq_loss(x, label):
    return jnp.sum((x - label) ** 2, axis=-1)


# ============================================================ ifelse_simple_func.py / test_ifelse.py

# Paddle test/dygraph_to_static/ifelse_simple_func.py: dyfunc_empty_nonlocal
@case((F(1.0, 2.0, 3.0),), (F(-1.0, -2.0, 0.5),), grad=0, vmap=True)
def paddle_empty_nonlocal(x):
    flag = True
    if flag:
        print("It's a test for empty nonlocal stmt")
    if jnp.mean(x) < 0:
        x + 1
    out = x * 2
    return out


# Paddle test/dygraph_to_static/ifelse_simple_func.py: dyfunc_with_if_else
@case((F(6.0, 7.0, 8.0), None), (F(1.0, 2.0, 3.0), None),
      (F(6.0, 7.0, 8.0), F(1.0, 1.0, 1.0)), (F(1.0, 2.0, 3.0), F(0.0, 0.0, 0.0)), grad=0)
def paddle_with_if_else(x_v, label=None):
    if jnp.mean(x_v) > 5:
        x_v = x_v - 1
    else:
        x_v = x_v + 1
    if label is not None:
        loss = _sq_loss(x_v, label)
        return loss
    return x_v


# Paddle test/dygraph_to_static/ifelse_simple_func.py: dyfunc_with_if_else2
@case((F([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]), 100), (F([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]), 1),
      (F([3.0, 0.0, -2.0], [4.0, 5.0, 6.0]), 2), (F([9.0, 1.0, 0.0], [0.0, 0.0, 0.0]), -7), grad=0)
def paddle_with_if_else2(x, col=100):
    row = 0
    if abs(col) > x.shape[-1]:
        col = -1
    else:
        col = 1
    if jnp.mean(x) > x[row][col]:
        x_pow = x ** 2
        y = jax.nn.relu(x_pow)
    else:
        x_pow = x ** 2
        y = jnp.tanh(x_pow)
    return y


# Paddle test/dygraph_to_static/ifelse_simple_func.py: dyfunc_with_if_else3
@case((F(1.0, 2.0),), (F(7.0, 9.0),), grad=0, vmap=True)
def paddle_with_if_else3(x):
    y = x + 1
    if jnp.mean(x) < 5:
        x = x + 1
        z = x + 2
        q = x + 3
        m = x + 2
        n = x + 3
    else:
        y = y + 1
        z = x - 2
        q = x + 3
        m = x + 2
        n = x + 3
    q = q + 1
    n = q + 2
    x = n
    return x


# Paddle test/dygraph_to_static/ifelse_simple_func.py: dyfunc_with_if_else_early_return1
@case((0,), (10,), vmap=True)
def paddle_if_else_early_return1(x):
    if x == 0:
        a = jnp.zeros([2, 2])
        b = jnp.zeros([3, 3])
        return a, b
    a = jnp.zeros([2, 2]) + 1
    return a, jnp.zeros([3, 3]) + 1


# Paddle test/dygraph_to_static/ifelse_simple_func.py: dyfunc_with_if_else_early_return2
@case((0,), (1,), (10,), vmap=True)
def paddle_if_else_early_return2(x):
    if x == 0:
        a = jnp.zeros([2, 2])
        b = jnp.zeros([3, 3])
        return a, b
    elif x == 1:
        c = jnp.zeros([2, 2]) + 1
        d = jnp.zeros([3, 3]) + 1
        return c, d
    e = jnp.zeros([2, 2]) + 3
    return e, jnp.zeros([3, 3]) + 3


# Paddle test/dygraph_to_static/ifelse_simple_func.py: dyfunc_with_if_else_with_list_generator
@case((F(1.0, 2.0),), (F(0.0, 0.0),), grad=0)
def paddle_if_else_with_list_generator(x):
    if 10 > 5:
        y = sum([jnp.full((2,), float(v)) for v in range(5)]) + x
    else:
        y = x
    return y


# Paddle test/dygraph_to_static/ifelse_simple_func.py: nested_if_else
@case((F([-1.0, -2.0, -3.0], [-4.0, -5.0, -6.0]),), (F([-20.0, 1.0, 1.0], [1.0, 1.0, 1.0]),),
      (F([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]),), (F([-0.5, 0.1, 0.1], [0.1, 0.1, 0.1]),),
      grad=0, vmap=True)
def paddle_nested_if_else(x_v):
    batch_size = 16
    feat_size = x_v.shape[-1]
    bias = jnp.ones([feat_size], jnp.float32)
    if x_v.shape[0] != batch_size:
        batch_size = x_v.shape[0]
    if jnp.mean(x_v) < 0:
        y = x_v + bias
        w = jnp.full([feat_size], 10.0, jnp.float32)
        if y[0, 0] < 10:
            tmp = y * w
            y = jax.nn.relu(tmp)
            if jnp.mean(y) < batch_size:
                tmp = jnp.full(y.shape, -1.0, jnp.float32)
                y = jnp.abs(y)
            else:
                tmp = jnp.full(y.shape, -1.0, jnp.float32)
                y = y - tmp
        else:
            tmp = y * w
            y = jax.nn.relu(tmp)
            if jnp.mean(y) < batch_size:
                tmp = jnp.full(y.shape, -1.0, jnp.float32)
                y = jnp.abs(y)
            else:
                tmp = jnp.full(y.shape, -1.0, jnp.float32)
                y = y - tmp
    else:
        y = x_v - bias
        w = jnp.full([feat_size], 10.0, jnp.float32)
        tmp = y * w
        y = jax.nn.relu(tmp)
        tmp = jnp.full(y.shape, -1.0, jnp.float32)
        y = jnp.abs(y)
    return y


# Paddle test/dygraph_to_static/ifelse_simple_func.py: nested_if_else_2
@case((I(1, 2, 3),), (np.zeros((0,), np.int32),))
def paddle_nested_if_else_2(x):
    y = jnp.reshape(x, [-1, 1])
    b = 2
    if b < 1:
        z = y
    x_shape_0 = x.shape[0]
    if x_shape_0 < 1:
        if y.shape[0] < 1:
            res = jnp.full(x.shape, 2, jnp.int32)
            z = y + 1
        else:
            res = jnp.full(x.shape, 3, jnp.int32)
    else:
        res = x
    return res


# Paddle test/dygraph_to_static/ifelse_simple_func.py: nested_if_else_3
@case((I(1, 2, 3),), (np.zeros((0,), np.int32),))
def paddle_nested_if_else_3(x):
    y = jnp.reshape(x, [-1, 1])
    b = 2
    if b < 1:
        z = y
    else:
        z = x
    if b < 1:
        res = x
        if b > 1:
            out = x + 1
        else:
            out = x - 1
    else:
        y_shape = y.shape
        if y_shape[0] < 1:
            res = jnp.full(x.shape, 2, jnp.int32)
            z = y + 1
            out = x - 1
        else:
            res = jnp.full(x.shape, 3, jnp.int32)
            out = x + 1
            z = y - 1
    return res


class _NetWithControlFlowIf:
    """A dense layer with constant weights, then an if/else as Paddle's NetWithControlFlowIf."""

    def __init__(self, hidden_dim=4):
        self.hidden_dim = hidden_dim
        self.alpha = 10.0
        self.constant_vars = {}

    def __call__(self, x):
        hidden_dim = x.shape[-1]
        if hidden_dim != self.hidden_dim:
            raise ValueError(f"hidden_dim {hidden_dim} of input is not equal to {self.hidden_dim}")
        self.constant_vars['bias'] = jnp.ones([5], jnp.float32)
        fc_out = x @ jnp.full((hidden_dim, 5), 0.99, jnp.float32) + 0.5
        if jnp.mean(fc_out) < 0:
            y = fc_out + self.constant_vars['bias']
            self.constant_vars['w'] = jnp.full([5], 10.0, jnp.float32)
            if y[0, 0] < self.alpha:
                x = 10
                tmp = y * self.constant_vars['w']
                y = jax.nn.relu(tmp)
                if y[0, -1] < self.alpha:
                    self.constant_vars['w'] = jnp.full([hidden_dim], 9.0, jnp.float32)
                    y = jnp.abs(y)
                else:
                    tmp = jnp.full(y.shape, -1.0, jnp.float32)
                    y = y - tmp
        else:
            y = fc_out - self.constant_vars['bias']
        return jnp.mean(y)


# Paddle test/dygraph_to_static/ifelse_simple_func.py: NetWithControlFlowIf.forward
@case((F([1.0, 2.0, 3.0, 4.0], [0.5, 0.5, 0.5, 0.5]),),
      (F([-1.0, -2.0, -3.0, -4.0], [-0.5, -0.5, -0.5, -0.5]),),
      (F([-0.2, -0.2, -0.2, -0.2], [-0.2, -0.2, -0.2, -0.2]),),
      (F([1.0, 2.0, 3.0], [0.5, 0.5, 0.5]),), grad=0)
def paddle_net_with_control_flow_if(x):
    net = _NetWithControlFlowIf(hidden_dim=4)
    return net(x)


# Paddle test/dygraph_to_static/ifelse_simple_func.py: if_with_and_or
@case((F([1.0, 2.0], [3.0, 4.0]), None), (F([-1.0, -2.0], [-3.0, -4.0]), None),
      (F([-1.0, -2.0], [-3.0, -4.0]), F(0.0, 0.0)), (F([1.0, 2.0]), None), grad=0)
def paddle_if_with_and_or(x_v, label=None):
    batch_size = x_v.shape
    if (x_v is not None and (jnp.mean(x_v) > 0 or label is not None)
            and batch_size[0] > 1 and True):
        x_v = x_v - 1
    else:
        x_v = x_v + 1
    if label is not None:
        loss = _sq_loss(x_v, label)
        return loss
    return x_v


# Paddle test/dygraph_to_static/ifelse_simple_func.py: if_with_and_or_1
@case((F(1.0, 2.0), None), (F(1.0, 2.0), 1.0), (F(1.0), None), (F(1.0), 1.0), grad=0)
def paddle_if_with_and_or_1(x, y=None):
    batch_size = x.shape
    if batch_size[0] > 1 and y is not None:
        x = x + 1
    if y is not None or batch_size[0] > 1:
        x = x - 1
    return x


# Paddle test/dygraph_to_static/ifelse_simple_func.py: if_with_and_or_2
@case((F(1.0, 2.0), None), (F(1.0, 2.0), 1.0), (F(1.0), None), grad=0)
def paddle_if_with_and_or_2(x, y=None):
    batch_size = x.shape
    if x is not None and batch_size[0] > 1 and y is not None:
        x = x + 1
    if batch_size[0] > 1 or y is not None or x is not None:
        x = x - 1
    return x


# Paddle test/dygraph_to_static/ifelse_simple_func.py: if_with_and_or_3
@case((F(1.0, 2.0), True), (F(1.0, 2.0), False), (F(-1.0, -2.0), True), (F(3.0), True),
      grad=0)
def paddle_if_with_and_or_3(x, y=None):
    batch_size = x.shape
    mean_res = jnp.mean(x)
    if x is not None and batch_size[0] > 1 and y is not None and mean_res > 0:
        x = x + 1
    if mean_res > 0 and (x is not None and batch_size[0] > 1) and y:
        x = x - 1
    return x


# Paddle test/dygraph_to_static/ifelse_simple_func.py: if_with_and_or_4
@case((F(1.0, 2.0), None), (F(1.0), None), (F(1.0), 2.0), (F(-1.0), 2.0), (F(-1.0, 3.0), None),
      grad=0)
def paddle_if_with_and_or_4(x, y=None):
    batch_size = x.shape
    mean_res = jnp.mean(x)
    if (x is not None and batch_size[0] > 1) or (y is not None and mean_res > 0):
        x = x + 1
    if (x is not None or batch_size[0] > 1) and (y is not None or mean_res > 0):
        x = x - 1
    return x


# Paddle test/dygraph_to_static/ifelse_simple_func.py: if_with_class_var
@case((F(1.0, 2.0),), (F(3.0),), grad=0)
def paddle_if_with_class_var(x, y=None):
    class Foo:
        def __init__(self):
            self.a = 1
            self.b = 2

    foo = Foo()
    batch_size = x.shape
    if batch_size[0] > foo.a:
        x = x + foo.b
    else:
        x = x - foo.b
    return x


# Paddle test/dygraph_to_static/ifelse_simple_func.py: if_with_class_var (the test on the data)
@case((F(1.0, 2.0),), (F(0.5, 0.7),), (F(-3.0, 9.0),), grad=0, vmap=True)
def paddle_if_with_class_var_traced(x):
    class Foo:
        def __init__(self):
            self.a = 1
            self.b = 2

    foo = Foo()
    if jnp.mean(x) > foo.a:
        x = x + foo.b
        foo.b = foo.b * 10
    else:
        x = x - foo.b
    return x, foo.b


# Paddle test/dygraph_to_static/ifelse_simple_func.py: if_tensor_case
@case((F([1.0, 2.0], [3.0, 4.0]),), (F([0.0, 0.0], [0.0, 0.0]),), (F([-1.0, 2.0], [0.0, -1.0]),),
      (F([0.0, 1.0], [-1.0, 0.0]),), grad=0, vmap=True)
def paddle_if_tensor_case(x):
    x = jnp.asarray(x)
    mean = jnp.mean(x)
    if mean:
        for i in range(0, 10):
            if i > 5:
                x += 1
                break
            x += 1
    else:
        for i in range(0, 37):
            x += 1
            break
            x += i
    if jnp.mean(x) + 1 and mean > 1 and x is not None or 2 > 1:
        x -= 1
    if not (x[0][0] and (mean * x)[0][0]):
        x += 1
    return x


# Paddle test/dygraph_to_static/ifelse_simple_func.py: dyfunc_ifelse_ret_int1
@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 1.0),), grad=0)
def paddle_ifelse_ret_int1(x):
    index = 0
    pred = jnp.array([1])
    if pred:
        y = x[index] + 1
        index = index + 1
        return y, index
    else:
        y = x[index] + 2
        index = index + 1
        return y, index


# Paddle test/dygraph_to_static/ifelse_simple_func.py: dyfunc_ifelse_ret_int1, on the data
@case((F(1.0, 2.0, 3.0), 1), (F(-1.0, 0.0, 1.0), 0), grad=0, vmap=True)
def paddle_ifelse_ret_int1_traced(x, p):
    index = 0
    if p:
        y = x[index] + 1
        index = index + 1
        return y, index
    else:
        y = x[index] + 2
        index = index + 2
        return y, index


# Paddle test/dygraph_to_static/ifelse_simple_func.py: dyfunc_ifelse_ret_int2 (Paddle: error,
# "Your if/else have different number of return value")
@case((F(1.0, 2.0, 3.0),))
def paddle_ifelse_ret_int2(x):
    index = 0
    pred = jnp.array([1])
    if pred:
        y = x[index] + 1
        index = index + 1
        return y, index
    else:
        y = x[index] + 2
        index = index + 1
        return y


# Paddle test/dygraph_to_static/ifelse_simple_func.py: dyfunc_ifelse_ret_int3
@case((F(1.0, 2.0, 3.0),))
def paddle_ifelse_ret_int3(x):
    index = 0
    pred = jnp.array([1])
    if pred:
        y = x[index] + 1
        index = index + 1
        return index
    else:
        y = x[index] + 2
        return y


# Paddle test/dygraph_to_static/ifelse_simple_func.py: dyfunc_ifelse_ret_int4 (Paddle: error)
@case((F(1.0, 2.0, 3.0),))
def paddle_ifelse_ret_int4(x):
    index = 0
    pred = jnp.array([1])
    if pred:
        y = x[index] + 1
        index = index + 1
        return 'unsupport ret'
    else:
        y = x[index] + 2
        return y


# Paddle test/dygraph_to_static/test_ifelse.py: dyfunc_ifExp_with_while (paddle.static.nn.while_loop
# is jax.lax.while_loop; the conditional expression is in its body)
@case((F(1.0, 2.0),), (F(-3.0, 0.0),), grad=0, vmap=True)
def paddle_ifexp_with_while(x):
    y = [x]

    def add_fn(x):
        x = x + 1
        return x

    def cond(state):
        i, ten, y = state
        return i < ten

    def map_func(func, tensor_list):
        return [func(x) for x in tensor_list]

    def body(state):
        i, ten, y = state
        y = map_func(lambda x: x if (i == 0) is not None else add_fn(x), y)
        i += 1
        return [i, ten, y]

    i = jnp.zeros([1], jnp.int32)
    ten = jnp.full([1], 10, jnp.int32)
    i, ten, y = jax.lax.while_loop(lambda s: cond(s)[0], body, [i, ten, y])
    return y[0]


# Paddle test/dygraph_to_static/test_ifelse.py: dyfunc_ifExp
@case((F(1.0, 2.0), 0), (F(1.0, 2.0), 1), grad=0, vmap=True)
def paddle_ifexp(x, i):
    y = [x]

    def add_fn(x):
        x = x + 1
        return x

    def map_func(func, tensor_list):
        return [func(x) for x in tensor_list]

    y = map_func(lambda x: x if i == 1 else add_fn(x), y)
    return y[0]


# Paddle test/dygraph_to_static/test_ifelse.py: call_external_func
@case((F(1.0, 2.0), None), (F(-1.0, -2.0), None), (F(-1.0, -2.0), F(0.0, 1.0)), grad=0)
def paddle_call_external_func(x, label=None):
    if jnp.mean(x) < 0:
        x_v = x - 1
    else:
        x_v = _add_fn(x)
    x_v = _relu(x_v)
    if label is not None:
        loss = _sq_loss(x_v, label)
        return loss
    return x_v


# Paddle test/dygraph_to_static/test_ifelse.py: DiffModeNet1.forward
@case((F(1.0, 2.0), F(3.0, 4.0), 'train'), (F(1.0, 2.0), F(3.0, 4.0), 'infer'),
      (F(1.0, 2.0), F(3.0, 4.0), 'eval'), grad=0)
def paddle_diff_mode_net1(x, y, mode):
    if mode == 'train':
        out = x + y
    elif mode == 'infer':
        out = x - y
    else:
        raise ValueError('Illegal mode')
    return out


# Paddle test/dygraph_to_static/test_ifelse.py: DiffModeNet2.forward
@case((F(1.0, 2.0), F(3.0, 4.0), 'train'), (F(1.0, 2.0), F(3.0, 4.0), 'infer'),
      (F(1.0, 2.0), F(3.0, 4.0), 'eval'), grad=0)
def paddle_diff_mode_net2(x, y, mode):
    if mode == 'train':
        out = x + y
        return out
    elif mode == 'infer':
        out = x - y
        return out
    else:
        raise ValueError('Illegal mode')


# Paddle test/dygraph_to_static/test_ifelse.py: DiffModeNet1.forward, the mode a traced integer
@case((F(1.0, 2.0), F(3.0, 4.0), 0), (F(1.0, 2.0), F(3.0, 4.0), 1),
      (F(1.0, 2.0), F(3.0, 4.0), 2), grad=0)
def paddle_diff_mode_traced_raise(x, y, mode):
    if mode == 0:
        out = x + y
    elif mode == 1:
        out = x - y
    else:
        raise ValueError('Illegal mode')
    return out


# Paddle test/dygraph_to_static/test_ifelse.py: TestNewVarCreateInOneBranch.case_func
@case((False,), (True,))
def paddle_new_var_create_in_one_branch(training):
    if training:
        targets = [1, 2, 3]
        targets_list = [targets]
    num_step = 3
    for i in range(num_step):
        if i > 0:
            rois, rosi_num = 1, 2
            if training:
                ros, rosi_num, targets = -1, -2, [-1, -2, -3]
                targets_list.append(targets)
    return rosi_num


# Paddle test/dygraph_to_static/test_ifelse.py: IfElseNet.forward (the parameter is a constant)
@case((F([1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [1.0, 1.0, 1.0]), F(10.0), 2, 10),
      (F([1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [1.0, 1.0, 1.0]), F(10.0), 2, 3),
      grad=1)
def paddle_ifelse_net_backward(a, b, c, flag):
    param = jnp.full((3, 2), 0.5, jnp.float32)
    a = a @ param
    a = jnp.reshape(a, (2, 4))
    cond = jnp.array([flag])
    if cond == 10:
        a_argmax = a.argmax(axis=-1)
        b = b + param
    else:
        print(c)
        b = b + jnp.zeros((3, 2))
    return b


# ============================================================ test_loop.py

# Paddle test/dygraph_to_static/test_loop.py: while_loop_dyfunc
@case((0,), (5,), (12,), vmap=True)
def paddle_while_loop_dyfunc(x):
    i = x
    while x < 10:
        i = i + x
        x = x + 1
    return i


# Paddle test/dygraph_to_static/test_loop.py: while_loop_dyfunc (an array of shape [1], float)
@case((F(0.5),), (F(8.25),), (F(11.0),), grad=0, vmap=True)
def paddle_while_loop_dyfunc_vec(x):
    i = x
    while x < 10:
        i = i + x
        x = x + 1
    return i


# Paddle test/dygraph_to_static/test_loop.py: while_loop_dyfunc_without_tensor
@case((F(0.0),), (F(2.5),), grad=0, vmap=True)
def paddle_while_loop_without_tensor(x):
    a = 1
    while not a > 4 and a > 0:
        x = x + 1
        a = a + 1
    return x


# Paddle test/dygraph_to_static/test_loop.py: while_loop_dyfun_with_conflict_var
@case((0,), (7,), (10,), vmap=True)
def paddle_while_loop_with_conflict_var(x):
    i = x

    def relu(y):
        return jax.nn.relu(y)

    while x < 10:
        add_fn = lambda x, y: x + y  # noqa: E731
        i = add_fn(i, x)
        x = x + 1
    return relu(i)


# Paddle test/dygraph_to_static/test_loop.py: while_loop_dyfunc_with_none
@case((0,), (9,), (11,), vmap=True)
def paddle_while_loop_with_none(x):
    i = x if x is not None else x + 1
    flag = 1
    while x < 10:
        i = i + x if flag is not None else x + i
        x = x + 1
    return i


# Paddle test/dygraph_to_static/test_loop.py: for_loop_dyfunc (increment is `ret + 2`)
@case((3,), (1,), (0,))
def paddle_for_loop_dyfunc(max_len):
    for i in range(max_len):
        ret = jnp.zeros(shape=[1], dtype=jnp.float32)
        ret = ret + 2.0
    return ret


# Paddle test/dygraph_to_static/test_loop.py: for_loop_dyfunc2
@case((3,), (5,), (2,))
def paddle_for_loop_dyfunc2(max_len):
    x = jnp.ones((1, 2), jnp.int32)
    for i in range(max_len):
        if i > 1:
            s = a  # noqa: F821 -- bound by the previous iteration
        a = 1
        q, _ = x.shape
    ret = jnp.full([1], s + q, jnp.int32)
    return ret


# Paddle test/dygraph_to_static/test_loop.py: for_loop_dyfunc3 / for_loop_dyfunc4 /
# for_loop_dyfunc_not_support (a range whose step is a variable)
@case((2,), (-2,), (-3,), (3,), (1,))
def paddle_for_loop_range_steps(step):
    ret = jnp.zeros(shape=[1], dtype=jnp.float32)
    for i in range(1, 10, 2):
        ret = ret + 2.0
    for i in range(10, 1, -2):
        ret = ret + 1.0
    for i in range(10, 1, step):
        ret = ret + i
    return ret


# Paddle test/dygraph_to_static/test_loop.py: for_break_single_return
@case((3,), (0,), (1,), (10,), vmap=True)
def paddle_for_break_single_return(n):
    x = 0
    for i in range(n):
        if i == 2:
            break
        x += 1
    return x


# Paddle test/dygraph_to_static/test_loop.py: while_loop_bool_op
@case((-10,), (-2,), (3,), (15,), vmap=True)
def paddle_while_loop_bool_op(x):
    i = x
    while x <= -1 or x < -3 or (x < -7 or x < -5) or (x >= 0 and x < 10):
        i = i + x
        x = x + 1
    return i


# Paddle test/dygraph_to_static/test_loop.py: while_loop_bool_op2
@case((-3,), (5,), (20,), vmap=True)
def paddle_while_loop_bool_op2(x):
    i = x
    a = 1
    while x < 10 and (a < 4 or a > 0) or a < -1 or not x > -1:
        i = i + x
        x = x + 1
        a = a + 1
    return i


# Paddle test/dygraph_to_static/test_loop.py: while_loop_class_var
@case((0,), (9,), (10,))
def paddle_while_loop_class_var(x):
    class Foo:
        def __init__(self):
            self.a = 3
            self.b = 4
            self.c = 5

    foo = Foo()
    i = x
    while i < 10:
        foo.b = jnp.zeros(shape=[1], dtype=jnp.float32)
        foo.c = foo.b + foo.a
        i += 1
    return foo.c


# Paddle test/dygraph_to_static/test_loop.py: while_loop_class_var (scalar attributes)
@case((0,), (9,), (10,))
def paddle_while_loop_class_var_scalar(x):
    class Foo:
        def __init__(self):
            self.a = 3
            self.b = 4.0
            self.c = 5.0

    foo = Foo()
    i = x
    while i < 10:
        foo.b = jnp.zeros(shape=[], dtype=jnp.float32) + i
        foo.c = foo.b + foo.a
        i += 1
    return foo.c


# Paddle test/dygraph_to_static/test_loop.py: loop_var_contains_property
@case((I(0),), (I(8),), (I(10),), vmap=True)
def paddle_loop_var_contains_property(x):
    a = jnp.zeros(shape=[1], dtype=jnp.float32)
    i = x
    s = i.shape
    while i < 10 and s[0] >= 1:
        a += i.shape[0]
        i += 1
    return a


# Paddle test/dygraph_to_static/test_loop.py: for_loop_class_var
@case((3,), (0,))
def paddle_for_loop_class_var(max_len):
    class Foo:
        def __init__(self):
            self.a = 3
            self.b = 4
            self.c = 5

    foo = Foo()
    for i in range(max_len):
        foo.b = jnp.zeros(shape=[1], dtype=jnp.float32)
        foo.c = foo.b + foo.a
    return foo.c


# Paddle test/dygraph_to_static/test_loop.py: var_create_in_for_loop
@case((2,), (0,))
def paddle_var_create_in_for_loop(max_len):
    for i in range(max_len):
        ret = jnp.zeros(shape=[3, 4, 5], dtype=jnp.float32)
    return ret


# Paddle test/dygraph_to_static/test_loop.py: nested_for_loop_dyfunc
@case((2, 3), (0, 1), (1, 0))
def paddle_nested_for_loop(two, three):
    for j in range(two):
        for i in range(10):
            a = 2 + j
    for i in range(three):
        b = jnp.zeros(shape=[1], dtype=jnp.float32) + i
    return b


# Paddle test/dygraph_to_static/test_loop.py: for_loop_dufunc_with_listcomp
@case((F(1.0, 2.0, 3.0), 2), (F(4.0, 5.0, 6.0), 1), (F(1.0, 2.0, 3.0), 0))
def paddle_for_loop_with_listcomp(array, n):
    a = 1
    for j in range(n):
        res = [x + a for x in array]
        res = [i for i in array]
        x = 1
    b = [i for i in array]
    print(x)
    return res


# ============================================================ test_break_continue.py

# Paddle test/dygraph_to_static/test_break_continue.py: test_continue_in_for
@case((0, 10), (0, 3), (5, 0), (0, 7), vmap=True)
def paddle_continue_in_for(x, n):
    for i in range(n):
        x += 1
        if i > 5:
            continue
            x += 10086
        x += i
    return x


# Paddle test/dygraph_to_static/test_break_continue.py: test_continue_in_for_at_end
@case((0, 10), (2, 0), (1, 6), vmap=True)
def paddle_continue_in_for_at_end(x, n):
    for i in range(n):
        x += 1
        if i > 5:
            continue
    return x


# Paddle test/dygraph_to_static/test_break_continue.py: test_continue_in_while
@case((0.0, 10), (1.5, 0), (0.0, 4), grad=0, vmap=True)
def paddle_continue_in_while(x, n):
    i = 0
    while i < n:
        i += 1
        if i > 5:
            continue
            x += 10086
        x += i
    return x


# Paddle test/dygraph_to_static/test_break_continue.py: test_break_in_for
@case((0, 10), (0, 4), (3, 0), vmap=True)
def paddle_break_in_for(x, n):
    for i in range(n):
        x += 1
        if i > 5:
            break
            x += 10086
        x += i
    return x


# Paddle test/dygraph_to_static/test_break_continue.py: test_break_in_for_at_end
@case((I(0), 10), (I(4), 3), (I(2), 0), vmap=True)
def paddle_break_in_for_at_end(x, n):
    for i in range(n):
        x += 1
        if i > 5:
            break
    return x


# Paddle test/dygraph_to_static/test_break_continue.py: test_break_in_while
@case((0.0, 10), (0.5, 3), (2.0, 0), grad=0, vmap=True)
def paddle_break_in_while(x, n):
    i = 0
    while i < n:
        i += 1
        if i > 5:
            break
            x += 10086
        x += i
    return x


# Paddle test/dygraph_to_static/test_break_continue.py: test_break_continue_in_for
@case((0, 3), (0, 0), (10, 9), vmap=True)
def paddle_break_continue_in_for(x, b):
    for i in range(1, 10, 1):
        if i <= 4:
            x += 1
            continue
        else:
            x += 10010
            break
        x += 10086
    a = 0
    for i in range(b):
        if a <= 4:
            x += 1
            a += 1
            continue
        else:
            x += 10010
            break
        x += 10086
    return x


# Paddle test/dygraph_to_static/test_break_continue.py: test_for_in_else
@case((0,), (5,), vmap=True)
def paddle_for_in_else(x):
    if False:
        pass
    else:
        for i in range(0, 10):
            if i > 5:
                x += 1
                break
            x += i
    if False:
        pass
    else:
        for i in range(0, 10):
            x += 1
            break
            x += i
    return x


# Paddle test/dygraph_to_static/test_break_continue.py: while_loop_class_var
@case((0,), (8,), (10,))
def paddle_while_class_var_break_continue(x):
    class Foo:
        def __init__(self):
            self.a = 3
            self.b = 4
            self.c = 5

    foo = Foo()
    i = x
    while i < 10:
        foo.b = jnp.zeros(shape=[], dtype=jnp.float32) + i
        foo.c = foo.b + foo.a
        i += 1
        if foo.c < 0:
            continue
        if foo.c > 6:
            break
    return foo.c


# Paddle test/dygraph_to_static/test_break_continue.py: test_optim_break_in_for (Paddle: error,
# "python while pred change from bool to variable")
@case((F(0.1, 0.2),), (F(3.0, 3.0),), (F(-5.0, 0.0),), grad=0, vmap=True)
def paddle_optim_break_in_for(x):
    for i in range(10):
        if x.sum() > 5:
            break
            x += 10086
        x += i
        if i < 3:
            x = x * 2
    return x


# Paddle test/dygraph_to_static/test_break_continue.py: test_optim_break_in_while
@case((F(0.0, 1.0), 0), (F(1.0, 1.0), 7), (F(0.5, 0.5), 11), grad=0, vmap=True)
def paddle_optim_break_in_while(x, i):
    while i < 10:
        if i > 5:
            break
            x += 10086
        x += i
        i += 1
    return x


# ============================================================ test_return.py

# Paddle test/dygraph_to_static/test_return.py: test_inside_func_base
@case((F(1.0, 2.0),), grad=0, vmap=True)
def paddle_inside_func_base(x):
    def inner_func(x):
        return x

    return inner_func(x)


# Paddle test/dygraph_to_static/test_return.py: test_return_if
@case((-2.0,), (3.0,), (0.0,), grad=0, vmap=True)
def paddle_return_if(x):
    if x < 0:
        x -= 1
        return -x
    x += 3
    return x


# Paddle test/dygraph_to_static/test_return.py: test_return_if_else
@case((1,), (-1,), (0,), vmap=True)
def paddle_return_if_else(x):
    if x > 0:
        x += 10086
        return x
        x -= 3
    else:
        x += 6666
        return x
        x -= 8888


# Paddle test/dygraph_to_static/test_return.py: test_return_in_while
@case((1,), (0,), (-100,), vmap=True)
def paddle_return_in_while(x):
    i = 0
    while i < 10:
        i += 1
        if i > 5:
            x += 110
            return x
        x += i
    return x


# Paddle test/dygraph_to_static/test_return.py: test_return_in_while (the bound on the data)
@case((1, 10), (1, 3), (0, 0), vmap=True)
def paddle_return_in_while_bound(x, n):
    i = 0
    while i < n:
        i += 1
        if i > 5:
            x += 110
            return x
        x += i
    return x


# Paddle test/dygraph_to_static/test_return.py: test_return_in_for (a variable trip count)
@case((1, 10), (1, 5), (1, 3), (2, 0), vmap=True)
def paddle_return_in_for(x, n):
    for i in range(n):
        if i <= 4:
            x += 1
            continue
        else:
            return x + 10086
    return x - 1


# Paddle test/dygraph_to_static/test_return.py: test_recursive_return
@case((F(6.0, 7.0),), (F(1.0, 1.0),), grad=0, vmap=True)
def paddle_recursive_return(x):
    return paddle_with_if_else(x)


# Paddle test/dygraph_to_static/test_return.py: test_return_different_length_if_body (Paddle: error)
@case((1.0,), (-1.0,))
def paddle_return_different_length_if_body(x):
    y = x + 1
    if x > 0:
        return x, y
    else:
        return x


# Paddle test/dygraph_to_static/test_return.py: test_return_different_length_else (Paddle: error)
@case((1.0,), (-1.0,))
def paddle_return_different_length_else(x):
    y = x + 1
    if x < 0:
        return x, y
    else:
        return x


# Paddle test/dygraph_to_static/test_return.py: test_no_return
@case((1.0,), (-1.0,))
def paddle_no_return(x):
    y = x + 1  # noqa: F841


# Paddle test/dygraph_to_static/test_return.py: test_return_none (Paddle: error)
@case((1.0,), (-1.0,))
def paddle_return_none(x):
    y = x + 1
    if x > 0:
        return None
    else:
        return x, y


# Paddle test/dygraph_to_static/test_return.py: test_return_no_variable (Paddle: error)
@case((1.0,), (-1.0,))
def paddle_return_no_variable(x):
    y = x + 1
    if x < 0:
        return x, y
    else:
        return


# Paddle test/dygraph_to_static/test_return.py: test_return_list_one_value / _many_values
@case((F(1.0),), (F(-2.0),), grad=0, vmap=True)
def paddle_return_lists(x):
    x += 1
    y = x * 2
    z = x * x
    return [x], [x, y, z]


# Paddle test/dygraph_to_static/test_return.py: test_return_tuple_one_value / _many_values
@case((F(1.0),), (F(-2.0),), grad=0, vmap=True)
def paddle_return_tuples(x):
    x += 1
    y = x * 2
    z = x * x
    return (x,), (x, y, z)


def _inner_func(x):
    a = 2
    if a < 0:
        y = x + 1
        return y
    y = x * 2
    return y


# Paddle test/dygraph_to_static/test_return.py: test_return_without_paddle_cond
@case((1.0,), (2.5,), grad=0, vmap=True)
def paddle_return_without_cond(s):
    y = jnp.ones([10]) * s
    y = _inner_func(y)
    y = jnp.reshape(y, [2, 5])
    return y


def _two_value(x):
    return x * 2, x + 1


def _diff_return_helper(x):
    if False:
        y = x + 1
        z = x - 1
        return y, z
    else:
        return _two_value(x)


# Paddle test/dygraph_to_static/test_return.py: test_diff_return
@case((F(1.0, 2.0),), (F(3.0),), grad=0)
def paddle_diff_return(x):
    y, z = _diff_return_helper(x)
    if y.shape[0] > 1:
        y = y + 1
    return y, z


# Paddle test/dygraph_to_static/test_return.py: test_diff_return (the test on the data)
@case((F(1.0, 2.0),), (F(-3.0, 0.0),), grad=0, vmap=True)
def paddle_diff_return_traced(x):
    y, z = _diff_return_helper(x)
    if y[0] > 1:
        y = y + 1
    return y, z


# Paddle test/dygraph_to_static/test_return.py: test_return_if_else_2
@case((1,), (-1,))
def paddle_return_if_else_2(x):
    rr = 0
    if True:
        rr = 1
        return 1
    else:
        a = 0  # noqa: F841


# Paddle test/dygraph_to_static/test_return.py: test_return_in_while_2 (Paddle: error)
@case((1,), (0,))
def paddle_return_in_while_2(x):
    while True:
        a = 12  # noqa: F841
        return 12
    return 10


# Paddle test/dygraph_to_static/test_return.py: test_return_in_for_2 (a variable trip count)
@case((3,), (0,), (1,), vmap=True)
def paddle_return_in_for_2(n):
    a = 12  # noqa: F841
    for i in range(n):
        return 12
    return 10


# Paddle test/dygraph_to_static/test_return.py: test_return_nested
@case((1,),)
def paddle_return_nested(x):
    def func():
        rr = 0
        if True:
            rr = 1
            return 1
            rr = 2
        else:
            a = 0  # noqa: F841
            return 4
        return 3

    return func()


# Paddle test/dygraph_to_static/test_return.py: test_return_nested (the test on the data)
@case((1,), (-1,), (0,), vmap=True)
def paddle_return_nested_traced(x):
    def func():
        rr = 0
        if x > 0:
            rr = 1
            return 1 + rr
            rr = 2
        else:
            a = 0  # noqa: F841
            if x < 0:
                return 4
        return 3

    return func()


# ============================================================ test_list.py / test_slice.py

# Paddle test/dygraph_to_static/test_list.py: test_list_append_without_control_flow
@case((I(1, 2, 3),))
def paddle_list_append_without_control_flow(x):
    a = []
    if 2 > 1:
        a.append(x)
    return a


# Paddle test/dygraph_to_static/test_list.py: test_list_append_in_if (items of different shapes)
@case((I(1, 2),), (I(-1, 2),))
def paddle_list_append_in_if(x):
    a = []
    if x[0] > 0:
        a.append(x)
    else:
        a.append(jnp.full([1, 2], 9, jnp.int32))
    return a[0]


# Paddle test/dygraph_to_static/test_list.py: test_list_append_in_if (items of one shape)
@case((I(1, 2),), (I(-1, 2),), vmap=True)
def paddle_list_append_in_if_same_shape(x):
    a = []
    if x[0] > 0:
        a.append(x)
    else:
        a.append(jnp.full([2], 9, jnp.int32))
    return a[0]


# Paddle test/dygraph_to_static/test_list.py: test_list_append_in_for_loop
@case((I(1, 2, 3), 3), (I(4, 5, 6), 1))
def paddle_list_append_in_for_loop(x, iter_num):
    a = []
    for i in range(iter_num):
        a.append(x)
    return a[0]


# Paddle test/dygraph_to_static/test_list.py: test_list_append_in_for_loop (a Python trip count)
@case((I(1, 2, 3), 3), (I(4, 5, 6), 1), static=(1,))
def paddle_list_append_in_for_loop_static(x, iter_num):
    a = []
    for i in range(iter_num):
        a.append(x + i)
    return a[0], a[-1]


# Paddle test/dygraph_to_static/test_list.py: test_list_append_in_for_subscript
@case((F([1.0, 2.0], [3.0, 4.0], [5.0, 6.0]),), (F([0.0, 0.0]),), grad=0)
def paddle_list_append_in_for_subscript(x):
    iter_num = x.shape[0]
    a = []
    for i in range(iter_num):
        x = x + 1
        a.append(x)
    out = jnp.concatenate(a)
    return out[0]


# Paddle test/dygraph_to_static/test_list.py: test_list_append_in_while_loop_subscript
@case((F([1.0, 2.0], [3.0, 4.0], [5.0, 6.0]),), (F([0.0, 0.0]),), grad=0)
def paddle_list_append_in_while_loop_subscript(x):
    iter_num = x.shape[0]
    a = []
    i = 0
    while i < iter_num:
        x = x + 1
        a.append(x)
        i += 1
    out = jnp.concatenate(a)
    return out[0]


# Paddle test/dygraph_to_static/test_list.py: test_list_append_in_for_loop_with_concat
@case((F(1.0, 2.0), 3), (F(3.0, 4.0), 1))
def paddle_list_append_in_for_loop_with_concat(x, iter_num):
    a = []
    for i in range(iter_num):
        a.append(x)
    a = jnp.concatenate(a, axis=0)
    return a


# Paddle test/dygraph_to_static/test_list.py: test_list_append_in_while_loop
@case((I(1, 2, 3), 3), (I(4, 5, 6), 1))
def paddle_list_append_in_while_loop(x, iter_num):
    a = []
    i = 0
    while i < iter_num:
        a.append(x)
        i += 1
    return a[0]


# Paddle test/dygraph_to_static/test_list.py: test_tensor_array_slice
@case((I(1, 2, 3), 3),)
def paddle_tensor_array_slice(x, iter_num):
    a = []
    for i in range(3):
        a.append(jnp.asarray(i))
    t = a[1:3]  # noqa: F841
    return a[2]


# Paddle test/dygraph_to_static/test_list.py: test_list_pop_without_control_flow_1 / _2
@case((I(1, 2, 3),), (I(-4, 5, 0),))
def paddle_list_pop_without_control_flow(x):
    a = []
    if 2 > 1:
        a.append(x)
    a.pop()
    b = []
    if 2 > 1:
        b.append(x)
        b.append(x + 1)
    last_item = b.pop(1)
    return a, last_item


# Paddle test/dygraph_to_static/test_list.py: test_list_pop_in_if (items of different shapes)
@case((I(1),), (I(-1),))
def paddle_list_pop_in_if(x):
    a = []
    b = [x * 2 + (x + 1)]
    if x[0] > 0:
        a.append(x)
        b.append(x + 1)
        a.append(jnp.full([1], 1, jnp.int32))
    else:
        a.append(x + 1)
        b.append(x - 1)
        a.append(jnp.full([2], 2, jnp.int32))
    item1 = a.pop(1)
    return item1, b[-1]


# Paddle test/dygraph_to_static/test_list.py: test_list_pop_in_if (items of one shape)
@case((I(1),), (I(-1),), vmap=True)
def paddle_list_pop_in_if_same_shape(x):
    a = []
    b = [x * 2 + (x + 1)]
    if x[0] > 0:
        a.append(x)
        b.append(x + 1)
        a.append(jnp.full([1], 1, jnp.int32))
    else:
        a.append(x + 1)
        b.append(x - 1)
        a.append(jnp.full([1], 2, jnp.int32))
    item1 = a.pop(1)
    return item1, b[-1]


# Paddle test/dygraph_to_static/test_list.py: test_list_pop_in_for_loop
@case((I(1, 2), 3), (I(4, 5), 1))
def paddle_list_pop_in_for_loop(x, iter_num):
    a = []
    b = [x - 1, x + 1]
    for i in range(iter_num):
        a.append(x + i)
        b.append(x * 2)
    one = jnp.ones(shape=[1], dtype=jnp.int32)
    for i in range(one[0]):
        item = a.pop()
    return a[0], item, b[1]


# Paddle test/dygraph_to_static/test_list.py: test_list_pop_in_for_loop (a Python trip count)
@case((I(1, 2), 3), (I(4, 5), 2), static=(1,))
def paddle_list_pop_in_for_loop_static(x, iter_num):
    a = []
    b = [x - 1, x + 1]
    for i in range(iter_num):
        a.append(x + i)
        b.append(x * 2)
    for i in range(1):
        item = a.pop()
    return a[0], item, b[1]


# Paddle test/dygraph_to_static/test_list.py: test_list_pop_in_while_loop
@case((I(1, 2), 3), (I(4, 5), 4))
def paddle_list_pop_in_while_loop(x, iter_num):
    a = []
    b = [x]
    b.append(x)
    b.pop()
    i = 0
    while i < iter_num:
        a.append(x + i)
        b.append(x - i)
        i += 1
        if i % 2 == 1:
            a.pop()
    return a[0], b[2]


# Paddle test/dygraph_to_static/test_list.py: ListWithCondNet.forward
@case((F(2.0, 3.0, 4.0), 1), (F(2.0, 3.0, 4.0), 0), (F(-1.0, 3.0, 0.5), 5), grad=0, vmap=True)
def paddle_list_with_cond_net(x, index):
    y = jax.nn.relu(x)
    a = []
    for i in y:
        a.append(i)
    if index > 0:
        res = a[0] * a[0]
        y = y + 1
    else:
        res = a[-1] * a[-1]
        y = y - 1
    z = a[-1] * res * y[0]
    return z


# Paddle test/dygraph_to_static/test_slice.py: test_slice_without_control_flow
@case((F(1.0, 2.0),),)
def paddle_slice_without_control_flow(x):
    a = [x]
    a[0] = jnp.full([2], 2.0, jnp.float32)
    return a[0]


# Paddle test/dygraph_to_static/test_slice.py: test_slice_in_if
@case((I(1, 2),), (I(-1, 2),), vmap=True)
def paddle_slice_in_if(x):
    a = []
    if x[0] > 0:
        a.append(x)
    else:
        a.append(jnp.full([2], 9, jnp.int32))
    if x[0] > 0:
        a[0] = x * 3
    b = a[0]
    a[0] = x + 1
    out = a[0]
    return out, b


# Paddle test/dygraph_to_static/test_slice.py: test_slice_in_while_loop
@case((F(1.0, 2.0), 3), (F(1.0, 2.0), 1))
def paddle_slice_in_while_loop(x, iter_num=3):
    a = []
    i = 0
    while i < iter_num:
        a.append(x)
        i += 1
    i = 0
    while i < iter_num:
        a[i] = jnp.full([2], 2.0, jnp.float32)
        i += 1
    out = a[0:iter_num]
    return out[0]


# Paddle test/dygraph_to_static/test_slice.py: test_slice_in_while_loop (a Python length)
@case((F(1.0, 2.0), 3), (F(1.0, 2.0), 4), static=(1,))
def paddle_slice_in_while_loop_static(x, iter_num=3):
    a = []
    i = 0
    while i < iter_num:
        a.append(x)
        i += 1
    i = 0
    while i < iter_num - 1:
        a[i] = jnp.full([2], 2.0, jnp.float32) + i
        i += 1
    out = a[0:iter_num]
    return out[0], out[-1]


# Paddle test/dygraph_to_static/test_slice.py: test_slice_in_for_loop (the list has a fixed length)
@case((F(1.0, 2.0), 3), (F(3.0, 4.0), 1), (F(3.0, 4.0), 0), grad=0, vmap=True)
def paddle_slice_in_for_loop(x, iter_num):
    a = [x, x, x]
    for i in range(iter_num):
        a[i] = x * (i + 2)
    out = a[2]
    return out


# Paddle test/dygraph_to_static/test_slice.py: test_set_value
@case((np.full([3, 4, 5], 5.0, np.float32),), np_ref=True)
def paddle_set_value(x):
    x[0] = jnp.full([1], 2.0, jnp.float32)
    x[1:2, 0:1] = 10
    return x


# Paddle test/dygraph_to_static/test_slice.py: test_set_value (under a test on the data)
@case((np.full([3, 4], 5.0, np.float32), 1.0), (np.full([3, 4], 5.0, np.float32), -1.0),
      np_ref=True, grad=1, vmap=True)
def paddle_set_value_in_if(x, v):
    if v > 0:
        x[0] = v
        x[1:2, 0:1] = 10
    else:
        x[2, 1:3] = v * 2
    return x


# ============================================================ test_dict.py

class _SubNetWithDict:
    def __init__(self, hidden_size=4, output_size=4):
        self.wq = jnp.full((hidden_size, output_size), 0.6, jnp.float32)
        self.wk = jnp.full((hidden_size, output_size), 0.5, jnp.float32)
        self.wv = jnp.full((hidden_size, output_size), 0.2, jnp.float32)

    def __call__(self, input, cache=None):
        q = input @ self.wq
        k = input @ self.wk
        v = input @ self.wv
        if cache is not None:
            cache_k, cache_v = cache["k"], cache["v"]
            k = 0.1 * cache_k + k
            v = 0.2 * cache_v + v
            cache["k"], cache["v"] = k, v
        weight = q @ k.T
        weight = jax.nn.softmax(weight)
        out = weight @ v
        return out


def _update_cache(cache):
    for k, val in cache.items():
        cache[k] = jax.nn.softmax(val)
    return cache


# Paddle test/dygraph_to_static/test_dict.py: MainNetWithDict.forward, update_cache
@case((F([0.1, 0.2, 0.3, 0.4], [0.5, 0.6, 0.7, 0.8], [0.0, 0.1, 0.0, 0.1]), 4),
      (F([0.4, 0.3, 0.2, 0.1], [0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0]), 0),
      (F([0.4, 0.3, 0.2, 0.1], [0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0]), 1),
      grad=0, vmap=True)
def paddle_main_net_with_dict(input, max_len=4):
    sub_net = _SubNetWithDict(4, 4)
    cache = {
        "k": jnp.zeros([input.shape[0], 4], jnp.float32),
        "v": jnp.zeros([input.shape[0], 4], jnp.float32),
    }
    out = input
    for i in range(max_len):
        out = sub_net(out, cache)
        cache = _update_cache(cache)
    return out


# Paddle test/dygraph_to_static/test_dict.py: test_dic_pop
@case((I(1, 2, 3),), (I(0, 0, 0),))
def paddle_dict_pop(x):
    dict_a = {"red": 0, "green": 1, "blue": 2}
    m = dict_a.pop("red")
    n = dict_a.pop("black", 3)
    out = x + m + n
    return out


# Paddle test/dygraph_to_static/test_dict.py: test_dic_pop_2
@case((I(1, 2, 3),), (I(0, 0, 0),))
def paddle_dict_pop_2(x):
    dict_a = {"red": x, "green": x + 1, "blue": x + 3}
    m = dict_a.pop("red")
    n = dict_a.pop("black", 3)
    out = x + m + n
    return out, dict_a


def _net_with_dict_pop(x, **kwargs):
    y = kwargs.pop('y', None)
    if y:
        y = x
        x += y
    jnp.mean(x)
    return x


# Paddle test/dygraph_to_static/test_dict.py: NetWithDictPop.forward
@case((F(2.0, 2.0), True), (F(2.0, 2.0), False), grad=0, vmap=True)
def paddle_dict_pop_kwargs(x, flag):
    return _net_with_dict_pop(z=0, x=x, y=flag)


# Paddle test/dygraph_to_static/test_dict.py: TestDictCmpInFor.test_with_for
@case(([1, 3], [-1, -3]), ([], []), ([5], [2]))
def paddle_dict_cmp_in_for(pos, neg):
    dict_val = {'minus': 0}
    for x, y in zip(pos, neg):
        val = x - y
        dict_val.update({k: val + dict_val[k] for k, v in dict_val.items()})
    return dict_val


# Paddle test/dygraph_to_static/test_dict.py: TestDictCmpInFor.test_with_for (arrays)
@case((I(1, 3), I(-1, -3)), (I(0, 2), I(5, 1)), vmap=True)
def paddle_dict_cmp_in_for_arrays(pos, neg):
    dict_val = {'minus': 0, 'plus': 1}
    for x, y in zip(pos, neg):
        val = x - y
        dict_val.update({k: val + dict_val[k] for k, v in dict_val.items()})
    return dict_val


# Paddle test/dygraph_to_static/test_dict.py: TestDictCmpInFor.test_with_for_enumerate
@case((I(1, 3), I(-1, -3)), (I(0, 2), I(5, 1)), vmap=True)
def paddle_dict_cmp_in_for_enumerate(pos, neg):
    dict_val = {'minus': 0}
    for i, (x, y) in enumerate(zip(pos, neg)):
        val = x - y + i
        dict_val.update({k: val + dict_val[k] for k, v in dict_val.items()})
    return dict_val


# ============================================================ test_logical.py

# Paddle test/dygraph_to_static/test_logical.py: test_logical_not
@case((3,), (0,), (11,), (-1,), vmap=True)
def paddle_logical_not(x):
    if not x:
        x = x - 1
    else:
        x = x + 1
    if x != 10:
        x = x - 1
    else:
        x = x + 1
    y = 0
    if not y:
        x = x + 4
    if y != 3:
        x = x + 2
    return x


# Paddle test/dygraph_to_static/test_logical.py: test_logical_not_2
@case((I(3),), (I(0),), vmap=True)
def paddle_logical_not_2(x):
    y = None
    if y is not None and not y:
        x = x + 4
    if y != 3:
        x = x + 2
    return x


# Paddle test/dygraph_to_static/test_logical.py: test_logical_and
@case((I(3),), (I(0),), (I(10),), vmap=True)
def paddle_logical_and(x):
    if x < 10 and x > 1:
        x = x - 1
    else:
        x = x + 1
    y = 3
    if y < 10 and y > 1:
        x = x - 2
    else:
        x = x + 2
    return x


# Paddle test/dygraph_to_static/test_logical.py: test_logical_and_2
@case((3,), (-3,), vmap=True)
def paddle_logical_and_2(x):
    a = None
    if a is not None and a > 1:
        x = x - 1
    else:
        x = x + 1
    b = 3
    if b is not None and b > 1:
        x = x - 1
    else:
        x = x + 1
    return x


# Paddle test/dygraph_to_static/test_logical.py: test_logical_or
@case((3,), (20,), (-5,), vmap=True)
def paddle_logical_or(x):
    if x < 10 or x > 1:
        x = x - 1
    else:
        x = x + 1
    a = 10
    if a > 3 or a < 1:
        x = x - 1
    else:
        x = x + 1
    return x


# Paddle test/dygraph_to_static/test_logical.py: test_logical_or_2
@case((3,), (0,), vmap=True)
def paddle_logical_or_2(x):
    a = None
    if x > 1 or a is None or a > 1:
        x = x - 1
    else:
        x = x + 1
    return x


# Paddle test/dygraph_to_static/test_logical.py: test_logical_not_and_or
@case((3,), (12,), (-3,), vmap=True)
def paddle_logical_not_and_or(x):
    a = 1
    if x < 10 and (a < 4 or a > 0) or a < -1 or not x > -1:
        x = x - 1
    else:
        x = x + 1
    return x


# Paddle test/dygraph_to_static/test_logical.py: test_logical_not_and_or (the operands on the data)
@case((3, 1), (12, -2), (-3, 5), (0, 0), vmap=True)
def paddle_logical_not_and_or_traced(x, a):
    if x < 10 and (a < 4 or a > 0) or a < -1 or not x > -1:
        x = x - 1
    else:
        x = x + 1
    return x, (x > 0 and a) or (not a and x)


# Paddle test/dygraph_to_static/test_logical.py: test_shape_equal / test_shape_not_equal
@case((np.ones([1, 2, 3], np.float32),), (np.ones([2, 3], np.float32),))
def paddle_shape_equal(x):
    y = jnp.zeros([1, 2, 3])
    if x.shape == y.shape:
        a = y
    else:
        a = jnp.ones([1, 2, 3])
    if x.shape != y.shape:
        return a, y
    else:
        return a, jnp.ones([1, 2, 3])


# ============================================================ test_for_enumerate.py

# Paddle test/dygraph_to_static/test_for_enumerate.py: for_in_range (range(x.numpy().item()))
@case((5,), (0,), (1,), vmap=True)
def paddle_for_in_range(x):
    z = jnp.zeros([1], jnp.int32)
    for i in range(int(x)):
        z = z + i
    return z


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_iter_list / for_enumerate_list
@case(([1, 2, 3],), ([],), ([4],))
def paddle_for_iter_enumerate_list(x_array):
    z = jnp.zeros([1], jnp.int32)
    for x in x_array:
        z = z + x
    w = jnp.zeros([1], jnp.int32)
    for i, x in enumerate(x_array):
        w = w + x + i
    return z, w


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_iter_var / for_enumerate_var
@case((I(1, 2, 3, 4, 5),), (I(5, -1, 0, 2, 2),), vmap=True)
def paddle_for_enumerate_var(x_array):
    y = jnp.zeros([1], jnp.int32)
    z = jnp.zeros([1], jnp.int32)
    for i, x in enumerate(x_array):
        y = y + i
        z = z + x
    w = jnp.zeros([1], jnp.int32)
    for x in x_array:
        w = w + x
    return y, z, w


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_enumerate_var_numpy_with_start
@case((F(1.0, 2.0, 3.0, 4.0, 5.0),), (F(0.5, 0.0, -1.0, 2.0, 2.0),), grad=0, vmap=True)
def paddle_for_enumerate_with_start(x_array):
    y = jnp.zeros([1], jnp.int32)
    z = jnp.zeros([1], jnp.float32)
    for i, x in enumerate(x_array, 1):
        y = y + i
        z = z + x * i
    return y, z


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_in_range_with_break
@case((5,), (2,), (0,), vmap=True)
def paddle_for_in_range_with_break(x):
    z = jnp.zeros([1], jnp.int32)
    for i in range(x):
        z = z + i
        if i > 2:
            break
    return z


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_enumerate_var_numpy_with_break
@case((I(1, 2, 3, 4, 5),), (I(7, 8, 9, 10, 11),), vmap=True)
def paddle_for_enumerate_with_break(x_array):
    y = jnp.zeros([1], jnp.int32)
    z = jnp.zeros([1], jnp.int32)
    for i, x in enumerate(x_array):
        y = y + i
        z = z + x
        if i > 2:
            break
    return y, z


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_enumerate_var_numpy_with_continue
@case((F(1.0, 2.0, 3.0, 4.0, 5.0),), (F(7.0, 8.0, 9.0, 10.0, 11.0),), grad=0, vmap=True)
def paddle_for_enumerate_with_continue(x_array):
    y = jnp.zeros([1], jnp.int32)
    z = jnp.zeros([1], jnp.float32)
    for i, x in enumerate(x_array):
        y = y + i
        if i > 2:
            continue
        z = z + x
    return y, z


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_enumerate_var_numpy_with_start_break
@case((I(1, 2, 3, 4, 5),), (I(0, 0, 1, 0, 0),), vmap=True)
def paddle_for_enumerate_with_start_break(x_array):
    y = jnp.zeros([1], jnp.int32)
    z = jnp.zeros([1], jnp.int32)
    for i, x in enumerate(x_array, 1):
        y = y + i
        z = z + x
        if i > 2:
            break
    return y, z


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_enumerate_var_numpy_with_start_continue
@case((I(1, 2, 3, 4, 5),), (I(0, 0, 1, 0, 0),), vmap=True)
def paddle_for_enumerate_with_start_continue(x_array):
    y = jnp.zeros([1], jnp.int32)
    z = jnp.zeros([1], jnp.int32)
    for i, x in enumerate(x_array, 1):
        y = y + i
        if i > 2:
            continue
        z = z + x
    return y, z


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_iter_var_list / for_enumerate_var_list
@case((I(5),), (I(-2),), vmap=True)
def paddle_for_enumerate_var_list(x):
    iter_num = 5
    a = []
    for i in range(iter_num):
        a.append(x + i)
    y = jnp.zeros([1], jnp.int32)
    z = jnp.zeros([1], jnp.int32)
    for i, x in enumerate(a):
        y = y + i
        z = z + x
    w = jnp.zeros([1], jnp.int32)
    for x in a:
        w = w + x
    return y, z, w


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_enumerate_var_with_nested_range
@case((I(1, 2, 3, 4, 5),), (I(0, 0, 3, 0, 1),), (I(2, -1, 0, 0, 0),), vmap=True)
def paddle_for_enumerate_with_nested_range(x_array):
    x = jnp.zeros([1], jnp.int32)
    for i, num in enumerate(x_array):
        for idx in range(num):
            x = x + num
    return x


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_iter_var_idx
@case((I(1, 2, 3, 4, 5),), (I(0, 0, 3, 0, 1),), vmap=True)
def paddle_for_iter_var_idx(x_array):
    z = jnp.zeros([1], jnp.int32)
    for x in x_array[0:]:
        z = z + x
    for x in x_array[1:4]:
        z = z * 2 + x
    return z


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_tuple_as_iter_var
@case((I([1, 2, 3], [1, 2, 3], [1, 2, 3]),), (I([4, 0, 1], [2, 2, 2], [0, 9, 0]),), vmap=True)
def paddle_for_tuple_as_iter_var(z):
    a_result = jnp.zeros([3])
    b_result = jnp.zeros([3])
    c_result = jnp.zeros([3])
    for a, b, c in z:
        a_result += a
        b_result += b
        c_result += c
    return a_result, b_result, c_result


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_tuple_as_enumerate_iter
@case((F(1.0, 2.0, 3.0, 4.0, 5.0),), (F(0.0, 0.0, -1.0, 0.0, 1.0),), grad=0, vmap=True)
def paddle_for_tuple_as_enumerate_iter(x):
    x_list = [x, x, x]
    a_result = jnp.zeros([5])
    for t in enumerate(x_list):
        a_result += t[1] * t[0]
    return a_result


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_tuple_as_enumerate_value
@case((F(1.0, 2.0, 3.0, 4.0, 5.0),), (F(0.0, 0.0, -1.0, 0.0, 1.0),), grad=0, vmap=True)
def paddle_for_tuple_as_enumerate_value(x):
    x_list = [x, x * 2, x * 3]
    a_result = jnp.zeros([1])
    b_result = jnp.zeros([1])
    e_result = jnp.zeros([1])
    for i, (a, b, c, d, e) in enumerate(x_list):
        a_result += a
        b_result += b * i
        e_result += e - c + d
    return a_result, b_result, e_result


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_tuple_as_enumerate_value (over the array)
@case((F([1.0, 2.0], [3.0, 4.0], [5.0, 6.0]),), (F([0.0, -2.0], [1.0, 1.0], [2.0, 0.0]),),
      grad=0, vmap=True)
def paddle_for_tuple_as_enumerate_array_rows(x):
    acc = jnp.zeros([])
    for i, (a, b) in enumerate(x):
        if a > b:
            acc += a * i
        else:
            acc -= b
    return acc


# Paddle test/dygraph_to_static/test_for_enumerate.py: ForwardContainsForLayer.forward
@case((5, 3), (4, 4))
def paddle_forward_contains_for_layer(high, low):
    y = jnp.zeros([10, 2, 3])
    z = []
    for i in range(high - low):
        z.append(y[i] + i)
    return z


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_original_list / for_original_tuple
@case((I(0),), (I(4),), vmap=True)
def paddle_for_original_list_tuple(z):
    for x in [1, 2, 3]:
        z = z + x
    for x in (1, 2, 3):
        z = z * x
    return z


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_zip
@case((F([1.0, 2.0], [3.0, 4.0]), F([5.0, 6.0], [7.0, 8.0])), grad=0, vmap=True)
def paddle_for_zip(x, y):
    for i, j in zip(x, y):
        a = i + j  # noqa: F841
    return x + y


# Paddle test/dygraph_to_static/test_for_enumerate.py: for_zip (the last pair is read after the loop)
@case((F([1.0, 2.0], [3.0, 4.0]), F([5.0, 6.0], [7.0, 8.0])),
      (F([0.0, 2.0], [1.0, 4.0]), F([0.0, 6.0], [0.0, 8.0])), grad=0, vmap=True)
def paddle_for_zip_last_pair(x, y):
    for i, j in zip(x, y):
        a = i + j
    return x + y + a


# Paddle test/dygraph_to_static/test_for_enumerate.py: tensor_array_slice_in_enumerate
@case((0,), (4,))
def paddle_tensor_array_slice_in_enumerate(n):
    feats = {}
    feats['key'] = []
    feats_idx = jnp.arange(0, 10) + n
    for i, idx in enumerate(feats_idx):
        if i > 1:
            feat_n2 = feats['key'][-2]
        feats['key'].append(idx)
    return feat_n2


# Paddle test/dygraph_to_static/test_for_enumerate.py: tensor_array_slice_in_enumerate (on an argument)
@case((I(5, 6, 7, 8),), (I(0, 1, 0, 1),))
def paddle_list_slice_in_enumerate_arg(feats_idx):
    feats = {'key': []}
    for i, idx in enumerate(feats_idx):
        if i > 1:
            feat_n2 = feats['key'][-2]
        feats['key'].append(idx)
    return feat_n2


# ============================================================ test_assert.py

# Paddle test/dygraph_to_static/test_assert.py: dyfunc_assert_variable
@case((B(False),), (B(True),), (I(0),), (I(1),))
def paddle_assert_variable(x):
    x_v = jnp.asarray(x)
    assert x_v


# Paddle test/dygraph_to_static/test_assert.py: dyfunc_assert_non_variable
@case((False,), (True,))
def paddle_assert_non_variable(x=True):
    assert x


# Paddle test/dygraph_to_static/test_assert.py: dyfunc_assert_variable (with a message and a value)
@case((2.0,), (-1.0,), grad=0)
def paddle_assert_with_message(x):
    y = x * 2
    assert y > 0, f"y must be positive, got {y}"
    return y


# ============================================================ test_print.py

# Paddle test/dygraph_to_static/test_print.py: dyfunc_print_variable / dyfunc_print_ndarray
@case((I(1, 1, 1, 1, 1),), (I(1, 2, 3, 4, 5),))
def paddle_print_variable(x):
    x_t = jnp.asarray(x)
    print(x_t)


# Paddle test/dygraph_to_static/test_print.py: dyfunc_print_with_format / _format2
@case((I(1, 1, 1),), (I(4, 5, 6),))
def paddle_print_with_format(x):
    x_t = jnp.asarray(x)
    print(f"PrintTensor: {x_t}")
    print("PrintTensor: %s" % (x_t))


# Paddle test/dygraph_to_static/test_print.py: dyfunc_print_with_ifelse
@case((I(1, 1, 1),), (I([1, 2], [3, 4]),))
def paddle_print_with_ifelse(x):
    x_t = jnp.asarray(x)
    if len(x_t.shape) > 1:
        print(x_t)
    else:
        print(x_t)


# Paddle test/dygraph_to_static/test_print.py: dyfunc_print_with_ifelse (the test on the data)
@case((I(1, 1, 1),), (I(-1, 0, 2),))
def paddle_print_with_ifelse_traced(x):
    x_t = jnp.asarray(x)
    if jnp.sum(x_t) > 2:
        print("big", x_t)
    else:
        print("small", x_t * 2)
    return x_t


# Paddle test/dygraph_to_static/test_print.py: dyfunc_print_multi_tensor / _continue_vars
@case((I(1, 1, 1),), (F(0.5, 1.5),))
def paddle_print_multi_tensor(x):
    x_t = jnp.asarray(x)
    y_t = x_t * 2
    print(x_t)
    print(y_t)
    print(x_t, y_t)


# Paddle test/dygraph_to_static/test_print.py: dyfunc_print_with_kwargs
@case((I(1, 1, 1),), (I(7, 8, 9),))
def paddle_print_with_kwargs(x):
    x_t = jnp.asarray(x)
    print("Tensor", x_t, end='\n\n', sep=': ')


# ============================================================ test_cast.py

# Paddle test/dygraph_to_static/test_cast.py: test_bool_cast (a scalar)
@case((0.0,), (2.0,), (-0.5,), vmap=True)
def paddle_bool_cast(x):
    x = bool(x)
    return x


# Paddle test/dygraph_to_static/test_cast.py: test_bool_cast (a matrix: elementwise in Paddle,
# an error for Python's bool)
@case((np.ones((2, 3), np.float32),),)
def paddle_bool_cast_matrix(x):
    x = bool(jnp.asarray(x))
    return x


# Paddle test/dygraph_to_static/test_cast.py: test_bool_cast (a matrix, as a JAX user writes it)
@case((np.array([[0.0, 1.0], [2.0, 0.0]], np.float32),), vmap=True)
def paddle_bool_cast_astype(x):
    return jnp.asarray(x).astype(bool)


# Paddle test/dygraph_to_static/test_cast.py: test_int_cast
@case((3.7,), (-2.5,), (0.0,), (F(6.9),), vmap=False)
def paddle_int_cast(x):
    x = int(x)
    return x


# Paddle test/dygraph_to_static/test_cast.py: test_float_cast
@case((True,), (False,), (3,), vmap=False)
def paddle_float_cast(x):
    x = float(x)
    return x


# Paddle test/dygraph_to_static/test_cast.py: test_not_var_cast
@case((3.14,), (-1.5,))
def paddle_not_var_cast(x):
    x = int(x)
    return x


# Paddle test/dygraph_to_static/test_cast.py: test_mix_cast
@case((3.7,), (0.4,), (-6.2,), vmap=True)
def paddle_mix_cast(x):
    x = int(x)
    x = float(x)
    x = bool(x)
    x = float(x)
    return x


# Paddle test/dygraph_to_static/test_cast.py: test_int_cast (the result drives a loop)
@case((3.7,), (0.4,), (5.2,), vmap=True)
def paddle_int_cast_drives_loop(x):
    n = int(x)
    acc = 0.0
    for i in range(n):
        acc = acc + x * i
    return acc


# ============================================================ test_len.py

# Paddle test/dygraph_to_static/test_len.py: len_with_tensor
@case((np.ones((10, 16), np.float32),), (np.ones((3,), np.float32),))
def paddle_len_with_tensor(x):
    x_len = len(x)
    return x_len


# Paddle test/dygraph_to_static/test_len.py: len_with_lod_tensor_array (a Python list of arrays)
@case((F(1.0, 2.0),), (F(3.0, 4.0),), vmap=True)
def paddle_len_with_array_list(x):
    arr = [x]
    arr.append(x * 2)
    arr_len = len(arr)
    if x[0] > 2:
        arr_len = arr_len + 1
    return arr_len


# ============================================================ test_tensor_shape.py

# Paddle test/dygraph_to_static/test_tensor_shape.py: dyfunc_tensor_shape_1 .. _6
@case((I(1, 1, 1, 1, 1),), (I(1, 2, 3, 4, 5),), vmap=True)
def paddle_tensor_shape_basic(x):
    res1 = jnp.reshape(x, x.shape)
    shape = x.shape
    shape2 = shape
    res2 = jnp.reshape(x, shape2)
    y = jnp.ones([1, 5])
    res3 = jnp.reshape(x, y.shape)
    res4 = jnp.reshape(x, (-1, x.shape[0], len(x.shape)))
    s = x.shape[0]
    res5 = jnp.reshape(x, (-1, s))
    s = x.shape[0:]
    res6 = jnp.reshape(x, s)
    return res1, res2, res3, res4, res5, res6


# Paddle test/dygraph_to_static/test_tensor_shape.py: dyfunc_tuple_shape_1 / _2 / _3
@case((np.ones((5, 7), np.int32),), (np.arange(6, dtype=np.int32).reshape(2, 3),))
def paddle_tuple_shape(x):
    a, b = x.shape
    res = jnp.reshape(x, (b, a))
    shape = x.shape
    a, b = shape
    res2 = jnp.reshape(x, (b, a))
    a, b = jnp.shape(x)
    res3 = jnp.reshape(x, (b, a))
    return res, res2, res3


# Paddle test/dygraph_to_static/test_tensor_shape.py: dyfunc_with_if_1
@case((I(1, 1, 1, 1, 1),), (np.zeros((0,), np.int32),))
def paddle_shape_with_if_1(x):
    res = jnp.reshape(x, [-1, 1])
    x_shape_0 = x.shape[0]
    if x_shape_0 < 1:
        if res.shape[0] > 1:
            res = jnp.full(x.shape, 2, jnp.int32)
        else:
            res = jnp.full(x.shape, 3, jnp.int32)
    return res


# Paddle test/dygraph_to_static/test_tensor_shape.py: dyfunc_with_if_2
@case((I(1, 1, 1, 1, 1),), (np.int32(4),))
def paddle_shape_with_if_2(x):
    if len(x.shape) < 1:
        res = x
    else:
        res = jnp.full(x.shape, 8, jnp.int32)
    return res


# Paddle test/dygraph_to_static/test_tensor_shape.py: dyfunc_with_for_1 / _2 / _3
@case((I(1, 1, 1, 1, 1),), (np.ones((2, 3), np.int32),))
def paddle_shape_with_for(x):
    res = jnp.full([1], 0, jnp.int32)
    for i in range(x.shape[0]):
        res += 1
    x_shape_0 = x.shape[0]
    for i in range(x_shape_0):
        res += 1
    for i in range(len(x.shape)):
        res += 10
    return res


# Paddle test/dygraph_to_static/test_tensor_shape.py: dyfunc_with_while_1 / _2 / _3
@case((I(1, 1, 1, 1, 1),), (np.ones((2, 3), np.int32),), (np.ones((1, 1, 1), np.int32),))
def paddle_shape_with_while(x):
    res = jnp.full([1], 0, jnp.int32)
    i = 1
    while i < x.shape[0]:
        res += 1
        i = i + 2
    x_shape = x.shape
    i = 1
    while len(x_shape) > i:
        res += 10
        i += 1
    return res


# Paddle test/dygraph_to_static/test_tensor_shape.py: dyfunc_with_while_4
@case((I(1, 1, 1, 1, 1),), (I(-1, 0, 1, 2, 3),), vmap=True)
def paddle_shape_with_while_4(x):
    y = jnp.ones([1, 5])
    y_shape_0 = y.shape[0]
    i = 1
    while y_shape_0 > i:
        x += 1
        i += 1
    return x


# Paddle test/dygraph_to_static/test_tensor_shape.py: dyfunc_change_shape_after_assign
@case((np.ones((5, 7), np.int32),), (np.arange(6, dtype=np.int32).reshape(2, 3),))
def paddle_change_shape_after_assign(x):
    a, b = x.shape
    x = jnp.reshape(x, (-1, 1))
    res = jnp.reshape(x, (b, a))
    return res


# Paddle test/dygraph_to_static/test_tensor_shape.py: dyfunc_len_paddle_shape / _dict_assign_shape
@case((I(1, 2, 3),), (np.int32(5),))
def paddle_len_shape_and_dict_shape(x):
    if len(jnp.shape(x)) > 0:
        print(x)
    a = {}
    a['shape'] = x.shape[0] if x.ndim else -1
    return a


# Paddle test/dygraph_to_static/test_tensor_shape.py: dyfunc_with_for_1 (the trip count on the data)
@case((I(1, 1, 1, 1, 1), 2), (I(1, 1, 1, 1, 1), 9), (I(1, 1, 1, 1, 1), 0), vmap=True)
def paddle_shape_and_data_in_for(x, k):
    res = jnp.full([1], 0, jnp.int32)
    for i in range(min(x.shape[0], k)):
        res += x[i] * (i + 1)
    return res


# ============================================================ test_closure_analysis.py

# Paddle test/dygraph_to_static/test_closure_analysis.py: test_normal_0 (a NameError in Python)
@case((1,),)
def paddle_closure_normal_0(x):
    def func():
        if True:
            i = 1  # noqa: F841

    func()
    return i  # noqa: F821


# Paddle test/dygraph_to_static/test_closure_analysis.py: test_normal_argument
@case((5,), (-5,))
def paddle_closure_normal_argument(x):
    x = 1

    def func():
        if True:
            print(x)
            i = 1  # noqa: F841

    func()
    return x


_closure_t = 0


# Paddle test/dygraph_to_static/test_closure_analysis.py: test_global
@case((5,), (-5,))
def paddle_closure_global(x):
    global _closure_t
    _closure_t = 10

    def func():
        if True:
            print(x)
            i = 1  # noqa: F841

    func()
    return x + _closure_t


# Paddle test/dygraph_to_static/test_closure_analysis.py: test_nonlocal
@case((5,), (-5,))
def paddle_closure_nonlocal(x, *args, **kargs):
    i = 10

    def func(*args, **kargs):
        nonlocal i
        k = 10  # noqa: F841
        if True:
            print(x)
            i = 1

    func(*args, **kargs)
    return x, i


# Paddle test/dygraph_to_static/test_closure_analysis.py: test_nonlocal (the test on the data)
@case((5,), (-5,), (0,), vmap=True)
def paddle_closure_nonlocal_traced(x):
    i = 10

    def func():
        nonlocal i
        if x > 0:
            i = 1
        else:
            i = i + x

    func()
    func()
    return x, i


# Paddle test/dygraph_to_static/test_closure_analysis.py: test_push_pop_1 (pop of an empty list)
@case((0,), (3,))
def paddle_push_pop_1(n):
    l = []  # noqa: E741
    k = []
    for i in range(n):
        l.append(i)
        k.pop(i)
    return l


# Paddle test/dygraph_to_static/test_closure_analysis.py: test_push_pop_2 / _3
@case((1,), (-1,))
def paddle_push_pop_2(x):
    l = []  # noqa: E741
    k = []

    def func():
        nonlocal l
        l.append(0)

    for i in range(10):
        k.append(i + x)
    return l, k


# Paddle test/dygraph_to_static/test_closure_analysis.py: test_push_pop_4
@case((1,), (-1,))
def paddle_push_pop_4(x):
    l = []  # noqa: E741
    k = []
    for i in range(3):
        for j in range(3):
            if True:
                l.append(j * x)
            else:
                k.pop()
    return l, k


# Paddle test/dygraph_to_static/test_closure_analysis.py: TestPushPopTrans.test (vlist_of_dict)
@case((I(3),),)
def paddle_vlist_of_dict(x):
    ma = {'a': []}
    for i in range(3):
        ma['a'].append(1)
    return ma


# Paddle test/dygraph_to_static/test_closure_analysis.py: TestPushPopTrans.test2 / test4 (np.append)
@case((I(3),),)
def paddle_np_append_in_loop(x):
    a = np.array([1, 2, 3])
    for i in range(3):
        np.append(a, 4)
    return a + x


_global_a = []


# Paddle test/dygraph_to_static/test_closure_analysis.py: TestPushPopTrans.test5 (a global list)
@case((I(3),),)
def paddle_global_list_append_in_loop(x):
    a = np.array([1, 2, 3])
    for i in range(3):
        _global_a.append(4)
    return a + x


# ============================================================ test_isinstance.py

class _SimpleReturnLayer:
    def __call__(self, x):
        return x


class _AddAttrLayer:
    def __init__(self):
        self.attr = None

    def __call__(self, x):
        out = x + self.attr
        return out


class _IsInstanceLayer:
    def __init__(self, layer):
        self.layer = layer

    def __call__(self, x):
        if isinstance(self.layer, (_AddAttrLayer,)):
            self.layer.attr = x
        res = self.layer(x)
        return res


class _SequentialLayer:
    def __init__(self, layers):
        self.layers = list(layers)

    def __call__(self, x):
        res = x
        for layer in self.layers:
            if isinstance(layer, _AddAttrLayer):
                layer.attr = x
            res = layer(res)
        return res


# Paddle test/dygraph_to_static/test_isinstance.py: IsInstanceLayer(SimpleReturnLayer / AddAttrLayer)
@case((np.ones((2, 3), np.int32),), (np.arange(6, dtype=np.int32).reshape(2, 3),), vmap=True)
def paddle_isinstance_layers(x):
    a = _IsInstanceLayer(_SimpleReturnLayer())(x)
    b = _IsInstanceLayer(_AddAttrLayer())(x)
    return a, b


# Paddle test/dygraph_to_static/test_isinstance.py: SequentialLayer
@case((np.ones((2, 3), np.int32), 5), (np.arange(6, dtype=np.int32).reshape(2, 3), 2),
      static=(1,))
def paddle_isinstance_sequential(x, n):
    layers = []
    for i in range(n):
        layers.append(_SimpleReturnLayer())
        layers.append(_AddAttrLayer())
    return _SequentialLayer(layers)(x)


# ============================================================ test_partial_program.py

# Paddle test/dygraph_to_static/test_partial_program.py: nested_input
@case((F([1.0, 2.0], [3.0, 4.0]),
       [F([1.0, 1.0], [0.0, 2.0]), 64,
        {'z': [F(1.0, 2.0, 3.0), F(0.5, 0.5, 0.5)], 'c': F(1.0),
         'd': {'da': 12, 'dc': F([1.0, 2.0], [3.0, 4.0])}}]),
      grad=0)
def paddle_nested_input(x, y):
    sum_res = x + y[0]
    z_elem = y[2]['z']
    sub_res = z_elem[0] - z_elem[1]
    mul_res = y[-1]['d']['da'] * y[-1]['d']['dc']
    mean_func = jnp.mean
    out = mean_func(sub_res) + mean_func(sum_res) + mean_func(mul_res)
    return out


# Paddle test/dygraph_to_static/test_partial_program.py: nested_output
@case((F(1.0, 2.0), F(3.0, 4.0)),)
def paddle_nested_output(x, y):
    sum_res = x + y
    sub_res = x - y
    mul_res = x * y
    out = {}
    out['z'] = sum_res
    out['a'] = [sub_res, 64, [mul_res, "cmd"]]
    return out


# Paddle test/dygraph_to_static/test_partial_program.py: GPT2LMHeadModel.forward (reshape, split)
@case((F(15.0, 11.0, 6.0, 3.0, 18.0, 13.0),), (F(1.0, 2.0, 3.0, 4.0, 5.0, 6.0),), grad=0, vmap=True)
def paddle_reshape_split(x):
    x = jnp.reshape(x, (-1, 6))
    x1, x2, x3 = jnp.split(x, 3, axis=1)
    if jnp.sum(x1) > jnp.sum(x3):
        return x1
    return x2


# ============================================================ test_lambda.py

# Paddle test/dygraph_to_static/test_lambda.py: call_lambda_as_func
@case((F(1.0, 3.0),), (F(-1.0, 0.0),), grad=0, vmap=True)
def paddle_call_lambda_as_func(x):
    add_func = lambda x, y: x + y  # noqa: E731
    mean_func = lambda x: jnp.mean(x)  # noqa: E731
    y = add_func(x, 1)
    y = add_func(y, add_func(y, -1))
    out = mean_func(y)
    return out


# Paddle test/dygraph_to_static/test_lambda.py: call_lambda_directly
@case((F(1.0, 3.0),), (F(-1.0, 0.0),), grad=0, vmap=True)
def paddle_call_lambda_directly(x):
    y = (lambda x, y: x + y)(x, x)
    out = (lambda x: jnp.mean(x))(y)
    return out


# Paddle test/dygraph_to_static/test_lambda.py: call_lambda_in_func
@case((F(1.0, 3.0),), (F(1.0, 2.0),), (F(-1.0, -3.0),), grad=0, vmap=True)
def paddle_call_lambda_in_func(x):
    add_func = lambda x: x + 1  # noqa: E731
    y = jnp.mean((lambda x: jax.nn.relu(x))(x))
    out = add_func(y) if y > 1 and y < 2 else (lambda x: x ** 2)(y)
    return out


# Paddle test/dygraph_to_static/test_lambda.py: call_lambda_with_ifExpr
@case((F(1.0, 3.0),), (F(0.0, 0.0),), (F(1.0, -1.0),), grad=0, vmap=True)
def paddle_call_lambda_with_ifexpr(x):
    add_func = lambda x: x + 1  # noqa: E731
    y = jnp.mean(x)
    out = add_func(y) if y or y < 2 else (lambda x: x ** 2)(y)
    return out


# Paddle test/dygraph_to_static/test_lambda.py: call_lambda_with_ifExpr2
@case((F(1.0, 3.0),), (F(0.0, 0.0),), grad=0, vmap=True)
def paddle_call_lambda_with_ifexpr2(x):
    add_func = lambda x: x + 1  # noqa: E731
    y = jnp.mean(x)
    z = 0
    out = add_func(y) if y or z < 2 else (lambda x: x ** 2)(y)
    return out


# ============================================================ test_convert_call.py

def _dyfunc_with_if(x_v):
    if jnp.mean(x_v) > 5:
        x_v = x_v - 1
    else:
        x_v = x_v + 1
    return x_v


# Paddle test/dygraph_to_static/test_convert_call.py: nested_func
@case((F(1.0, 2.0),), grad=0, vmap=True)
def paddle_nested_func(x_v):
    def fn1():
        return x_v

    res = fn1()
    return res


# Paddle test/dygraph_to_static/test_convert_call.py: dyfunc_with_third_library_logging
@case((F(6.0, 7.0),), (F(1.0, 2.0),), grad=0, vmap=True)
def paddle_with_third_library_logging(x_v):
    logging.getLogger("paddle_corpus").info('test dyfunc_with_third_library_logging')
    if jnp.mean(x_v) > 5:
        x_v = x_v - 1
    else:
        x_v = x_v + 1
    return x_v


class _A:
    @staticmethod
    def add(a, b):
        if jnp.sum(a) > 0:
            return a + b
        return a - b


# Paddle test/dygraph_to_static/test_convert_call.py: dyfunc_with_staticmethod
@case((F(1.0, 2.0),), (F(-1.0, -2.0),), grad=0, vmap=True)
def paddle_with_staticmethod(x_v):
    a = _A()
    return a.add(x_v, x_v * 3)


_lambda_fun = lambda x: x  # noqa: E731


class _MyConvLayer:
    def __call__(self, inputs):
        y = _dyfunc_with_if(inputs)
        y = _lambda_fun(y)
        y = self.dymethod(y)
        return y

    def dymethod(self, x_v):
        x_v = jnp.asarray(x_v)
        return x_v


# Paddle test/dygraph_to_static/test_convert_call.py: MyConvLayer / MyLayer (recursive calls)
@case((F(6.0, 7.0),), (F(1.0, 2.0),), grad=0, vmap=True)
def paddle_recursive_call_layer(x):
    h = _MyConvLayer()(x)
    out = h * 0.99 + 0.5
    return jax.nn.relu(out)


class _NotToStaticHelper:
    @ag.do_not_convert
    def sum(self, x):
        if x.shape[0] > 1:
            res = x + 1  # noqa: F841
        res = jnp.sum(x)
        return res

    def outer(self, x):
        res = self.sum(x)
        if res > 3:
            res = res * 2
        return res

    def inner(self, x):
        return self.outer(x)


# Paddle test/dygraph_to_static/test_convert_call.py: NotToStaticHelper (paddle.jit.not_to_static)
@case((F(1.0, 2.0),), (F(0.5),), grad=0)
def paddle_not_to_static(x):
    net = _NotToStaticHelper()
    return net.inner(x)


class _CallableList(list):
    def __call__(self, x):
        return x


# Paddle test/dygraph_to_static/test_convert_operators.py: TestConvertCall.test_callable_list
@case((1.0, 2.0), (1.5, -2.0), vmap=True)
def paddle_callable_list(x, y):
    callable_list = _CallableList()
    return callable_list(x) + y


class _CallNotExist:
    def __call__(self):
        return jnp.not_exist_api


# Paddle test/dygraph_to_static/test_convert_operators.py: TestConvertCall.test_class_exception
@case((1,),)
def paddle_call_not_exist(x):
    net = _CallNotExist()
    return net() + x


# ============================================================ test_convert_operators.py

# Paddle test/dygraph_to_static/test_convert_operators.py: TestIfElseNoValue (use_cache a Python bool)
@case((I([1, 2, 3], [4, 5, 6]), False), (I([1, 2, 3], [4, 5, 6]), True), static=(1,))
def paddle_else_ret_none(x, use_cache=False):
    if use_cache:
        y = x + 1
        z = x + 2
        return y, z
    else:
        c = x + 1  # noqa: F841
        z = x - 1  # noqa: F841
        return None


# Paddle test/dygraph_to_static/test_convert_operators.py: TestIfElseNoValue.test_else_ret_c
@case((I([1, 2, 3], [4, 5, 6]), False), (I([1, 2, 3], [4, 5, 6]), True), static=(1,))
def paddle_else_ret_c(x, use_cache=False):
    if use_cache:
        y = x + 1
        z = x + 2
        return y, z
    else:
        c = x + 1
        return c


# Paddle test/dygraph_to_static/test_convert_operators.py: TestIfElseNoValue.test_else_ret_cz
@case((I([1, 2, 3], [4, 5, 6]), False), (I([1, 2, 3], [4, 5, 6]), True), static=(1,))
def paddle_else_ret_cz(x, use_cache=False):
    if use_cache:
        y = x + 1
        z = x + 2
        return y, z, 1
    else:
        c = x + 1
        z = x - 1
        return c, z


# Paddle test/dygraph_to_static/test_convert_operators.py: TestIfElseNoValue (use_cache traced,
# both paths return a pair)
@case((I([1, 2, 3], [4, 5, 6]), False), (I([1, 2, 3], [4, 5, 6]), True), vmap=True)
def paddle_else_ret_pair_traced(x, use_cache=False):
    if use_cache:
        y = x + 1
        z = x + 2
        return y, z
    else:
        c = x + 1
        z = x - 1
        return c, z


# Paddle test/dygraph_to_static/test_convert_operators.py: ShapeLayer.forward
@case((np.zeros((4, 1), np.float32),), (np.ones((2, 3), np.float32),))
def paddle_shape_layer(x):
    x = jnp.reshape(x, [-1, x.shape[1]])
    bs = x.shape[0]
    out = jnp.zeros([bs, 1], jnp.float32)
    return out


# ============================================================ test_warning.py

# Paddle test/dygraph_to_static/test_warning.py: fun1 (None in one branch, not read after)
@case((1, 2), (3, 2), vmap=True)
def paddle_warning_none_in_branch(a, b):
    if a > b:
        b = 3
    else:
        b = None


# Paddle test/dygraph_to_static/test_warning.py: fun1 (None in one branch, tested after)
@case((1, 2), (3, 2), vmap=True)
def paddle_warning_none_in_branch_tested(a, b):
    if a > b:
        b = a * 3
    else:
        b = None
    if b is None:
        return a
    return b


# Paddle test/dygraph_to_static/test_warning.py: true_fn / false_fn (None inside nested branch outputs)
@case((1, 2), (3, 2))
def paddle_warning_nested_none(a, b):
    if a < b:
        out = [a, [b, a + b]]
    else:
        out = [b, [None, a - b]]
    return out[0], out[1][1], out[1][0] is None
