"""How generated code names the variables the converter makes, to the runtime.

A block's state travels with one label per variable (`ag__.if_stmt(...,
('x', '<return value>'), ...)`): the user's name, which error messages
quote, or one of these for the converter's own variables, which messages
describe instead ("the return value"). The compiler writes them and the
runtime reads them: both import them from here, the one module they share
besides `errors`.
"""
RETURN_VALUE = "<return value>"   # `retval_`: what the function returns
RETURN_FLAG = "<return flag>"     # `do_return`: whether a `return` has run
TEST_HELD = "<test held>"         # a bounded `while`: whether its test held last step
TEST_TAKEN = "<test taken>"       # ... whether its first step's test is the one Python took


def quoted(name: str) -> str:
    """How messages refer to a state variable: 'x', or the return value."""
    return "the return value" if name == RETURN_VALUE else f"'{name}'"
