"""The Strategy Workbench desktop application (PySide6)."""
