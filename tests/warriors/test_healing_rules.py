"""Healing and herbs as core rules with their events (rulebook: Healing, Diseases and
Injuries, Medicine, Knacks: Herb Lore). The command line only shows what these return."""

import pytest

from claw.core.errors import IllegalAction, UsageError
from claw.core.warriors.healing import give_herbs, natural, plain_check
from claw.core.warriors.herbstock import gather_herbs

from .conftest import dice


def party_of(cat, *names, **changes):
    cats = {n: cat(n) for n in names}
    for n, ch in changes.items():
        cats[n].update(ch)
    return {"day": 0, "options": {}, "cats": cats, "order": list(names), "fight": None}


def test_herbs_cure_and_are_spent_from_the_stock(cat, rules):
    """Whitecough: "treat it with catmint and tansy or borage"; Herb Lore: the stock's
    herbs stay good a week fresh. Giving catmint and borage cures it and takes one good
    portion of each out of the stock (the tansy stays); the state given is not changed."""
    s = party_of(cat, "emberpaw", "reedwhisker", emberpaw={"diseases": [{"id": "whitecough", "day": 2}]})
    s = gather_herbs(s, rules, "reedwhisker", ["catmint", "borage", "tansy"]).state
    before = [e["herb"] for e in s["herbs"]]
    out = give_herbs(s, rules, "emberpaw", ["catmint", "borage"])
    assert out.info == {"cured": ["whitecough"], "warded": []}
    assert out.state["cats"]["emberpaw"]["diseases"] == []
    assert [e["herb"] for e in out.state["herbs"]] == ["tansy"]
    assert [e["herb"] for e in s["herbs"]] == before
    assert [(e["type"], e["text"]) for e in out.events] == [
        ("cure", "Emberpaw is treated with catmint, borage: cured of whitecough")]


def test_herbs_that_treat_nothing_or_are_missing_are_refused(cat, rules):
    """Whitecough needs catmint with tansy or borage: catmint alone cures nothing (refused
    naming the remedy); once a stock is kept, a herb not in it (or gone bad) is refused."""
    s = party_of(cat, "emberpaw", "reedwhisker", emberpaw={"diseases": [{"id": "whitecough", "day": 2}]})
    with pytest.raises(IllegalAction, match="catmint with tansy or borage"):
        give_herbs(s, rules, "emberpaw", ["catmint"])
    s = gather_herbs(s, rules, "reedwhisker", ["catmint"]).state
    with pytest.raises(IllegalAction, match="no good Borage"):
        give_herbs(s, rules, "emberpaw", ["catmint", "borage"])
    s["day"] = 7                                   # gathered on day 0, good through day 6
    with pytest.raises(IllegalAction, match="gone bad"):
        give_herbs(s, rules, "emberpaw", ["catmint", "tansy"])


def test_tansy_wards_with_its_own_event(cat, rules):
    """Tansy "helps stop cats from getting greencough if symptoms appear" (ruling 53)."""
    s = party_of(cat, "emberpaw", emberpaw={"diseases": [{"id": "whitecough", "day": 2}]})
    out = give_herbs(s, rules, "emberpaw", ["tansy"])
    assert out.info["warded"] == ["whitecough"] and [e["type"] for e in out.events] == ["ward"]
    assert out.state["cats"]["emberpaw"]["diseases"][0]["warded"] is True


def test_gathering_needs_a_cat_able_to_and_one_portion(cat, rules):
    """Herb Lore: fresh herbs a week, dried two weeks (the event says the last good day)."""
    s = party_of(cat, "reedwhisker")
    out = gather_herbs(s, rules, "reedwhisker", ["borage"], count=2, dried=True)
    assert out.info["keep"] == 14 and len(out.state["herbs"]) == 2
    assert out.events[0]["text"] == "Reedwhisker gathers Borage Leaves x2 (dried, good through day 13)"
    with pytest.raises(UsageError):
        gather_herbs(s, rules, "reedwhisker", ["borage"], count=0)
    s["cats"]["reedwhisker"]["status"] = "knocked-out"
    with pytest.raises(IllegalAction, match="cannot gather"):
        gather_herbs(s, rules, "reedwhisker", ["borage"])


def test_natural_healing_says_what_it_did(cat):
    """Healing: "Every morning, a cat will heal 1 point worth of wound damage"."""
    out = natural(party_of(cat, "emberpaw", emberpaw={"hp": 20}), "emberpaw")
    assert out.events == [{"type": "heal", "text": "Emberpaw heals 1 HP naturally (21/22)",
                           "cat": "emberpaw", "gained": 1, "hp": 21}]


def test_the_healing_check_from_plain_numbers(rules):
    """Healing: below HP lost + 5 one extra HP, at least it two, more than double three;
    a critical picks the band by default (ruling 5). No state is involved."""
    out = plain_check(6, 4, dice(3, 3, 3))
    assert out.state is None and out.info == {"dice": [3, 3, 3], "total": 13, "target": 11, "extra": 2}
    assert out.events[0]["text"] == "healing check 3d6 3+3+3 + 4 = 13 vs HP lost 6 + 5 = 11: +2 HP"
    assert plain_check(6, 4, dice(1, 1, 6)).info["extra"] == 1
    assert plain_check(6, 4, dice(1, 1, 6), "total").info["extra"] == 2
