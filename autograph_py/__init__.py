"""autograph_py: Python control flow in JAX functions, compiled to jax.lax.

    import autograph_py as ag

    @ag.function
    def f(x):
        while x > 1:
            x = x / 2
        return x
"""
from autograph_py.api import convert, do_not_convert, function, set_loop_options, to_code
from autograph_py.config import (functions_run_eagerly, run_functions_eagerly, set_strict,
                                 set_verbosity)
from autograph_py.errors import (AutographError, ConversionError, StateError,
                                 UnconvertedWarning, UndefinedVariableError)

__version__ = "0.1.0"

__all__ = ["AutographError", "ConversionError", "StateError", "UnconvertedWarning",
           "UndefinedVariableError", "convert", "do_not_convert", "function",
           "functions_run_eagerly", "run_functions_eagerly", "set_loop_options", "set_strict",
           "set_verbosity", "to_code"]
