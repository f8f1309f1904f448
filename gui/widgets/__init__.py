"""Widgets shared by several game tabs."""
