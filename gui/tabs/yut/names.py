"""Plain names of Dice Yut squares, for the tab's tables, editor and tooltips.

The naming lives in ``solvers.yut.names`` (Qt-free): the Why steps of ``solvers.yut.why``
name squares the same way.
"""

from __future__ import annotations

from solvers.yut.names import Arrows, board_names, data_names, square_names

__all__ = ["Arrows", "board_names", "data_names", "square_names"]
