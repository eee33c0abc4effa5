"""gridlogic.rng against values printed by the JavaScript reference (node ../shared/reference/cases.js)."""

import random

import pytest

from gridlogic.rng import js_length, rng

# {"game":"rng","args":{"seed":S,"count":3}} answered by the reference.
REFERENCE = {
    "": [0.6112444521859288, 0.4935242917854339, 0.7740248835179955],
    "notes-example": [0.6356695315334946, 0.4500389730092138, 0.9010976864956319],
    "日本語のシード": [0.9530956789385527, 0.7681541359052062, 0.1550151612609625],
    "a😀b": [0.7448703788686544, 0.4709098420571536, 0.23209536797367036],
    "\ud800x": [0.1538631620351225, 0.015896382043138146],
}


@pytest.mark.parametrize("seed", list(REFERENCE))
def test_first_values_match_reference(seed):
    draw = rng(seed)
    assert [draw() for _ in REFERENCE[seed]] == REFERENCE[seed]


def test_surrogate_pair_written_as_two_code_points_is_one_character():
    # JavaScript sees one astral character either way and hashes only its high surrogate.
    draw_a, draw_b = rng("a😀b"), rng("a\ud83d\ude00b")
    assert [draw_a() for _ in range(5)] == [draw_b() for _ in range(5)]


@pytest.mark.parametrize("seed, expected", [("x", 0.12147936620749533), ("long-run", 0.4591045950073749)])
def test_two_hundred_thousandth_value_matches_reference(seed, expected):
    draw = rng(seed)
    for _ in range(199_999):
        draw()
    assert draw() == expected


def test_values_are_in_unit_interval_and_replay():
    first, second = rng("replay"), rng("replay")
    values = [first() for _ in range(1000)]
    assert values == [second() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in values)


@pytest.mark.parametrize(
    "text, units", [("", 0), ("abc", 3), ("日本", 2), ("😀", 2), ("a😀" * 40, 120), ("\ud800", 1)]
)
def test_js_length_counts_utf16_units(text, units):
    assert js_length(text) == units


def _float_state_reference(state, count):
    """The JavaScript arithmetic written plainly: the state is a double, bit operations read it mod 2**32."""
    out = []
    for _ in range(count):
        state = float(state) + 0x6D2B79F5
        s = int(state) & 0xFFFFFFFF
        t = ((s ^ (s >> 15)) * (1 | s)) & 0xFFFFFFFF
        t = (t ^ (t + (((t ^ (t >> 7)) * (61 | t)) & 0xFFFFFFFF))) & 0xFFFFFFFF
        out.append(((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296)
    return out


@pytest.mark.parametrize("start", [0.0, -2147483648.0, 2166136261.0, 2.0**53 - 3 * 0x6D2B79F5, 2.0**60])
def test_state_arithmetic_matches_doubles_even_past_2_to_the_53(start):
    from gridlogic.rng import rng_from_state

    calls = rng_from_state(start)
    assert [calls() for _ in range(10)] == _float_state_reference(start, 10)
    assert rng_from_state(start).take(10) == _float_state_reference(start, 10)
    bounds = [1, 2, 3, 4, 24, 60, 1000, 2**21 - 1, 2**21, 2**40]
    bulk = rng_from_state(start)
    options = [range(b) for b in bounds]
    assert bulk.pick(options) == [int(x * b) for x, b in zip(_float_state_reference(start, 10), bounds)]


def test_take_equals_repeated_calls():
    one, bulk = rng("take"), rng("take")
    assert [one() for _ in range(50)] == bulk.take(7) + bulk.take(43) and bulk.take(0) == []
    assert one() == bulk()


def test_pick_equals_repeated_calls():
    one, bulk = rng("pick"), rng("pick")
    options = [tuple(range(100, 100 + random.Random(k).randrange(1, 50))) for k in range(50)]
    assert [o[int(one() * len(o))] for o in options] == bulk.pick(options[:7]) + bulk.pick(options[7:])
    assert bulk.pick([]) == []
    assert one() == bulk()


def _plain_shuffle(random, items):
    for k in range(len(items) - 1, 0, -1):
        j = int(random() * (k + 1))
        items[k], items[j] = items[j], items[k]


@pytest.mark.parametrize("start", [0.0, -2147483648.0, 2166136261.0, 2.0**53 - 3 * 0x6D2B79F5, 2.0**60])
def test_shuffle_equals_the_plain_loop_over_calls(start):
    from gridlogic.rng import rng_from_state

    for length in (0, 1, 2, 24, 60, 500):
        plain, fast = rng_from_state(start), rng_from_state(start)
        expected, items = list(range(length)), list(range(length))
        _plain_shuffle(plain, expected)
        fast.shuffle(items)
        assert items == expected
        assert fast() == plain()  # and the stream goes on from the same place


def test_shuffle_indices_match_float_products_for_many_draws():
    # floor(u / 2**32 * m) == (u * m) >> 32 is the claim the integer draws rest on.
    plain, fast = rng("shuffle-many"), rng("shuffle-many")
    for _ in range(200):
        expected, items = list(range(61)), list(range(61))
        _plain_shuffle(plain, expected)
        fast.shuffle(items)
        assert items == expected
