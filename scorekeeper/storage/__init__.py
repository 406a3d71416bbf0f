"""Where a game is kept: the app's settings, the database and its rows, and the package's own files."""
