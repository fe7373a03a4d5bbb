"""Mice and Mystics, lost chapter "The Ghost of Castle Andon": the chapter's rules.

One module per concern: ``actiondie`` (faces, counting, exact odds), ``setup``
(state from a chapter file), ``scare`` (scare track, raiders leaving, suspicious
rats), ``chamber`` (the burly raider and the chest lid), ``kitchen`` (dinner fork,
flinging cheese, building the ghost), ``ghost`` (moving it, scary noises, the Dining
Hall), ``combat`` (attacks, Blackpaw and Barnacle), ``track`` (minion wheel, surges,
hourglass, end checks), ``outcomes`` (base-game results the table records),
``search`` (tile searches), ``checks`` (rule-level checks of chapter files).
Every rule returns a ``claw.core.outcome.Outcome`` (new state, events as dicts); the input state is not changed.
"""
