"""The questions Tab completion asks core (issue 23 item 3): the knacks a cat may use on
its own (Knacks, Using Knacks) and the cats an attacker may attack (Fighting)."""

import pytest

from claw.core.errors import IllegalAction
from claw.core.warriors.fight import initiative, join, joiners, targets
from claw.core.warriors.knacks import choosable, use, used_alone

from .conftest import dice


def test_the_knacks_used_on_their_own_are_the_ones_claw_knack_takes(cat, rules):
    """Using Knacks: Dash, Leap, Spring, Pathfinder and Interpret Dreams are used on their
    own, Yowl both ways; a check or fight knack is used in its check or fight."""
    alone = sorted(k for k in rules.knacks if used_alone(rules, k))
    assert alone == ["dash", "interpret-dreams", "leap", "pathfinder", "spring", "yowl"]
    emberpaw = cat("emberpaw")
    emberpaw["knacks"].update({"leap": 1, "yowl": 1})
    assert choosable(emberpaw, rules) == ["leap", "yowl"]  # it also knows feint, stalk, track
    state = {"day": 0, "options": {}, "cats": {"emberpaw": emberpaw}, "order": ["emberpaw"], "fight": None}
    with pytest.raises(IllegalAction, match="used in a check"):
        use(state, rules, "emberpaw", "feint")
    assert use(state, rules, "emberpaw", "leap").events


def test_an_attacker_may_attack_the_other_cats_in_its_fight(cat):
    """Fighting: only a cat in the fight can be attacked; a dead cat never."""
    s = {"day": 0, "options": {}, "cats": {"emberpaw": cat("emberpaw"), "bramble": cat("bramble"),
                                           "reedwhisker": cat("reedwhisker")},
         "order": ["emberpaw", "bramble", "reedwhisker"], "fight": None}
    assert targets(s, "emberpaw") == ["bramble", "reedwhisker"]
    s["cats"]["reedwhisker"] = {**s["cats"]["reedwhisker"], "status": "dead"}
    assert targets(s, "emberpaw") == ["bramble"]
    s["cats"]["reedwhisker"] = {**s["cats"]["reedwhisker"], "status": "ok"}
    fought, _ = initiative(s, ["emberpaw", "bramble"], dice(6, 4))
    assert targets(fought, "emberpaw") == ["bramble"] and targets(fought, "bramble") == ["emberpaw"]


@pytest.mark.parametrize("age, knacks", [(12, None), (9, {"track": 1}), (12, {"track": 2, "dash": 1})])
def test_the_knacks_to_choose_are_those_grow_accepts(cat, rules, age, knacks):
    """Age table (a knack at 13 moons; three different ones by 10) and each knack's most
    times: every knack offered for a pending gain is taken by grow, every other refused."""
    from claw.core.warriors.sunrise import age_one_moon, grow, knack_choices

    kit = cat("emberpaw", age=age, **({"knacks": knacks} if knacks else {}))
    kit.pop("pending", None)
    grown, _ = age_one_moon(kit, rules)
    offered = knack_choices(grown, rules)
    assert offered
    for knack in rules.knacks:
        if knack in offered:
            grow(grown, rules, knack=knack)
        else:
            with pytest.raises(IllegalAction):
                grow(grown, rules, knack=knack)
    assert knack_choices(kit, rules) == []  # no gain pending: nothing to choose


def test_the_cats_that_may_join_a_fight(cat):
    """Fighting: nearby cats who want to join take a place in the order; one already in
    it, or not up, cannot."""
    s = {"day": 0, "options": {}, "cats": {"emberpaw": cat("emberpaw"), "bramble": cat("bramble"),
                                           "reedwhisker": cat("reedwhisker")},
         "order": ["emberpaw", "bramble", "reedwhisker"], "fight": None}
    assert joiners(s) == []  # no fight to join
    fought, _ = initiative(s, ["emberpaw", "bramble"], dice(6, 4))
    assert joiners(fought) == ["reedwhisker"]
    assert join(fought, "reedwhisker", dice(3)).events
    for cid in ("emberpaw", "bramble"):
        with pytest.raises(IllegalAction):
            join(fought, cid, dice(3))
