"""The Great Game tab, in the same roles as every game's tab package.

``tab`` (the page), ``model`` (the form as plain data, without Qt), ``form`` (the throw
table, W and L), ``views`` (heat map and charts), ``play`` (a match played throw by throw).
"""
