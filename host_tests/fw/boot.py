"""firmware/main.py at power-up on the device models (test_sim.py; under both interpreters)."""


def main_py(path):
    """Run the firmware's main.py at `path` (in the current folder's config.txt and boards/) over
    the device models with a panel; returns how many pixels the panel's glass lights."""
    import devices

    devices.install()
    panel = devices.attach_panel()
    with open(path) as f:
        exec(f.read(), {"__name__": "__main__"})
    return sum(panel.glass())
