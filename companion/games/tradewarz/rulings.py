"""TradeWarz's rulings: where the rulebook is ambiguous, the reading the app takes by default, the
alternatives a table may switch to, and why (ids T1, T2, ...; shown to players on the rulings page).
"""
from __future__ import annotations

from ..core import Ruling, t


def _r(id: str, question: str, default: str, readings: dict[str, str], why: str) -> Ruling:
    return Ruling(id, question, default, readings, why)


RULINGS: dict[str, Ruling] = {r.id: r for r in (
    _r("T1", t("Yearly golden Xadla for the dials: all four at 12 or more, or above 12?"),
       "at-least-12", {"at-least-12": t("every dial at 12 or more"),
                       "above-12": t("every dial at 13 or more")},
       t("The game mechanics page states 12 or above precisely.")),
    _r("T2", t("Two trading posts at the end of Spring: exactly two, or two or more?"),
       "two-or-more", {"two-or-more": t("two or more posts earn one golden Xadla"),
                       "exactly-two": t("only exactly two posts earn it")},
       t("Holding three or four should not lose the reward; one Xadla per Spring either way.")),
    _r("T3", t("Who wins a battle with equal strength?"), "defender",
       {"defender": t("the defender wins the tie (holds the square, takes the Xadla)"),
        "no-victor": t("nobody wins, no Xadla, the attacker steps back")},
       t("The defender keeping the square settles castles, raids and displacement.")),
    _r("T4", t("A dial at 21 or more: trade once, or as often as it stays at 21 or more?"),
       "repeat", {"repeat": t("trade 11 for a golden Xadla while the dial is 21 or more"),
                  "once": t("one trade per change, even if the dial stays above 21"),
                  "back-to-10": t("one golden Xadla and the dial goes back to 10, whatever it "
                                  "was above 21")},
       t("The trade is compulsory and 21 - 11 leaves the 10 the rulebook names.")),
    _r("T5", t("Order of the end-of-Spring steps"), "formula",
       {"digest": t("income and silos, 21 trades, the 12 check, the trading-post Xadla, then "
                  "trading-post gold, the soldier and the morale card"),
        "income-first": t("all income first (trading-post gold included), the soldier and the "
                        "morale card, the trading-post Xadla, the 12 check, then 21 trades"),
        "formula": t("the whole gold formula first (trading-post gold included), 21 trades, the "
                     "12 check, the trading-post Xadla, the soldier and the morale card")},
       t("The rulebook prints one gold formula, trading posts included, so the whole formula "
         "is paid before the 12 check; it gives no order for the rest, and fixing one avoids "
         "disputes.")),
    _r("T6", t("Gold from trading posts: 2 posts give 2 gold (formula) or 3 (worked example)?"),
       "formula", {"formula": t("one gold per post (two with economy university 3+)"),
                   "example": t("as the formula, plus one gold when two or more posts are held")},
       t("The worked example contradicts the formula printed next to it; the formula wins.")),
    _r("T7", t("Castle: 'one silver Xadla 2 yearly'"), "silver-and-gold",
       {"silver-and-gold": t("one silver Xadla while held, and 2 gold every year"),
        "two-silver": t("two silver Xadlas while held, and 2 gold every year")},
       t("The 2 matches the castle's gold in the gold formula.")),
    _r("T8", t("Mule caravans: how much gold?"), "one-gold",
       {"one-gold": t("1 gold + 2 resources"), "two-gold": t("2 gold + 2 resources")},
       t("The other two caravans name one gold.")),
    _r("T9", t("Trading posts pay double with the economy university at level 3, or 3 and more?"),
       "at-least-3", {"at-least-3": t("level 3 or 4"), "exactly-3": t("level 3 only")},
       t("The calculation guide says level 3 or higher.")),
    _r("T10", t("The attacker wins at a castle but loses every soldier"), "xadla-only",
       {"xadla-only": t("the castle stays with the defender; the attacker still gets the Xadla"),
        "nothing": t("the castle stays with the defender and nobody gets the Xadla")},
       t("The victory is what pays; taking the castle needs a survivor.")),
    _r("T11", t("Where the loser's survivors go after a field battle"), "victor-places",
       {"victor-places": t("the winner moves them to a place the loser controls"),
        "loser-places": t("the loser moves them back to a place it controls")},
       t("Mirrors the displacement rule of capital battles.")),
    _r("T12", t("A battle deck with fewer than two cards"), "reshuffle",
       {"reshuffle": t("shuffle the used pile in before burning and playing"),
        "play-last": t("a single card left is played without burning")},
       t("Burn one, play one needs two cards.")),
    _r("T13", t("Alliance target with three or more members"), "n-times",
       {"n-times": t("members x target + 2"), "double": t("2 x target + 2 whatever the size")},
       t("The rulebook only shows a pair (double + 2).")),
    _r("T14", t("Raiding an unguarded settlement or village by marching through it"), "through",
       {"through": t("passing over it destroys it too"),
        "onto": t("only stopping on it destroys it")},
       t("The text says on top of them or over them.")),
    _r("T15", t("A house that lost its capital"), "literal",
       {"literal": t("no recruiting until retaken; the occupier takes the capital's yearly income"),
        "income-stays": t("no recruiting until retaken; the owner keeps the yearly income")},
       t("Literal reading of The Capital City.")),
    _r("T16", t("Does the village under a castle still count?"), "counts",
       {"counts": t("yes: one more village for gold, the village limit and the empire"),
        "castle-only": t("no: the castle replaces it")},
       t("The calculation guide says to count the village under each castle.")),
    _r("T17", t("When may houses trade?"), "active-turn",
       {"active-turn": t("only in the active house's turn, with the active house"),
        "any-time": t("any two houses at any time")},
       t("Trading: it happens in the trading player's turn.")),
    _r("T18", t("Which die does the season whose name was lost use?"), "blue",
       {"blue": t("the blue die (it sits between Summer and Spring)"), "red": t("the red die")},
       t("The pages naming it were images; check your action board.")),
    _r("T19", t("Time runs out during Spring: is the end of Spring still played?"),
       "season-only", {"season-only": t("no: Spring's actions are finished and the game ends, "
                                        "with no year-end income or Xadlas"),
                       "year-end": t("yes: the end of Spring is applied, then the game ends")},
       t("Game duration asks to finish the action in the current season; the year-end rewards "
         "are not an action of the season.")),
    _r("T20", t("How many soldiers does one Recruit action bring?"), "one",
       {"one": t("one soldier per Recruit action"),
        "any": t("any number the reserve and the dials allow, each paid")},
       t("The action list reads 'recruit one unit' at 3 + 3, and One free annual recruit gives "
         "a soldier without using a recruit option: one option, one soldier.")),
    _r("T21", t("University upgrade efficiency: 1 gold + 1 mining off each level, or off each "
                "Build?"), "per-level",
       {"per-level": t("1 gold + 1 mining off every level built, the first one included "
                       "(never below 0)"),
        "per-build": t("1 gold + 1 mining off one Build of a university, however many levels "
                       "it climbs"),
        "upgrades-only": t("1 gold + 1 mining off every level above the first: a university's "
                           "first level is built, not upgraded, and pays in full")},
       t("Each level is priced on its own (n gold + n mining) and the card lowers the cost of "
         "upgrades, in the plural.")),
    _r("T22", t("Upgrade all fortified castles: only when defending a castle, or everywhere?"),
       "whole-map",
       {"whole-map": t("wherever the house defends, like every other engineering tech"),
        "castle-only": t("only when the house defends one of its castles")},
       t("The tech pages say every tech other than a super unit applies to all the house's "
         "units on the entire map.")),
    _r("T23", t("How many soldiers defend a capital against an enemy army?"), "gate",
       {"gate": t("every soldier at the gate, up to its 6 places"),
        "squad": t("one squad (3, or 4 with One more unit)")},
       t("The gate holds 6 soldiers in one place; squads are the armies that march.")),
    _r("T24", t("Can the houses hold more golden Xadlas than the 40 in the box?"), "box",
       {"box": t("no: the 40 in the box are all there are, and none is won once they run out"),
        "no-limit": t("yes: a table that runs out counts the rest with anything at hand")},
       t("The components list 40 golden Xadlas and Game duration lets a game go on until the "
         "Xadlas run out; no rule says what a house wins after that.")),
    _r("T25", t("How much tech strength can a house hold at the end?"), "printed-cards",
       {"printed-cards": t("no more than the cards print: each of the 48 tech cards once "
                           "(46 strength in all), a house at most 36 (every card that is not a "
                           "super unit, 26, and its 4 strongest super units, 10)"),
        "unchecked": t("any strength up to the field's 99: the table counts it as it likes")},
       t("Buy Tech prints every card and its strength, each card is a monopoly (one of each), "
         "and a house holds at most 4 super units; the tie-break's tech strength is read as the "
         "strength printed on the house's cards.")),
    _r("T26", t("Can a house end with more than 2 castles without a golden Xadla for each?"),
       "won-in-battle",
       {"won-in-battle": t("no: a castle beyond a house's 2 was won in a battle, and every "
                           "battle victory gives a golden Xadla that is never taken away (while "
                           "the box has golden Xadlas, ruling T24)"),
        "unchecked": t("yes: only the 2 castles each house has at the table are counted")},
       t("Build: Castle allows 2 castles a house, more only by winning another house's castle "
         "in battle; Getting Xadlas gives a golden Xadla for every battle victory, and golden "
         "Xadlas are never removed once awarded.")),
    _r("T27", t("How far from its capital can a house build?"), "marches-made",
       {"marches-made": t("no more marches from the capital than the house has made: its "
                          "soldiers reach a square m marches away only after m Marches"),
        "unchecked": t("any distance the table tells")},
       t("A settlement goes on a square the house's soldier occupies, soldiers leave the capital "
         "only by marching (at most 3 spaces a March), and the tie-break counts the marches "
         "from the capital to the building; the app keeps no map, so this is the one bound it "
         "can check.")),
    _r("T28", t("When can a house take a trading post?"), "after-march",
       {"after-march": t("right after its own March, whose soldier stops on the post (or the "
                         "last March of a game ended by time); a post missed then is put "
                         "right with Correct a trading post"),
        "any-time": t("whenever the table enters it, as recorded")},
       t("Trading posts: a house owns a post by having a soldier on it or by building on it; "
         "Getting Xadlas gives its silver Xadla to a house that marches onto or builds on it. "
         "Soldiers reach a square only by marching, and a building goes only where the "
         "house's soldier stands, so the post is the house's from the March that reached it.")),
)}
