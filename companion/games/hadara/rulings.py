"""Hadara's rulings: where the rulebooks leave a question open, the reading the app takes (each
can be switched by the table, and is shown wherever it changes a number)."""
from __future__ import annotations

from ..core import Ruling, t

RULINGS = {
    "HAD-1": Ruling(
        "HAD-1",
        t("A tie goes to the most leftover coins: coins left after paying for points, or all "
          "coins?"),
        "remainder",
        {"remainder": t("coins left after paying 5-coin lots for points (coins mod 5)"),
         "all-coins": t("every coin held at the end of the game")},
        t("The English rulebook has coins paid for points (1 per 5) before the tie-break, so "
          "only the remainder is left over. The Chinese rulebook says 'remaining coins' in both "
          "places and never mentions paying, which supports counting every coin: switch the "
          "ruling if your table reads it that way.")),
    "HAD-2": Ruling(
        "HAD-2",
        t("Does a card removed when feeding count as sold?"),
        "no-coins",
        {"no-coins": t("no coins; the card leaves play and its track values are taken away")},
        t("Stated in Feed Your People; listed so the table sees why no coins were paid.")),
    "HAD-3": Ruling(
        "HAD-3",
        t("Is purple one of the five colours of a gold-medal set?"),
        "purple-counts",
        {"purple-counts": t("a set is one card each of yellow, red, blue, green and purple")},
        t("The cards come in exactly five colours.")),
    "HAD-4": Ruling(
        "HAD-4",
        t("Can a player hold more than one card of a colour from an epoch's phase A?"),
        "phase-b-only",
        {"phase-b-only": t("no: each player draws from each deck once an epoch, so beyond 3 of "
                           "a colour every card came from phase B, which hands each player 5 "
                           "face-up cards an epoch (at most 15 such cards in a game)"),
         "per-colour": t("only the limits of a colour and of a player are checked: at most 30 "
                         "cards, and 3 × (1 + players) of one colour")},
        t("Both rulebooks have each player draw 2 cards from each deck once an epoch in phase "
          "A and keep at most one of them, and have phase B go round until the board's 5 "
          "face-up cards a player are all taken. Switch the ruling if your table plays a card "
          "or variant that draws again.")),
}
