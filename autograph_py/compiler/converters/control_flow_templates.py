"""The code the control-flow converter (control_flow.py) emits, as templates.

Each is a real function whose parameters are the placeholders that
`templates.replace` fills (names, statements, expressions); `globals_` and
`nonlocals` become the `global` and `nonlocal` declarations of what the block
assigns. Generated code calls the runtime only through `ag__`.
"""
# flake8: noqa: F821 - ag__ is the generated code's, not this module's


def if_template(if_body, else_body, get_state, set_state, vars_, test, body, orelse,
                globals_, nonlocals, state, targets, parts, names, nouts):
    def if_body():
        global globals_
        nonlocal nonlocals
        body

    def else_body():
        global globals_
        nonlocal nonlocals
        orelse

    def get_state():
        return (state,)

    def set_state(vars_):
        global globals_
        nonlocal nonlocals
        (targets,) = vars_
        parts

    ag__.if_stmt(test, if_body, else_body, get_state, set_state, names, nouts)  # noqa: F821


def while_template(loop_test, loop_body, get_state, set_state, vars_, test, body,
                   globals_, nonlocals, state, targets, parts, names, opts, nouts):
    def loop_test():
        return test

    def loop_body():
        global globals_
        nonlocal nonlocals
        body

    def get_state():
        return (state,)

    def set_state(vars_):
        global globals_
        nonlocal nonlocals
        (targets,) = vars_
        parts

    ag__.while_stmt(loop_test, loop_body, get_state, set_state, names, opts, nouts)  # noqa: F821


def for_template(loop_body, get_state, set_state, vars_, itr, target, iterable, extra_test, body,
                 globals_, nonlocals, state, targets, parts, names, opts, nouts):
    def loop_body(itr):
        global globals_
        nonlocal nonlocals
        target = itr
        body

    def get_state():
        return (state,)

    def set_state(vars_):
        global globals_
        nonlocal nonlocals
        (targets,) = vars_
        parts

    ag__.for_stmt(iterable, extra_test, loop_body, get_state, set_state, names, opts,  # noqa: F821
                  nouts)


def extra_test_template(loop_test, test):
    def loop_test():
        return test


def undefined_template(name, label):
    name = ag__.Undefined(label)  # noqa: F821

