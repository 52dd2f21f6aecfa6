"""Hadara's printed facts: the tracks and colours, prices, limits and the order of the steps
(sections named are those of the Hadara rulebook)."""
from __future__ import annotations

TRACKS = ("income", "military", "culture", "food")
COLOURS = ("yellow", "red", "blue", "green", "purple")
SELL_PRICE = {1: 2, 2: 3, 3: 4}  # "Sell 1 Card": coins by epoch
EPOCHS = (1, 2, 3)
ROMAN = {1: "I", 2: "II", 3: "III"}
ROUNDS = 5  # phase A: one round per deck
MAX_SILVER = 2
MAX_GOLD = 2
TILES_PER_TRACK = 2  # eight bonus tiles, two of each track colour
STATUES = 4  # statue spaces on a player board
LEVELS = 5  # colony requirement levels: one colony per level, so at most 5 per player

#: the steps of each phase ("The Game Round": phase A, then phase B)
STEPS = {
    "A": ("cards", "income", "colony", "statue"),
    "B": ("cards", "income", "colony", "statue", "feed", "medals"),
}
STEP_RULES = {
    "cards": "Hadara rulebook, Draw 2 Facedown Cards and Buy or Sell a Card",
    "income": "Hadara rulebook, Income",
    "colony": "Hadara rulebook, Take a Colony",
    "statue": "Hadara rulebook, Carve a Statue",
    "feed": "Hadara rulebook, Feed Your People",
    "medals": "Hadara rulebook, Buy Silver or Gold Medals",
}
