"""claw: rules utilities for cats-and-vermin tabletop games."""

__version__ = "0.1.0"
