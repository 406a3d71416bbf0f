"""What a player sees of a game, drawn or worded without Flask: card faces, charts, standings, QR codes.

- :mod:`.card_faces`: how a card or tile token is shown (canonical spelling, suit symbols, colours);
- :mod:`.charts`: the score-progression chart and the cribbage board as SVG;
- :mod:`.board_geometry`: where the cribbage board's holes, labels, pegs and game hole sit (page and print);
- :mod:`.standings`: the standings lines (place, name, total, what is left to go);
- :mod:`.qr`: a link as an inline SVG QR code.

Plain values in, text or SVG out; the web pages and the printed sheets both use them.
"""
