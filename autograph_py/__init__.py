"""autograph_py: Python control flow in JAX functions, compiled to jax.lax.

    import autograph_py as ag

    @ag.function
    def f(x):
        while x > 1:
            x = x / 2
        return x
"""
from autograph_py.api import convert, do_not_convert, function, set_loop_options, to_code
from autograph_py.explain import explain
from autograph_py import deploy  # noqa: F401 - autograph_py.deploy.export
from autograph_py.config import (functions_run_eagerly, run_functions_eagerly, set_strict,
                                 set_verbosity)
from autograph_py.errors import (AutographError, ConversionError, StateError,
                                 UnconvertedWarning, UndefinedVariableError)

__version__ = "0.1.0"


def _hide_runtime_frames():
    """JAX drops our runtime's frames from tracebacks, as it drops its own.

    The user's frames (converted code keeps their file and lines) remain;
    JAX_TRACEBACK_FILTERING=off shows everything.
    """
    import os
    try:
        from jax._src import traceback_util
    except ImportError:  # pragma: no cover - private API moved
        return
    here = os.path.dirname(__file__)
    try:   # the source info of traced equations (jaxpr, HLO locations, profiles) too
        from jax._src import source_info_util
    except ImportError:  # pragma: no cover - private API moved
        source_info_util = None
    for sub in ("runtime", "lowering", "api.py", "compiled.py", "ag__.py"):
        traceback_util.register_exclusion(os.path.join(here, sub))
        if source_info_util is not None:
            source_info_util.register_exclusion(os.path.join(here, sub))


_hide_runtime_frames()

__all__ = ["AutographError", "ConversionError", "StateError", "UnconvertedWarning",
           "UndefinedVariableError", "convert", "do_not_convert", "explain", "function",
           "functions_run_eagerly", "run_functions_eagerly", "set_loop_options", "set_strict",
           "set_verbosity", "to_code"]
