"""The PySide6 desktop program. Views subscribe to the game state and never own it."""
