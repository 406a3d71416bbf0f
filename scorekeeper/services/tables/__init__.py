"""The tables feature's services: rosters, games of a table, summaries kept per hand change, ratings,
rulings, export and import."""
