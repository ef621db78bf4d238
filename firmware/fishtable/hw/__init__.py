"""The edge of the device: SSD1306 driver, LED ring, keys/encoder, board profiles (imports nothing of the app)."""
