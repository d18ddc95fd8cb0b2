"""The labelled recall benchmark: ``data`` generates it, ``evaluation`` scores recall on it."""
