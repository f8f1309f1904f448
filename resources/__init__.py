"""Data the app ships: boards (JSON) and example inputs (judge format)."""
