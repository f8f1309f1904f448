"""Saving a widget as a picture: PNG (or another raster format) or SVG by the file's extension.

Both go through ``gui.files.atomic_write``, so a failed save never destroys an
older picture. SVG uses QtSvg's ``QSvgGenerator``: widgets that paint with
QPainter (plots, boards, tables) come out as vectors.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QImage, QPainter
from PySide6.QtWidgets import QMessageBox, QWidget

from gui.files import atomic_write
from gui.widgets.dialogs import save_file
from gui.widgets.theme import ROLE
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
#: Room above and below a picture's caption, in pixels.
CAPTION_MARGIN = 8
_RASTER = {".png": "PNG", ".jpg": "JPG", ".jpeg": "JPG", ".bmp": "BMP"}


def widget_image_bytes(widget: QWidget, suffix: str, caption: Sequence[str] = ()) -> bytes:
    """The picture of ``widget`` encoded for ``suffix`` (".png", ".svg", ...).

    ``caption``: lines written above the picture (what it shows: the inputs, the answer).
    """
    suffix = suffix.lower()
    if suffix == ".svg":
        return _svg_bytes(widget, caption)
    if caption and suffix in _RASTER:
        return _raster_with_caption(widget, suffix, caption)
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


def _caption_height(widget: QWidget, caption: Sequence[str]) -> int:
    if not caption:
        return 0
    return CAPTION_MARGIN * 2 + QFontMetrics(widget.font()).lineSpacing() * len(caption)


def _paint(painter: QPainter, widget: QWidget, caption: Sequence[str]) -> None:
    """The caption's lines on paper, then ``widget`` under them."""
    top = _caption_height(widget, caption)
    if caption:
        painter.fillRect(QRect(0, 0, widget.width(), top), QColor(ROLE.paper))
        painter.setPen(QColor(ROLE.ink))
        painter.setFont(widget.font())
        metrics = QFontMetrics(widget.font())
        for row, line in enumerate(caption):
            y = CAPTION_MARGIN + metrics.ascent() + row * metrics.lineSpacing()
            shown = metrics.elidedText(line, Qt.TextElideMode.ElideRight, widget.width() - 16)
            painter.drawText(8, y, shown)
    # QWidget's own render: QGraphicsView (plots) hides it under another signature.
    QWidget.render(widget, painter, QPoint(0, top))


def _raster_with_caption(widget: QWidget, suffix: str, caption: Sequence[str]) -> bytes:
    ratio = widget.devicePixelRatioF()
    size = QSize(widget.width(), widget.height() + _caption_height(widget, caption))
    image = QImage(size * ratio, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(QColor(ROLE.paper))
    painter = QPainter(image)
    try:
        _paint(painter, widget, caption)
    finally:
        painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # PySide takes the format as str here, whatever its stubs say.
    if not image.save(buffer, _RASTER[suffix]):  # type: ignore[call-overload]
        raise ValueError(_("the picture could not be encoded"))
    buffer.close()
    return bytes(data.data())


def _svg_bytes(widget: QWidget, caption: Sequence[str] = ()) -> bytes:
    from PySide6.QtSvg import QSvgGenerator  # only paid for when an SVG is saved

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    height = widget.height() + _caption_height(widget, caption)
    generator.setSize(QSize(widget.width(), height))
    generator.setViewBox(QRect(0, 0, widget.width(), height))
    generator.setTitle(caption[0] if caption else widget.objectName() or type(widget).__name__)
    painter = QPainter(generator)
    try:
        _paint(painter, widget, caption)
    finally:
        painter.end()
    buffer.close()
    return bytes(data.data())


def save_widget_image(widget: QWidget, path: str | Path, caption: Sequence[str] = ()) -> None:
    """Write ``widget``'s picture, under ``caption``, to ``path`` (format by suffix), atomically."""
    atomic_write(path, widget_image_bytes(widget, Path(path).suffix, caption))


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
