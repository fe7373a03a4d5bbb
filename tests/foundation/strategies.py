"""Hypothesis strategies several foundation tests share."""

from hypothesis import strategies as st

# any value json.dumps writes (no NaN or infinities: claw refuses them)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20)
