"""fast_input draws the same controls WTForms would, for every field of every game's forms."""
import re

import pytest

from companion.games import GAMES
from companion.web.forms import action_form, table_form_class
from companion.web.widgets import fast_input

TAG = re.compile(r"<(\w+)([^>]*)>")
ATTR = re.compile(r'(\w+)="([^"]*)"')
OPTION = re.compile(r"<option([^>]*)>([^<]*)</option>")


def control(html):
    """Tag, attributes, boolean flags and options of a rendered control, order-free."""
    tag = TAG.match(html)
    attrs = dict(ATTR.findall(tag.group(2)))
    flags = {f for f in ("required", "checked") if re.search(rf"\s{f}(\s|>|$)", tag.group(0))}
    options = sorted((dict(ATTR.findall(o)).get("value"), label, "selected" in o)
                     for o, label in OPTION.findall(html))
    for noise in ("id", "inputmode", "autocomplete"):
        attrs.pop(noise, None)
    return tag.group(1), attrs, flags, options


def fields_of(app, slug):
    rules = GAMES[slug]
    forms = [action_form(rules, kind, ("Ana", "Ben", "Cy")) for kind in rules.actions]
    forms += [table_form_class(rules, which)() for which in ("setup", "quick")]
    for form in forms:
        for f in form:
            if f.name == "players":
                yield from (g for row in f for g in row.form)
            elif f.name != "csrf_token":
                yield f


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_fast_input_keeps_every_name_value_limit_and_choice_of_wtforms(app, slug):
    with app.test_request_context():
        checked = 0
        for f in fields_of(app, slug):
            if getattr(f.flags, "usual", None) is not None:
                continue  # drawn as chips (see test_chips)
            drawn = str(fast_input(f))
            if f.type == "SelectField" and f.data == "" and f.flags.required:
                # starts unknown: an empty "choose" option first (see the test below)
                assert '<option selected value="">choose</option>' in drawn, f.name
                drawn = drawn.replace('<option selected value="">choose</option>', "")
            assert control(drawn) == control(str(f(id=False))), f.name
            checked += 1
    assert checked > 20


def test_fast_input_escapes_values(app):
    with app.test_request_context():
        form = table_form_class(GAMES["hadara"], "setup")()
        name = form.players[0].form["name"]
        name.data = '"><script>x</script>'
        html = str(fast_input(name))
    assert "<script>" not in html and "&#34;&gt;&lt;script&gt;" in html


def chips_of(app, kind, name, **data):
    from companion.web.forms import action_form
    with app.test_request_context():
        form = action_form(GAMES["hadara"], kind, ("Ana", "Ben"), data=data or None)
        return str(fast_input(getattr(form, name)))


def test_a_small_number_is_a_chip_per_usual_value_and_a_box_beyond_them(app):
    html = chips_of(app, "buy", "cost")
    assert re.findall(r"type=radio name=cost value=(\d+)", html) == list("012345")
    assert re.search(r'<input type=number name=cost min=0 max=30 aria-label="Printed cost">',
                     html)  # the box is named by its field (axe: label)
    assert " required" not in html  # a number may be typed in the box instead of a chip
    assert html.index("type=number") < html.index("type=radio")  # a typed number wins


def test_a_number_whose_whole_range_is_chips_has_no_box_and_stays_required(app):
    html = chips_of(app, "statue", "statue")
    assert re.findall(r"name=statue value=(\d+) required", html) == list("1234")
    assert "type=number" not in html


def test_a_chip_shows_the_current_value_and_a_higher_one_stays_in_the_box(app):
    assert "value=2 checked" in chips_of(app, "buy", "culture", culture=2)
    high = chips_of(app, "buy", "culture", culture=9)
    assert "name=culture min=0 max=20 value=9" in high and "checked" not in high


def test_a_choice_among_a_few_is_a_chip_per_choice_and_keeps_every_choice(app):
    """The wheel's decks and a statue's bonus tile: one tap on a chip instead of opening a list
    and picking; every choice with a value is a chip (the empty one is no chip ticked)."""
    wheel = chips_of(app, "wheel", "seat1")
    assert "<select" not in wheel
    assert re.findall(r'name="seat1" value="(\w+)"', wheel) == [
        "yellow", "red", "blue", "green", "purple"]
    assert "checked" not in wheel  # where the icon points is the table's to say
    side = chips_of(app, "statue", "tile_side")
    assert re.findall(r'value="(\w+)"( checked)?', side) == [("up", " checked"), ("down", "")]
    assert 'value="culture" checked' in chips_of(app, "statue", "tile_track", tile_track="culture")


def test_a_hexs_printed_type_and_nature_start_empty_until_read_off_the_tile(app):
    """Review A8: a new hex's nature started at "political" (the list's first choice) and a
    table that did not change it gave away the Philosopher; now they are chips (issue 22: one
    tap) of which none starts chosen (each required: the browser asks before sending), and a
    value from the tile or the box data is the chip chosen."""
    with app.test_request_context():
        form = action_form(GAMES["hexemonia"], "play_hex", ("Ana", "Ben"))
        for name in ("nature", "kind"):
            html = str(fast_input(getattr(form, name)))
            assert "<select" not in html and "checked" not in html
            spec = next(f for f in GAMES["hexemonia"].spec("play_hex").fields if f.name == name)
            assert re.findall(rf'name="{name}" value="(\w+)" required>', html) == [
                c for c, _ in spec.choices]  # every choice kept
        filled = action_form(GAMES["hexemonia"], "play_hex", ("Ana", "Ben"),
                             data={"nature": "sacred"})
        html = str(fast_input(filled.nature))
        assert html.count("checked") == 1 and 'value="sacred" checked' in html


def test_a_hexs_cost_starts_at_0_and_its_production_at_nothing_as_chips(app):
    """A tile prints only the cubes it costs (issue 22: a new hex in at most 8 touches): each
    cost is chips 0 to 3, 0 chosen, a box beyond them; its production icon is a chip per
    resource (nothing chosen) and its amount chips 0 to 3."""
    with app.test_request_context():
        form = action_form(GAMES["hexemonia"], "play_hex", ("Ana", "Ben"))
        html = str(fast_input(form.cost_gold))
        produces, output = str(fast_input(form.produces)), str(fast_input(form.output))
    assert re.findall(r"name=cost_gold value=(\d)", html) == list("0123")
    assert "value=0 checked" in html and "<input type=number name=cost_gold min=0 max=20 " in html
    assert re.findall(r'name="produces" value="(\w+)"', produces) == [
        "none", "citizens", "hoplites", "gold"] and 'value="none" checked' in produces
    assert re.findall(r"name=output value=(\d)", output) == list("0123")
