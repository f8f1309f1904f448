"""Widgets and helpers shared by the game tabs (one way of doing each thing).

- ``theme``: colours by role (``ROLE.best``, ``ROLE.player0``, ``ROLE.invalid``...), Okabe-Ito.
- ``fields.mark_invalid(widget, reason)``: a bad form field, red with the reason as tooltip.
- ``grid_model.ValidatedGridModel`` and ``grid_view.GridView``: editable validated tables
  with Cut/Copy/Paste/Delete; ``number_list`` (piles, coins) is built on them.
- ``options.OptionFields``: a game's option fields from its ``OPTIONS``.
- ``plots``: pyqtgraph configured once (import it lazily: it imports pyqtgraph).
- ``images``: a widget as PNG or SVG; ``dialogs``: file dialogs remembering folders.
- ``undo.InputHistory``: undo by snapshots of ``state()``; ``message_area``: the fixed-height
  answer and message lines; ``tables``: read-only result tables; ``play_panel``: the frame of
  a play-against-the-solver panel.
- ``why_view.WhyView``: a game's explanation (``explainView``), step links, copy and export.
"""
