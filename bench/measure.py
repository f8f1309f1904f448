"""The ``Measure`` type shared by ``run.py`` and the benches (one class, whoever imports it)."""


class Measure(float):
    """A figure in milliseconds that a bench function measured itself."""
