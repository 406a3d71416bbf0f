"""Printed documents: score sheets, Step Indicator Frames, rules cards and a game's sheet, as PDFs."""
