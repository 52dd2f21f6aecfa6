"""Hexemonia rules reference, in our own words (facts and figures from the Italian rulebook; no
rulebook sentences). Citations keep the Italian section names of the rulebook."""
from __future__ import annotations

from ..core import t
from ..core.reference import Reference, section

REFERENCE = Reference("hexemonia", "Hexemonia", "Hexemonia rulebook", (
    section(
        "overview", t("The game at a glance"), "Overview",
        "Introduzione; Scopo del gioco; Materiale",
        t("2 to 4 players grow a Greek city-state around their Acropolis with hexagonal tiles "
          "(hexes). Cubes are citizens (white), gold (yellow) and hoplites (red); 1 hoplite is "
          "worth 2 citizens in war."),
        t("Hex types by title colour: Chora green, Fortification red, Polis blue, Myth purple. "
          "Every hex has one nature: political (eye), military (helmet), economic (amphora) or "
          "sacred (lightning)."),
        t("Italian edition terms: città-stato (city-state), esagono (hex), cittadini (citizens), "
          "oro (gold), opliti (hoplites), Fortificazione, Mito, Filosofo (Philosopher), "
          "Rivolta (revolt), Pila del Fato, Inferi."),
        aliases=("", "introduzione", "scopo del gioco", "materiale", "gli esagoni")),
    section(
        "setup", t("Setup"), "Setup", "Preparazione",
        t("Cities in play: 2 players Athens and Sparta; 3 players add Olympia; 4 players Athens, "
          "Sparta, Delphi and Delos. Only hexes whose player-count icon fits are used."),
        t("Each player gets an Acropolis at random with 2 citizens and 1 gold on it, and 2 hexes "
          "in hand. 4 hexes lie face up; the rest form the face-down Fate pile (Pila del Fato); "
          "discards go to the Underworld (Inferi)."),
        t("The oldest player starts and play goes clockwise; the player on the starter's right "
          "holds the Last-Player marker."),
        t("The box holds 51 terrain hexes, so the Fate pile after dealing is 51, less the hexes "
          "put back in the box for their player-count icon, less the 4 face up and 2 per hand: "
          "39 with 4 players, who use every hex."),
        aliases=("preparazione",), affects="acropolis"),
    section(
        "active", t("When a hex is active"), "Play", "Gli esagoni",
        t("A hex is active when its cubes reach its printed cost in every resource; extra cubes "
          "are allowed. A hex with cost 0/0/0 is always active."),
        t("A Myth is active exactly when the hex holding its token is active. The Acropolis has no "
          "cost, can never be attacked and never revolts."),
        aliases=("gli esagoni", "attivo"), affects="hexes"),
    section(
        "turn", t("A turn"), "Play", "Turno di gioco",
        t("A) take hexes or a resource; B) play any number of hexes; C) take exactly one action; "
          "D) political check and hand limit."),
        aliases=("turno di gioco", "c) compiere un'azione"), affects="hexes"),
    section(
        "take", t("A) Take 2 hexes, or 1 hex and 1 resource"), "Play",
        "A) Prendere 2 esagoni, oppure 1 esagono e 1 risorsa",
        t("Take 1 of the 4 face-up hexes and refill the row from the Fate pile at once; then take "
          "a second face-up hex (refilling again) or 1 cube of any kind onto your Acropolis."),
        t("Once the Fate pile is empty, phase A is skipped (ruling H8)."),
        aliases=("a) prendere 2 esagoni",)),
    section(
        "play-hexes", t("B) Play hexes"), "Play", "B) Giocare esagoni; Esagoni Polis",
        t("A new hex must touch at least 2 hexes of your city (the first one only needs the "
          "Acropolis). Finish the first ring around the Acropolis before building further out "
          "(ruling H22)."),
        t("A Polis goes next to another Polis or the Acropolis, and no two Polis in one city share "
          "a name."),
        t("Pay the exact cost by moving cubes onto the new hex, taken only from hexes placed on an "
          "earlier turn."),
        aliases=("b) giocare esagoni", "esagoni polis", "esagoni chora",
                 "esagoni fortificazione"), affects="hexes"),
    section(
        "myths", t("B) Play a Myth"), "Play", "B) Giocare un esagono Mito; Esagoni Mito",
        t("A Myth stays in front of you; its token goes on one of your hexes with the same nature "
          "(never the Acropolis). No such hex, no Myth."),
        t("At most 3 Myths at once (ruling H4); a fourth one taken in war means discarding one."),
        aliases=("b) giocare un esagono mito", "esagoni mito"), affects="myths"),
    section(
        "production", t("C) Production"), "Play", "Azione produttiva",
        t("Every active hex adds its printed output, including Myths with a resource icon (their "
          "output goes onto the hex holding their token)."),
        aliases=("azione produttiva",), affects="hexes"),
    section(
        "strategy", t("C) Strategy"), "Play", "Azione strategica",
        t("Move cubes freely between your own hexes (the Acropolis included, ruling H21; never "
          "onto Myths), then on each hex you may swap 2 citizens for 1 hoplite or back."),
        aliases=("azione strategica",)),
    section(
        "special", t("C) Special actions"), "Play", "Azione speciale",
        t("Use the gear action of any of your active gear hexes and Myths, in any order. Excess "
          "means cubes above the printed cost."),
        t("Examples: Spring takes 1 cube of any kind; Temple and Harbour gain 1 gold per adjacent "
          "sacred or economic hex; Necropolis turns 2 citizens into 1 gold (ruling H18); Tavern, "
          "Lighthouse and Labyrinth pull a cube from opponents (ruling H17); Hades removes up to 3 "
          "excess citizens from an opponent's hex."),
        aliases=("azione speciale",)),
    section(
        "war", t("C) War"), "Play", "Azione bellica",
        t("Count in citizen units (hoplite = 2). Defence D = units on the target hex; shield "
          "S = the highest shield among active Fortifications adjacent to the target (rulings "
          "H5, H6)."),
        t("The attack needs strictly more than D + 2 × S units (ruling H14). The defender's cubes "
          "go back to the supply, the attacker loses D + 2 × S, and the survivors move onto the "
          "captured hex with its gold and any Myth token."),
        t("One attack per opponent per turn; the target needs a free side, may not split the "
          "defender's city, and never is an Acropolis."),
        aliases=("azione bellica",), affects="war"),
    section(
        "politics", t("D) Political check, Philosopher and revolts"), "Play",
        "D) Verificare la situazione politica: le rivolte",
        t("At the end of their turn the active player counts their political hexes (active or "
          "not, ruling H10). Strictly more than everyone else (ruling H9) means they take the "
          "Philosopher."),
        t("When the Philosopher changes hands, every other player checks each hex for revolts "
          "(ruling H13): one kind of excess loses half of it rounded up; several kinds are "
          "levelled down to the smallest excess (rulings H11, H12)."),
        t("Then discard down to 4 hexes in hand, face up to the Underworld."),
        aliases=("d) verificare la situazione politica", "d) hand limit", "per ogni rivolta"),
        affects="politics"),
    section(
        "end", t("End of the game"), "End", "Fine del gioco",
        t("When the Fate pile runs out (by any means, ruling H7) the active player finishes the "
          "turn; the others then play without phase A until the Last-Player marker's holder has "
          "played."),
        aliases=("fine del gioco",)),
    section(
        "scoring", t("Scoring"), "Scoring", "Calcolo dei punti; Acropoli",
        t("1 point per active Chora and Fortification, 2 per active Polis, 8 for a trio of Myths "
          "with three different natures (the Acropolis may stand in, ruling H2; active not "
          "required by default, ruling H3), 1 per gold cube on the Acropolis, plus the city bonus "
          "(ruling H1)."),
        t("City bonuses by default: Athens 2 per active Polis, Sparta 3 per active Fortification, "
          "Olympia 3 per active Myth, Delphi and Delos 1 per active Chora (unverified: check your "
          "tiles)."),
        t("2 players without revolts: the Philosopher is worth 3 points."),
        aliases=("calcolo dei punti", "acropoli", "acropoli reference"), affects="score"),
    section(
        "tie-break", t("Ties"), "Scoring", "Calcolo dei punti",
        t("Tied players compare active hexes sharing their Acropolis's nature (Myths included, "
          "Acropolis excluded, ruling H19), then gold on their Acropolis."),
        aliases=("spareggio",), affects="score"),
    section(
        "companion", t("Corrections and rulings in the companion"), "Companion", "Companion",
        t("The table is the truth: a value, a hex or a Myth the app holds wrongly can be "
          "corrected by hand (added, removed or changed); the history marks it as a correction "
          "and says what changed from what to what. What no table can show is still refused: a "
          "second Polis of one name, a seventh Myth, a Myth token on a hex of another nature."),
        t("Hexes are named in a short notation on the forms; where the rulebook can be read two "
          "ways, the companion applies a default ruling, shows it, and lets the table switch it."),
        aliases=("the table is the truth", "corrections", "rulings", "notation")),
))
