"""Saving a widget as a picture: PNG (or another raster format) or SVG by the file's extension.

Both go through ``gui.files.atomic_write``, so a failed save never destroys an
older picture. SVG uses QtSvg's ``QSvgGenerator``: widgets that paint with
QPainter (plots, boards, tables) come out as vectors.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPoint, QRect
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QMessageBox, QWidget

from gui.files import atomic_write
from gui.widgets.dialogs import save_file
from solvers.i18n import N_, _

__all__ = [
    "IMAGE_FILTER",
    "choose_image_path",
    "save_picture_dialog",
    "save_widget_image",
    "widget_image_bytes",
]

#: File-dialog filter of the picture formats offered everywhere (shown with ``_()``).
IMAGE_FILTER = N_("PNG image (*.png);;SVG drawing (*.svg)")
_RASTER = {".png": "PNG", ".jpg": "JPG", ".jpeg": "JPG", ".bmp": "BMP"}


def widget_image_bytes(widget: QWidget, suffix: str) -> bytes:
    """The picture of ``widget`` encoded for ``suffix`` (".png", ".svg", ...)."""
    suffix = suffix.lower()
    if suffix == ".svg":
        return _svg_bytes(widget)
    if suffix not in _RASTER:
        if not suffix:
            raise ValueError(_("cannot save pictures as a file without extension"))
        raise ValueError(_("cannot save pictures as {suffix}").format(suffix=suffix))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not widget.grab().save(buffer, _RASTER[suffix]):
        raise ValueError(_("the picture could not be encoded"))
    buffer.close()
    return bytes(data.data())


def _svg_bytes(widget: QWidget) -> bytes:
    from PySide6.QtSvg import QSvgGenerator  # only paid for when an SVG is saved

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(widget.size())
    generator.setViewBox(QRect(0, 0, widget.width(), widget.height()))
    generator.setTitle(widget.objectName() or type(widget).__name__)
    painter = QPainter(generator)
    try:
        # QWidget's own render: QGraphicsView (plots) hides it under another signature.
        QWidget.render(widget, painter, QPoint(0, 0))
    finally:
        painter.end()
    buffer.close()
    return bytes(data.data())


def save_widget_image(widget: QWidget, path: str | Path) -> None:
    """Write ``widget``'s picture to ``path`` (format by extension), atomically."""
    atomic_write(path, widget_image_bytes(widget, Path(path).suffix))


def choose_image_path(parent: QWidget, title: str, name: str) -> str:
    """Ask where to save a picture ("" when the user gives up); adds ".png" if needed."""
    path, chosen = save_file(parent, "image", title, f"{name}.png", _(IMAGE_FILTER))
    if path and not Path(path).suffix:
        path += ".svg" if "svg" in chosen.lower() else ".png"
    return path


def save_picture_dialog(widget: QWidget) -> None:
    """Ask where to save ``widget`` (PNG or SVG) and save it; a failure is shown, not raised."""
    path = choose_image_path(widget, _("Save as a picture"), widget.objectName() or "picture")
    if not path:
        return
    try:
        save_widget_image(widget, path)
    except (OSError, ValueError) as exc:
        text = _("{path} was not saved: {reason}").format(path=path, reason=exc)
        QMessageBox.warning(widget, _("Picture not saved"), text)
