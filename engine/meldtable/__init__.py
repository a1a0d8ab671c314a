"""meldtable: rules engine for rummy-family card games (placeholder, being written)."""
__version__ = "0.1.0"
