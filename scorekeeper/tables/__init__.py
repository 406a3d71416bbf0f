"""Tables: a group that plays together, its roster, rulings and statistics across games.

This package holds their pages, API and part of the API document; their rows are in
:mod:`scorekeeper.storage.table_models`, their services in :mod:`scorekeeper.services.tables`, and
:mod:`.feature` is how they join the app.
"""
