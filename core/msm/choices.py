"""The players' choices at the rats' ties ("Tied for Closest": the player chooses).

``scenario-step --choose`` gives ``first=RAT`` (who activates first among rats tied for
closest) and ``RAT=CAT`` / ``RAT=SQUARE`` (a rat's target cat, its first step). A rat may
be given a cat and a square together, since it can be tied on both. The rats' turn asks
this object at every tie; a choice that no tie could take is refused afterwards with the
ties that really came up, so a typing slip never plays the default in silence.
"""

from __future__ import annotations

from claw.core.errors import IllegalAction


class RatChoices:
    def __init__(self, raw: dict | None = None) -> None:
        raw = raw or {}
        self.first: list[str] = list(raw.get("first", []))
        self.per_rat: dict[str, list[str]] = {}
        for key, value in raw.items():
            if key != "first":
                self.per_rat[key] = [value] if isinstance(value, str) else list(value)
        self.used: set[tuple[str, str]] = set()
        self.offered: dict[str, list[str]] = {}  # key → the ties it met, as text
        self.settled: dict[tuple[str, str], tuple[str, list[str]]] = {}  # (rat, tie) → (value, options)
        self.first_groups: list[list[str]] = []
        self.turns = 0  # rats' turns run with these choices

    def __bool__(self) -> bool:
        return bool(self.first or self.per_rat)

    def pick_first(self, group: list[str]) -> str | None:
        """The rat the players send first among ``group`` (tied for closest), if any."""
        if len(group) < 2:
            return None
        if group not in self.first_groups:
            self.first_groups.append(list(group))
        for rid in self.first:
            if rid in group and ("first", rid) not in self.used:
                self.used.add(("first", rid))
                return rid
        return None

    def pick(self, rid: str, kind: str, options: list[str]) -> str | None:
        """The value chosen for ``rid`` among tied ``options`` (cats or square names).
        A single option is no tie: a choice cannot settle it."""
        if len(options) < 2:
            return None
        seen = self.offered.setdefault(rid, [])
        text = f"{kind} {', '.join(options)}"
        if text not in seen:
            seen.append(text)
        for value in self.per_rat.get(rid, []):
            if value in options:
                self.used.add((rid, value))
                self.settled[(rid, kind)] = (value, list(options))
                return value
        return None

    def wanted(self, rid: str) -> list[str]:
        return self.per_rat.get(rid, [])

    def check_all_used(self, figures: dict) -> None:
        """Refuse (exit 4) a choice that matched no tie, naming the real alternatives.
        ``figures``: the figures before the turn (a rat eliminated in it was there)."""
        if self and not self.turns:
            raise IllegalAction("--choose settles ties of the rats' turn, and this step ran none"
                                " (run it when the phase is rats)")
        problems = []
        for rid in self.first:
            if ("first", rid) in self.used:
                continue
            groups = "; ".join(", ".join(g) for g in self.first_groups) or "none came up"
            problems.append(f"first={rid}: not in a group of rats tied for closest (tied groups: {groups})")
        for rid, values in self.per_rat.items():
            for value in values:
                if (rid, value) in self.used:
                    continue
                if rid not in figures:
                    rats = sorted(f for f, fig in figures.items() if fig.get("side") == "rat")
                    problems.append(f"{rid}={value}: no figure {rid} on the map (rats: {', '.join(rats) or 'none'})")
                    continue
                # A second value for a tie another value already settled: a conflict.
                rival = next((v for (r, _), (v, opts) in self.settled.items() if r == rid and value in opts), None)
                if rival is not None:
                    problems.append(f"{rid}={value}: {rid} was also given {rival} for the same tie, and one tie "
                                    f"takes one choice")
                    continue
                ties = "; ".join(self.offered.get(rid, [])) or "it had no tie to settle"
                problems.append(f"{rid}={value}: not one of {rid}'s tied choices ({ties})")
        if problems:
            raise IllegalAction("--choose matched nothing: " + " | ".join(problems))
