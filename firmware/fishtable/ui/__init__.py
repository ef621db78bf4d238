"""The app on the device: screens over key events, widgets, drawing helpers, ring patterns."""
