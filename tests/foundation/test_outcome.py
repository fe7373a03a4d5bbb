"""The one result type every game's rules return (issue 20, item 3)."""

from claw.core.outcome import Outcome, begin


def test_begin_copies_the_state_so_the_caller_keeps_its_own():
    state = {"a": [1]}
    out = begin(state)
    out.state["a"].append(2)
    assert state == {"a": [1]}


def test_events_are_plain_dicts_in_order():
    out = Outcome({"x": 1}, rule="demo")
    first = out.add("moved", "The cat moved.", to="A1")
    out.add("paid", "It paid 1 AP.", ap=1)
    assert first == {"type": "moved", "text": "The cat moved.", "to": "A1"}
    assert [e["type"] for e in out.events] == ["moved", "paid"]
    assert out.info == {"rule": "demo"}


def test_extend_takes_the_later_state_and_appends_events():
    a = Outcome({"n": 1})
    a.add("one", "one")
    b = Outcome({"n": 2}, p=0.5)
    b.add("two", "two")
    a.extend(b)
    assert a.state == {"n": 2} and [e["type"] for e in a.events] == ["one", "two"] and a.info == {"p": 0.5}


def test_unpacks_as_state_and_events():
    state, events = Outcome({"n": 1}, [{"type": "t", "text": "t"}])
    assert state == {"n": 1} and events[0]["type"] == "t"
