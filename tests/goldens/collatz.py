def collatz_steps(n):
    """Number of Collatz steps from `n` down to 1."""
    steps = 0

    def loop_test():
        return n != 1

    def loop_body():
        nonlocal n, steps

        def if_body():
            nonlocal n
            n = n // 2

        def else_body():
            nonlocal n
            n = 3 * n + 1

        def get_state():
            return (n,)

        def set_state(vars_):
            nonlocal n
            n, = vars_
        ag__.if_stmt(n % 2 == 0, if_body, else_body, get_state, set_state, ('n',), 1)
        steps += 1

    def get_state_1():
        return (n, steps)

    def set_state_1(vars__1):
        nonlocal n, steps
        n, steps = vars__1
    ag__.while_stmt(loop_test, loop_body, get_state_1, set_state_1, ('n', 'steps'), {}, 2)
    return steps