"""Builds lax programs from pure functions of flat array lists.

Nothing here decides anything: the runtime picks the path and the types;
lowering traces functions to jaxprs, casts leaves to the chosen types, and
calls `lax.cond`, `lax.while_loop`, `lax.fori_loop` and `lax.scan`.
"""
