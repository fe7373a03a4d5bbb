"""The questions Tab completion asks core (issue 23 item 3): where a trap may go (1.2
Deploy a Trap: the current or an adjacent zone, one trap a zone), which abilities may be
used (1.4: unlocked, a token left), and where a move may step (1.2: adjacent zones)."""

from claw.core.errors import IllegalAction
from claw.core.ratcatcher import player
from claw.core.ratcatcher.city import neighbours


def test_trap_zones_are_the_zones_deploy_trap_accepts(tiny):
    tiny["ratcatcher"]["movement"] = 10
    s, _ = player.deploy_trap(tiny, "cage", "0.b")
    s["ratcatcher"]["traps"] = 5
    offered = player.trap_zones(s)
    assert offered == ["0.a"]  # 0.b holds the cage; 0.c is two zones away
    for zone in s["zones"]:
        if zone in offered:
            player.deploy_trap(s, "snare", zone)
        else:
            try:
                player.deploy_trap(s, "snare", zone)
            except IllegalAction:
                continue
            raise AssertionError(f"deploy_trap took {zone}, which trap_zones does not offer")


def test_usable_abilities_are_unlocked_with_a_token_left(tiny):
    abilities = tiny["ratcatcher"]["abilities"]
    for ab in abilities.values():
        ab.update(unlocked=True, tokens=1)
    first, *rest = abilities
    abilities[first]["tokens"] = 0
    assert player.usable_abilities(tiny) == rest
    if rest:
        abilities[rest[0]]["unlocked"] = False
        assert player.usable_abilities(tiny) == rest[1:]


def test_reach_is_here_and_the_zones_next_to_it(tiny):
    here = tiny["ratcatcher"]["zone"]
    assert player.reach_zones(tiny) == [here, *neighbours(tiny)[here]]
