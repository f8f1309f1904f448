"""Shared fixtures: offscreen Qt before anything imports it, no leaked worker threads."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
