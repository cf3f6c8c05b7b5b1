"""A transformer that walks statements only.

Converters that rewrite statements (`break`, `assert`, `lst.append(...)`)
never need to look inside expressions; skipping them makes a pass several
times cheaper than `gast.NodeTransformer`.
"""
from __future__ import annotations

import gast

_BLOCK_ITEMS = (gast.stmt, gast.excepthandler, gast.match_case)


class StatementTransformer(gast.NodeTransformer):
    def generic_visit(self, node):
        for field in node._fields:
            block = getattr(node, field, None)
            if not (isinstance(block, list) and block and isinstance(block[0], _BLOCK_ITEMS)):
                continue
            new = []
            for item in block:
                out = self.visit(item)
                if out is None:
                    continue
                if isinstance(out, list):
                    new.extend(out)
                else:
                    new.append(out)
            block[:] = new
        return node
