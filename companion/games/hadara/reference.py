"""Hadara rules reference, in our own words (facts and figures from the rulebook; no rulebook
sentences). Citations name the sections of the English rulebook."""
from __future__ import annotations

from ..core import t
from ..core.reference import Reference, section

REFERENCE = Reference("hadara", "Hadara", "Hadara rulebook", (
    section(
        "overview", t("The game at a glance"), "Overview", "Game Play; Components",
        t("2 to 5 players, 3 epochs (I, II, III). Every epoch has a phase A and a phase B."),
        t("Cards come in five colours: yellow raises income, red military, blue culture, green "
          "food; purple cards carry points or a special effect and have no track of their own."),
        t("Each player board has four tracks (income, military, culture, food), 8 bonus tiles "
          "(two per track colour), 2 gold medal tokens and a setup card. The setup card is never "
          "counted as a card."),
        t("Tracks have no upper limit: past 10, add a 10 marker and keep counting. Coins are "
          "unlimited too."),
        aliases=("components", "game play", "tracking values past 10")),
    section(
        "setup", t("Setup"), "Setup", "Setup (Communal Setup, Player Setup)",
        t("Each player receives a setup card: it gives an initiative number, the starting coins "
          "and the starting value of every track. Side A is the basic side; with side B each "
          "player chooses."),
        t("Colonies: 25 tiles in 5 requirement levels; one tile per player per level is used."),
        t("In the basic game, purple cards with a star are left out of every epoch."),
        t("The values printed on setup cards, colonies and statues are box data: the table types "
          "them in the first time they are needed and the companion remembers them."),
        aliases=("setup", "communal setup", "player setup", "anatomy of a setup card")),
    section(
        "epoch", t("An epoch, step by step"), "Play", "Phases of an Epoch; A New Epoch",
        t("Phase A: first player, then 5 rounds of drawing and buying or selling, then income, "
          "take a colony, carve a statue."),
        t("Phase B: take face-up cards from the discard piles, then income, take a colony, carve a "
          "statue, feed your people, buy medals."),
        t("Epochs II and III are laid out like epoch I with their own cards. After epoch III the "
          "game is scored."),
        aliases=("the game round", "phases of an epoch", "a new epoch", "phase a", "phase b")),
    section(
        "first-player", t("Who goes first"), "Play", "Phase A: Determine the First Player",
        t("Epoch I: lowest initiative. Epoch II: second lowest. Epoch III: third lowest."),
        t("Two players: the lower initiative starts epochs I and III, the other player epoch II."),
        t("At the start of epoch I every player who will never be first gets 1 coin (with 4 or 5 "
          "players, and the second player in a 2-player game)."),
        aliases=("determine the first player",), affects="initiative"),
    section(
        "draw-cards", t("Draw two, keep one (phase A)"), "Play",
        "Draw 2 Facedown Cards and Buy or Sell a Card; Turn the Wheel",
        t("Everyone plays at the same time: draw 2 cards from the deck your icon points at, put 1 "
          "face up on that colour's discard pile, then buy or sell the other."),
        t("Never discard, buy or sell both cards."),
        t("Then the wheel turns clockwise; 5 rounds, one per deck, until the decks are empty."),
        aliases=("draw 2 facedown cards and buy or sell a card", "turn the wheel"),
        affects="cards"),
    section(
        "buy-card", t("Buying a card and its price"), "Play", "Buy 1 Card; Reducing the cost",
        t("Price = printed cost − number of cards of that colour you already own, never below 0."),
        t("Pay the coins, raise your tracks by the card's values; a purple effect works at once."),
        aliases=("buy 1 card", "reducing the cost of buying cards"), affects="cards"),
    section(
        "sell-card", t("Selling a card"), "Play", "Sell 1 Card",
        t("A sold card leaves the game face down and pays 2 coins in epoch I, 3 in epoch II and 4 "
          "in epoch III."),
        aliases=("sell 1 card",), affects="coins"),
    section(
        "phase-b-cards", t("Face-up cards (phase B)"), "Play", "Phase B",
        t("Starting with the first player and going clockwise, each player takes the top card of "
          "any discard pile and buys or sells it; no discarding. Continue until no card is left."),
        aliases=("take a faceup card",), affects="cards"),
    section(
        "income", t("Income"), "Play", "Income",
        t("Every player gains as many coins as their income track shows. It happens in both "
          "phases."),
        aliases=("income",), affects="income"),
    section(
        "take-colony", t("Take a colony"), "Play", "Take a Colony; Plundering and Integrating",
        t("In turn order from the first player, each player may take at most 1 colony per step."),
        t("Military must be at least the colony's requirement. Each requirement level only once "
          "per player over the game; levels may be taken in any order."),
        t("Plunder: gain the green number of coins; the colony stays coin side up. Integrate: "
          "pay the red number, flip it and raise your tracks by its reverse side. The choice is "
          "final."),
        t("A colony is never lost, even if military drops later."),
        aliases=("take a colony", "plundering and integrating", "anatomy of a colony"),
        affects="colony"),
    section(
        "carve-statue", t("Carve a statue"), "Play", "Carve a Statue",
        t("In turn order, each player may carve at most 1 statue per step, if culture is at least "
          "the statue's requirement. Each statue only once; it is never lost."),
        t("Place an unused bonus tile on it. Face up: raise that tile's track by the value "
          "printed beside the space. Face down: score that value at the end, on top of the "
          "statue's points."),
        t("Each board has 2 tiles of each track colour, shared with silver medals."),
        aliases=("carve a statue", "anatomy of a statue"), affects="statue"),
    section(
        "feed", t("Feed your people (phase B)"), "Play", "Feed Your People",
        t("You need 1 food per epoch card you own (the setup card does not count)."),
        t("If food is lower than your number of cards, remove cards of your choice until the "
          "count matches. A removed card leaves play without paying coins, its track values are "
          "taken away and its effect ends (ruling HAD-2)."),
        t("Removing a green card lowers food too, so the check is made again."),
        aliases=("feed your people",), affects="feed"),
    section(
        "medals", t("Silver and gold medals (phase B)"), "Play", "Buy Silver or Gold Medals",
        t("Prices depend on the epoch (reference sheet; box data). Each player may buy at most 2 "
          "silver and 2 gold medals over the game, any number per step within that."),
        t("A silver medal is a bonus tile on a silver-medal space naming a track; a gold medal is "
          "a gold token on the board."),
        aliases=("buy silver or gold medals", "silver medals", "gold medals"), affects="medals"),
    section(
        "end", t("End of the game and scoring"), "Scoring", "End of the Game",
        t("After epoch III, each player adds up: colony points; statue points plus face-down "
          "tile values; each silver medal = half its track's value, rounded up; each gold medal = "
          "7 per complete set of the 5 colours (sets = fewest cards of any colour; purple counts, "
          "ruling HAD-3); printed card points; 1 point per 5 coins."),
        t("Highest total wins."),
        aliases=("end of the game", "final scoring"), affects="score"),
    section(
        "tie-break", t("Ties"), "Scoring", "End of the Game",
        t("Tied players compare leftover coins; the most wins. Still tied: they share the place."),
        t("By default leftover means the coins that did not make a full lot of 5 (ruling HAD-1); "
          "a table may switch to all coins held."),
        aliases=("tie-break", "tie"), affects="coins"),
    section(
        "companion", t("Corrections and rulings in the companion"), "Companion", "Companion",
        t("The table is the truth: any value can be corrected by hand, and the history marks it as "
          "a correction."),
        t("Where the rulebook can be read two ways, the companion applies a default ruling, shows "
          "it, and lets the table switch it for its game (recorded in the history)."),
        aliases=("the table is the truth", "corrections", "rulings", "notation")),
))
