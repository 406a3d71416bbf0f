"""What a player sees of a game, drawn or worded without Flask: card faces, charts, standings, QR codes."""
