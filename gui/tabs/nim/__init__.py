"""The Nim tab, in the same roles as every game's tab package.

``tab`` (the page), ``model`` (the form as plain data, without Qt), ``form`` (rule fields
and piles), ``views`` (pile chart, g(x) plot), ``play`` (the panel that plays a
``solvers.nim`` play state).
"""
