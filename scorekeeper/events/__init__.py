"""Club night's pages, API and printing (issue 39, docs/club-night.md): an evening of many tables of
a club, seated, scored on the seated phones and ranked live. The rules are :mod:`scorekeeper.club`,
the rows :mod:`scorekeeper.storage.club_models`, the services :mod:`scorekeeper.services.club`."""
