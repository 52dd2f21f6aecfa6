"""TradeWarz rules reference, in our own words (facts and figures from the English rulebook; no
rulebook sentences). Citations name the rulebook's section headings."""
from __future__ import annotations

from ..core import t
from ..core.reference import Reference, section

REFERENCE = Reference("tradewarz", "TradeWarz", "TradeWarz rulebook", (
    section(
        "overview", t("Aim and Xadlas"), "Overview", "Aim of the Game",
        t("2 to 6 houses compete for Xadlas, the victory points. Golden Xadlas are permanent; "
          "silver Xadlas belong to whoever holds a trading post or a castle and change hands with "
          "it."),
        t("Silver and golden Xadlas are worth the same at the end."),
        aliases=("aim of the game",), affects="xadlas"),
    section(
        "duration", t("How long the game lasts"), "Setup", "Game Duration",
        t("Agree on one of three endings before you start: a time limit (then finish the current "
          "season), a Xadla target (6 suggested for a first game) or a number of years (4 "
          "suggested)."),
        aliases=("game duration", "game"), affects="xadlas"),
    section(
        "setup", t("Setup, houses and sailing"), "Setup",
        "Game Setup; Choosing a House; Sailing; Setting up the Capital City",
        t("The board is built from 49 octagons: 6 lakes, 7 mountains and 12 each of lumber, mining "
          "and wheat. 4 trading posts; only posts 1 to 3 are used with 2 or 3 players."),
        t("Each house has a ship, a capital, an action board with four resource dials, 16 "
          "soldiers, 6 settlement tiles (village on the back), 23 silo cubes and 2 castles."),
        t("Sailing decides where capitals dock: both dice are added and the highest total starts."),
        t("Every dial starts at 6 and 2 soldiers wait at the capital gate (8 more in reserve)."),
        aliases=("game setup", "choosing a house", "sailing", "setting up the capital city",
                 "card setup")),
    section(
        "capital", t("The capital city"), "Setup", "The Capital City",
        t("A capital defends with strength 6, kills 4, blocks 4, holds at most 6 soldiers at its "
          "gate and supports the first 2 soldiers. Every soldier at the gate defends it, 6 at "
          "most (ruling T23)."),
        t("Each year after Spring it sponsors its house: 3 gold, 1 lumber, 1 mining, 1 wheat, 1 "
          "free soldier at the gate and 1 morale card."),
        t("Losing the capital: no recruiting until it is taken back or the occupier leaves; the "
          "occupier takes that year's sponsorship and must leave after the year (ruling T15). "
          "Conquering a capital earns 2 golden Xadlas."),
        aliases=("the capital city", "sponsorship at the end of every year",
                 "sponsorship at the start of the game", "the destiny of your capital"),
        affects="dials"),
    section(
        "seasons", t("Seasons, actions and dice"), "Play", "Game Mechanics; Dice",
        t("A year has 5 seasons, starting with Summer and ending with Spring; each house takes one "
          "action per season by placing an action token."),
        t("Build, March, Recruit and Resources +2 can each be used twice a year (never twice in "
          "one season); Buy Tech and Retreat once. Tokens come back after Spring."),
        t("Red die: Summer and Spring marches; blue die: Fall and Winter. Sun = 3, wind = 2, "
          "cloud and snow = 1. The fifth season's name and die are not legible in our copy "
          "(ruling T18)."),
        aliases=("game mechanics", "dice", "actions & cost"), affects="dials"),
    section(
        "march", t("March"), "Play", "Marching; Marching Exceptions",
        t("Roll the season's die and move an army up to that many squares (1 to 3), fewer if you "
          "like. Armies move on squares only and cannot cross where lakes or mountains touch."),
        t("While marching you may pay for a road (a shortcut over an octagon), a bridge (across "
          "a lake) or a tunnel (through a mountain) without a Build action; their costs are box "
          "data."),
        aliases=("marching", "marching exceptions", "marching "), affects="soldiers"),
    section(
        "battle", t("Battles"), "Play", "Battle",
        t("Strength = soldiers + battle card + techs (attack techs when attacking, engineering "
          "techs when defending) + morale cards + a super unit in that army."),
        t("A castle adds strength 2, kill 1, block 1. The higher strength wins and earns 1 golden "
          "Xadla. A tie goes to the defender by default (ruling T3)."),
        t("Each side loses the other side's kills minus its own blocks, never below 0."),
        t("If every attacker dies at a castle, the castle stays with the defender, but the "
          "winner still earns the Xadla (ruling T10). The winner moves the loser's survivors "
          "(ruling T11)."),
        aliases=("marching: battle", "battle", "battle properties"), affects="soldiers"),
    section(
        "battle-cards", t("Battle cards"), "Play", "Card Setup: Battle cards",
        t("Each house is dealt 6 battle cards for the whole game. In a battle, burn the top card "
          "face up and play the second. An empty deck is reshuffled from the used pile; with fewer "
          "than 2 cards left the used pile joins first (ruling T12)."),
        aliases=("card setup: battle cards",)),
    section(
        "morale", t("Morale cards"), "Play", "Card Setup: Morale cards; Cancel Battle",
        t("Morale cards can be played at any time; in a battle they are chosen before the cards "
          "are revealed and shown together with them. Known cards: +1 strength, +1 block, and "
          "Cancel battle (pay the opponent 2 gold; the attacker steps back)."),
        aliases=("card setup: morale cards", "cancel battle", "using morale cards in battle")),
    section(
        "raid", t("Raiding"), "Play", "Raiding Villages and Settlements",
        t("An unguarded settlement or village is destroyed when an enemy army marches onto or "
          "through it (ruling T14). No battle, so no Xadla. Allies never raid each other."),
        aliases=("raiding villages and settlements",)),
    section(
        "build", t("Build"), "Play", "Build",
        t("A house builds on at most 6 squares: at most 6 settlements, 5 villages and 2 castles "
          "(more castles only by capture)."),
        t("A settlement places 1 silo and a village 2, each on a neighbouring lumber, mining or "
          "wheat octagon; a silo yields 1 of its resource every year."),
        t("A castle goes on your own village, not in the year that village was built; it earns a "
          "silver Xadla while held and 2 gold a year (ruling T7). Its village still counts (T16)."),
        t("Building costs are printed as icons; the companion takes them from the box data."),
        aliases=("build", "build: settlement", "build: village", "build: castle", "build: "),
        affects="buildings"),
    section(
        "university", t("Universities"), "Play", "Build: University",
        t("Three universities (Economy, Engineering, Military) rise from level 1 to 4. Level n "
          "costs n gold + n mining; skipping levels pays every level on the way (level 3 straight "
          "away = 6 + 6)."),
        t("Each university at level 4 earns 1 golden Xadla. Gold and mining are inferred (the "
          "icons are lost): the companion ships them as an unverified guess the table corrects "
          "at setup. University upgrade efficiency takes 1 + 1 off each level built, off the "
          "whole Build, or off each level above the first (ruling T21)."),
        aliases=("build: university", "university"), affects="buildings"),
    section(
        "tech", t("Buy Tech and super units"), "Play", "Buy Tech; About a Super Unit",
        t("16 tech cards per tree, 4 per level, each one unique. A level-n tech needs that tree's "
          "university at level n or more and a tech at every lower level of the tree, unless that "
          "level is sold out. A level-n tech costs n of each of its three resources."),
        t("Attack and defence techs count for every army of the house on the whole map; "
          "Upgrade all fortified castles too, or only at a castle (ruling T22)."),
        t("Super units (11 in all) add their bonus only to the army carrying them; at most 4 per "
          "house and 1 per army."),
        aliases=("buy tech", "buy tech: economy", "about a super unit", "about a ", "economy"),
        affects="techs"),
    section(
        "recruit", t("Recruit and support"), "Play", "Recruit; Support",
        t("A soldier costs 3 + 3 (wheat and lumber inferred from the recruitment techs: box "
          "data, unverified until the table checks it) and arrives at the capital gate; paying "
          "double puts it straight on your own settlement, village or castle, so that needs one. "
          "One Recruit action brings one soldier (ruling T20)."),
        t("At most 10 soldiers (16 with techs) and 3 per squad (4 with a tech); at most 6 at the "
          "gate. A settlement supports 1 soldier, a village 2, a castle 4; unsupported soldiers go "
          "home at once. The companion keeps counts, not the map: an army away from its capital "
          "is at most 2 + the support, and a house holds at most 6 at the gate + 2 + the "
          "support."),
        aliases=("recruit", "support"), affects="soldiers"),
    section(
        "retreat", t("Retreat"), "Play", "Retreat",
        t("Free: move one army to your nearest settlement, village or castle, or to your capital "
          "gate."),
        aliases=("retreat",), affects="soldiers"),
    section(
        "resources", t("Resources +2"), "Play", "Resources +2",
        t("Add 2 to one dial, or 1 to each of two dials."),
        aliases=("resources +2",), affects="dials"),
    section(
        "end-of-spring", t("End of Spring, the year's income"), "Play",
        "Rewards at the End of a Year; Easy Resource Calculation Guide",
        t("Gold = 3 + 1 per village (a castle's village counts) + 2 per castle + 1 per trading "
          "post (2 with an Economy university at level 3 or more, ruling T9). Lumber, mining and "
          "wheat = 1 + 1 per silo on that kind of octagon."),
        t("The companion settles Spring in this order (ruling T5): the whole gold formula with the "
          "trading posts' gold, the other income and silos, then dials at 21 or more (give back 11 "
          "for a golden Xadla, repeat while still 21+, ruling T4), then all four dials at 12 or "
          "more (1 golden Xadla, ruling T1), then 2 or more trading posts (1 golden Xadla, ruling "
          "T2), then the free soldier and the morale card."),
        aliases=("rewards at the end of a year", "easy resource calculation guide", "resources"),
        affects="dials"),
    section(
        "trading-posts", t("Trading posts"), "Play", "Trading Posts",
        t("A house occupying or building on a trading post holds its silver Xadla until someone "
          "else takes the post. Posts also pay gold after Spring."),
        aliases=("trading posts",), affects="xadlas"),
    section(
        "trading", t("Trading"), "Play", "Trading",
        t("Any of the four resources can be traded, on the active player's turn and with the "
          "active player (ruling T17). The terms are free and nobody can enforce them."),
        aliases=("trading",)),
    section(
        "alliances", t("Alliances"), "Play", "Forming Alliances",
        t("Joining an alliance costs each joining house 4 gold; one alliance per house. Breaking "
          "it costs 4 gold to each other member."),
        t("Allies cross each other's buildings without raiding and their armies meet without "
          "fighting. An alliance of two wins at twice the target + 2 Xadlas (14 for a target of 6; "
          "N × target + 2 for bigger alliances, ruling T13)."),
        aliases=("forming alliances",)),
    section(
        "xadlas", t("Getting Xadlas"), "Scoring", "Getting Xadlas",
        t("Golden: 1 per battle won, 2 per enemy capital conquered, 1 for 2 trading posts at the "
          "end of Spring, 1 per level-4 university, 1 for all dials at 12+ at the end of Spring, 1 "
          "per 11 given back from a dial at 21+."),
        t("Silver: 1 per trading post held, 1 per castle held. Total = golden + silver."),
        aliases=("getting xadlas",), affects="xadlas"),
    section(
        "tie-break", t("Ties at the end"), "Scoring", "What Happens in a Tie at the End of a Game",
        t("Tied houses compare, in order: golden Xadlas; total strength (soldiers + tech "
          "strength); empire size (settlement 1, village 2, castle 4); the building farthest from "
          "the capital, in marches."),
        aliases=("what happens in a tie at the end of a game",), affects="xadlas"),
    section(
        "companion", t("Corrections and rulings in the companion"), "Companion", "Companion",
        t("The table is the truth: any value can be corrected by hand, and the history marks it."),
        t("Where the rulebook can be read two ways, the companion applies a default ruling, shows "
          "it, and lets the table switch it for its game."),
        aliases=("the table is the truth", "corrections", "rulings", "notation")),
))
