"""Warriors Adventure Game rules: characters, checks, knacks, hunting, fighting,
healing, illness and ageing. Pure functions; the tables come in as a ``Rules``."""
