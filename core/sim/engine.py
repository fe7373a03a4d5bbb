"""The simulator's engine: play whole games with a policy, from a set-up given as data,
and sum the games up. Pure (no files, no printing, no clock): the CLI reads the files,
runs ``play_chunk`` on whatever executor it likes and calls ``summarise``.

Determinism: game ``k`` of variant ``v`` is set up and played with the dice seed
``derive(S, v, k, "dice")``; the policy gets ``derive(S, v, k, "policy")`` and random
ties ``derive(S, v, k, "ties")``, so a policy's coin flips never shift the game's dice.
Both arms of a paired ``--option`` run share the dice seed of their game (common random
numbers). Chunks are independent, and their records are sorted before they are summed,
so the result is the same for any number of workers and any executor.
"""

from __future__ import annotations

import copy
import hashlib
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from claw.core.errors import UsageError, quoted
from claw.core.rng import SeededDice

ACTION_CAP = 20000  # moves in one game before it counts as unfinished (a policy that never ends a turn)


def derive(seed: int, variant: int, k: int, stream: str) -> int:
    """A 64-bit seed for one stream of one game (blake2b of the four parts)."""
    digest = hashlib.blake2b(f"{seed}/{variant}/{k}/{stream}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@dataclass(frozen=True)
class Setup:
    """Everything a game needs, as data: the game id, the scenario document, the files
    it names (msm: ``StartFiles``; Ratcatcher: the parts and the rules table), the
    bestiary (msm), the ``claw new`` choices (msm: ``StartChoices``), and where the
    scenario file is (as the state stores it)."""

    game: str
    doc: dict
    files: Any
    data: dict = field(default_factory=dict)
    choices: Any = None
    source: str | None = None


@dataclass(frozen=True)
class Variant:
    """One row of the results: scenario values changed (dotted paths), ``claw new``
    options (rulings) and the round limit."""

    label: str
    doc_changes: tuple = ()
    options: tuple = ()
    max_rounds: int = 30


@dataclass(frozen=True)
class Chunk:
    setup: Setup
    variants: tuple            # (index, Variant, arm) triples
    games: tuple               # (index into variants, k) pairs
    seed: int
    policy: str                # a shipped name or module:Class
    ties: str = "first"
    keep_scripts: bool = False


def module(game: str):
    if game == "msm":
        from claw.core.sim import msm
        return msm
    if game == "ratcatcher":
        from claw.core.sim import ratcatcher
        return ratcatcher
    raise UsageError(f"claw simulate plays msm and the Ratcatcher, not {quoted(game)}")


def load_policy(name: str):
    """A shipped policy by name, or a user's ``package.module:Class``."""
    from claw.core.sim.policies import POLICIES

    if name in POLICIES:
        return POLICIES[name]()
    mod, sep, cls = name.partition(":")
    if not sep or not mod or not cls:
        raise UsageError(f"--policy is random, greedy, careful or MODULE:CLASS: {quoted(name)}")
    import importlib

    try:
        found = getattr(importlib.import_module(mod), cls)
    except (ImportError, AttributeError) as exc:
        raise UsageError(f"--policy {name}: cannot load it ({exc})") from None
    policy = found()
    for method in ("reset", "act", "tie"):
        if not callable(getattr(policy, method, None)):
            raise UsageError(f"--policy {name}: a policy needs reset, act and tie methods (no {method})")
    return policy


def set_path(doc: dict, path: str, value) -> dict:
    """A copy of ``doc`` with the dotted ``path`` (list indices as numbers) set to ``value``."""
    out = copy.deepcopy(doc)
    keys = path.split(".")
    node: Any = out
    for key in keys[:-1]:
        node = node[int(key)] if isinstance(node, list) else node.setdefault(key, {})
    last = keys[-1]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return out


def start(setup: Setup, variant: Variant, dice) -> dict:
    """The start state of one game of ``variant``."""
    doc = setup.doc
    for path, value in variant.doc_changes:
        doc = set_path(doc, path, value)
    options = dict(variant.options)
    if setup.game == "msm":
        from claw.core.msm.start import start_state

        choices = replace(setup.choices, **options) if options else setup.choices
        return start_state(doc, dice, setup.files, choices, source=setup.source).state
    from claw.core.ratcatcher.setup import new_game

    parts = setup.files
    scenario = dict(doc, options={**doc.get("options", {}), **options})
    return new_game(scenario, parts["character"], parts["nemesis"], parts["townships"],
                    parts["peculiar"], setup.data["rules"], dice).state


def play_game(setup: Setup, variant: Variant, seed: int, v: int, k: int, policy, ties: str = "first",
              keep_script: bool = False) -> tuple[dict, dict]:
    """Play game ``k`` of variant ``v``; returns (its record, its final state)."""
    from claw.core.sim.protocol import PolicyRandom, View

    game = module(setup.game)
    dice = SeededDice(derive(seed, v, k, "dice"))
    dice_seed = dice.seed
    state = start(setup, variant, dice)
    ctx = game.context(state, setup.data.get("bestiary"))
    policy.reset(state, derive(seed, v, k, "policy"))
    choose = None
    if ties == "random":
        tie_rng = PolicyRandom(derive(seed, v, k, "ties"))
        choose = lambda q: tie_rng.choice(q.options)  # noqa: E731
    elif ties == "policy":
        choose = policy.tie
    script: list[str] = []
    seen: set[str] = set()
    falls: list = []
    actions = 0
    outcome = None
    while actions < ACTION_CAP:
        outcome = game.outcome(state)
        if outcome or game.round_number(state) > variant.max_rounds:
            break
        if game.deciding(state):
            legal = game.legal_actions(state, ctx)
            line = policy.act(View(setup.game, "cats" if setup.game == "msm" else "ratcatcher", state, ctx), legal)
            if line not in legal:
                raise UsageError(f"the policy chose an action that is not legal now: {quoted(line)}")
        else:
            line = "scenario-step"
        before = state
        if setup.game == "msm":
            before = {"figures": {f: {"side": x["side"], "square": x.get("square"), "down": x.get("down")}
                                  for f, x in state["figures"].items()}}
        state, events, played = game.apply(state, ctx, line, dice, choose)
        actions += 1
        round_now = game.round_number(state)
        for side, where in game.falls(before, state, ctx, line):
            falls.append([side, where, round_now])
        for e in events:
            seen.add(e["type"] if isinstance(e, dict) else e.type)
        if keep_script:
            script.append(played)
    outcome = game.outcome(state)
    rounds_played = game.round_number(state) if outcome else min(game.round_number(state), variant.max_rounds)
    record = {"variant": v, "k": k, "seed": dice_seed, "outcome": outcome, "rounds": rounds_played,
              "actions": actions, "falls": falls, "events": sorted(seen)}
    if keep_script:
        record["script"] = script
    return record, state


def play_chunk(chunk: Chunk) -> list[dict]:
    """Play the chunk's games (a picklable unit for a process pool or a Dask worker)."""
    policy = load_policy(chunk.policy)
    out = []
    for vi, k in chunk.games:
        index, variant, arm = chunk.variants[vi]
        record, _state = play_game(chunk.setup, variant, chunk.seed, index, k, policy, chunk.ties,
                                   chunk.keep_scripts)
        record["arm"] = arm
        out.append(record)
    return out


def chunks(setup: Setup, variants: list[tuple[int, Variant, str]], start_k: int, games: int, seed: int,
           policy: str, ties: str, keep_scripts: bool, size: int = 20) -> list[Chunk]:
    """Games ``start_k`` .. ``start_k + games - 1`` of every variant, cut into chunks."""
    pairs = [(vi, k) for vi in range(len(variants)) for k in range(start_k, start_k + games)]
    return [Chunk(setup, tuple(variants), tuple(pairs[i:i + size]), seed, policy, ties, keep_scripts)
            for i in range(0, len(pairs), size)]


def summarise(records: list[dict], variants: list[tuple[int, Variant, str]], policy: str) -> dict:
    """The result document (what ``--json`` prints)."""
    from claw.core.sim.stats import lengths, mcnemar, wilson

    records = sorted(records, key=lambda r: (r["variant"], r["k"], r["arm"]))
    rows = []
    paired: dict[int, dict[str, dict[int, bool]]] = {}
    for index, variant, arm in variants:
        mine = [r for r in records if r["variant"] == index and r["arm"] == arm]
        n = len(mine)
        counts = Counter(r["outcome"] for r in mine)
        rates = {}
        for key, name in (("won", "won"), ("lost", "lost"), (None, "unfinished")):
            lo, hi = wilson(counts.get(key, 0), n)
            rates[name] = {"games": counts.get(key, 0), "rate": _r(counts.get(key, 0) / n if n else 0.0),
                           "interval": [_r(lo), _r(hi)]}
        heat: Counter = Counter()
        by_round: Counter = Counter()
        for r in mine:
            for side, where, rnd in r["falls"]:
                heat[f"{side}@{where}"] += 1
                by_round[f"{side}@{rnd}"] += 1
        rows.append({
            "variant": variant.label, "arm": arm, "games": n, **rates,
            "rounds": {"won": lengths([r["rounds"] for r in mine if r["outcome"] == "won"]),
                       "lost": lengths([r["rounds"] for r in mine if r["outcome"] == "lost"]),
                       "histogram": dict(sorted(Counter(str(r["rounds"]) for r in mine).items(),
                                                key=lambda kv: int(kv[0])))},
            "falls": {"where": dict(sorted(heat.items())), "round": dict(sorted(by_round.items()))},
            "events": _correlations(mine),
        })
        paired.setdefault(index, {})[arm] = {r["k"]: r["outcome"] == "won" for r in mine}
    comparisons = []
    for index, variant, arm in variants:
        if arm != "b":
            continue
        a, b = paired[index].get("a", {}), paired[index]["b"]
        test = mcnemar([(a[k], b[k]) for k in sorted(b) if k in a])
        if test["difference"] is not None:
            test["difference"] = _r(test["difference"])
            test["interval"] = [_r(x) for x in test["interval"]]
            test["p_value"] = _r(test["p_value"])
        comparisons.append({"variant": variant.label.split(" | ")[0], "option": dict(variant.options), **test})
    return {"policy": policy, "variants": rows, "paired": comparisons}


def _correlations(records: list[dict], top: int = 8) -> list[dict]:
    """Event types by how much more often they occur in won than in lost games (a
    correlation, not a cause)."""
    won = [r for r in records if r["outcome"] == "won"]
    lost = [r for r in records if r["outcome"] == "lost"]
    if not won or not lost:
        return []
    types = sorted({t for r in records for t in r["events"]})
    out = []
    for t in types:
        pw = sum(t in r["events"] for r in won) / len(won)
        pl = sum(t in r["events"] for r in lost) / len(lost)
        out.append({"event": t, "in_won": _r(pw), "in_lost": _r(pl), "difference": _r(pw - pl)})
    out.sort(key=lambda e: (-abs(e["difference"]), e["event"]))
    return out[:top]


def _r(x: float) -> float:
    return round(x, 6)
