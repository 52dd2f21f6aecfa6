"""The one form macro (templates/macros.html ``control``) draws every field of every game's
forms from its spec: its name, value, limits, whether it is required, and every choice."""
import re

import pytest
from flask import get_template_attribute

from companion.games import GAMES
from companion.web.forms import action_form, table_form_class

TAG = re.compile(r"<(\w+)([^>]*)>")
ATTR = re.compile(r'(\w+)="?([^"\s>]*)"?')


def drawn(app, spec, value=None, *, players=("Ana", "Ben"), span=None, send=False):
    with app.test_request_context():
        control = get_template_attribute("macros.html", "control")
        return str(control(spec, value, tuple(enumerate(players)), span, send))


def specs_of(app, slug):
    """Every field spec a page draws with the macro: the actions', the setup's, the quick pad's
    (its options and rulings, and a seat row's)."""
    rules = GAMES[slug]
    specs = [f for kind in rules.actions for f in rules.spec(kind).fields]
    with app.test_request_context():
        for which in ("setup", "quick"):
            form = table_form_class(rules, which)()
            specs += [*form.specs, *form.players[0].form.specs]
    return specs


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_field_keeps_its_specs_name_limits_and_choices(app, slug):
    checked = 0
    for f in specs_of(app, slug):
        html = drawn(app, f)
        tags = [(tag, dict(ATTR.findall(attrs))) for tag, attrs in TAG.findall(html)]
        inputs = [a for tag, a in tags if tag in ("input", "select") and a.get("name") == f.name]
        assert inputs, (f.name, html)
        if f.kind == "int" and f.usual is None:
            assert inputs[0]["min"] == str(f.low) and inputs[0]["max"] == str(f.high), f.name
            assert ("required" in html) == f.required, f.name
        elif f.kind == "text":
            assert inputs[0]["maxlength"] == str(f.limit), f.name
            assert ("required" in html) == f.required, f.name
        elif f.kind == "choice":
            values = re.findall(r'value="([^"]*)"', html)
            assert [v for v, _ in f.choices if v != ""] == [v for v in values if v != ""], f.name
        elif f.kind == "int":  # chips: one per usual value, a box beyond them
            assert re.findall(rf"type=radio name={f.name} value=(\d+)", html) == [
                str(n) for n in range(f.low, min(f.usual, f.high) + 1)], f.name
        checked += 1
    assert checked > 20


def test_a_value_is_escaped(app):
    name = next(f for f in GAMES["hadara"].player_fields if f.name == "name")
    html = drawn(app, name, '"><script>x</script>')
    assert "<script>" not in html and "&#34;&gt;&lt;script&gt;" in html


def chips_of(app, kind, name, **data):
    spec = GAMES["hadara"].spec(kind)
    form = action_form(spec, ("Ana", "Ben"), data)
    return drawn(app, form[name], form.data[name])


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


def test_a_sending_chip_carries_its_value_and_marks_the_current_one(app):
    """On a step's change page each chip sends the form with its value (one tap), the value the
    step has now marked; the box beside them holds it too."""
    spec = GAMES["hadara"].spec("buy")
    cost = next(f for f in spec.fields if f.name == "cost")
    html = re.sub(r"\s+", " ", drawn(app, cost, 4, send=True))  # (a tag's attributes on lines)
    assert re.findall(r'name=pick value="cost=(\d+)"', html) == list("012345")
    assert 'class="chip on" name=pick value="cost=4" aria-pressed=true' in html
    assert html.count(" on\"") == 1 and "name=\"cost\" min=0 max=30 value=4" in html


def test_a_player_select_starts_on_nobody_until_someone_is_chosen(app):
    """An unseated phone never names the first player without someone choosing it: a required
    player select starts on "choose a player"; a refused form shows the player it named."""
    spec = GAMES["hadara"].spec("colony")
    empty = action_form(spec, ("Ana", "Ben"))
    player = empty["player"]
    with app.test_request_context():
        control = get_template_attribute("macros.html", "control")
        html = str(control(player, empty.data["player"], empty.players))
        named = str(control(player, 1, empty.players))
    assert re.findall(r'<option value="(\d*)"( selected)?>', html) == [
        ("", " selected"), ("0", ""), ("1", "")]
    assert '<option value="1" selected>Ben</option>' in named and named.count("selected") == 1


def test_a_hexs_printed_type_and_nature_start_empty_until_read_off_the_tile(app):
    """Review A8: a new hex's nature started at "political" (the list's first choice) and a
    table that did not change it gave away the Philosopher; now they are chips (issue 22: one
    tap) of which none starts chosen (each required: the browser asks before sending), and a
    value from the tile or the box data is the chip chosen."""
    spec = GAMES["hexemonia"].spec("play_hex")
    form = action_form(spec, ("Ana", "Ben"))
    for name in ("nature", "kind"):
        html = drawn(app, form[name], form.data[name])
        assert "<select" not in html and "checked" not in html
        assert re.findall(rf'name="{name}" value="(\w+)" required>', html) == [
            c for c, _ in form[name].choices]  # every choice kept
    filled = action_form(spec, ("Ana", "Ben"), {"nature": "sacred"})
    html = drawn(app, filled["nature"], filled.data["nature"])
    assert html.count("checked") == 1 and 'value="sacred" checked' in html


def test_a_hexs_cost_starts_at_0_and_its_production_at_nothing_as_chips(app):
    """A tile prints only the cubes it costs (issue 22: a new hex in at most 8 touches): each
    cost is chips 0 to 3, 0 chosen, a box beyond them; its production icon is a chip per
    resource (nothing chosen) and its amount chips 0 to 3."""
    form = action_form(GAMES["hexemonia"].spec("play_hex"), ("Ana", "Ben"))
    html, produces, output = (drawn(app, form[n], form.data[n])
                              for n in ("cost_gold", "produces", "output"))
    assert re.findall(r"name=cost_gold value=(\d)", html) == list("0123")
    assert "value=0 checked" in html and "<input type=number name=cost_gold min=0 max=20 " in html
    assert re.findall(r'name="produces" value="(\w+)"', produces) == [
        "none", "citizens", "hoplites", "gold"] and 'value="none" checked' in produces
    assert re.findall(r"name=output value=(\d)", output) == list("0123")


def test_a_rare_steps_form_classed_ghost_has_a_ghost_button_and_the_usual_a_filled_one(app):
    """The turn grid's Retreat (class ghost) does not look like the step the turn is for."""
    spec = GAMES["tradewarz"].spec("retreat")
    form = action_form(spec, ("Ana", "Ben"))
    game = type("Game", (), {"version": 3})()
    with app.test_request_context():
        action = get_template_attribute("macros.html", "action")
        buttons = {cls: re.findall(r'<button class="([^"]*)">Retreat</button>', str(action(
            form, "retreat", "tok", game, "Retreat", cls=cls))) for cls in ("ghost", "")}
    assert buttons == {"ghost": ["btn ghost"], "": ["btn"]}
