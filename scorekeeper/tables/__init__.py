"""Tables: a group that plays together, its roster, rulings and statistics across games.

- :mod:`.models`: the rows (tables, roster, rulings, each table game's derived summary);
- :mod:`.figures`: pure: a game's engine score -> per-seat results and counted figures;
- :mod:`.services`: create a table, its roster, games started from it or attached to it;
- :mod:`.summaries`: keep each game's summary and the ratings current when a hand changes;
- :mod:`.ratings`: openskill ratings per variant, in game order;
- :mod:`.stats`: the statistics, aggregated by SQL from the summaries;
- :mod:`.rulings`: a table's rulings (adopted verdicts, option choices, readings);
- :mod:`.transfer`: a table's whole history as JSON (and CSV), and back;
- :mod:`.views`, :mod:`.api`: the pages and the JSON API;
- :mod:`.charts`: server-drawn SVG charts of the statistics.

Keep this file free of imports: ``create_app`` imports :mod:`.models` with the other rows.
"""
