"""Hadara in Chinese and Italian: the catalog uses the terms of Hadara's Chinese rulebook (tracks,
colonies, statues, medals, epochs, phases, feeding), the game page shows them, and no English
game word is left in what a reader sees."""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from companion.web import i18n

from .table import WebTable, seat

#: English term -> the word Hadara's Chinese rulebook uses for it
RULEBOOK_ZH = {
    "income": "收入", "military": "军事", "culture": "文化", "food": "食物", "coins": "钱币",
    "Income": "收入", "Take a colony": "拿取一个殖民地", "Carve a statue": "雕刻一尊雕像",
    "Feed your people": "供养人民", "Buy silver or gold medals": "购买银牌或金牌",
    "silver": "银牌", "gold": "金牌", "Colonies": "殖民地", "Statues": "雕像",
    "Silver medals": "银牌", "Gold medals": "金牌", "green": "绿色", "red": "红色",
    "Sell a card": "出售卡牌", "Setup": "游戏配置",
}
#: English words whose translation must contain the rulebook's term
CONTAINS_ZH = {
    "Epoch {epoch}, phase {phase}: {step}": ("时代", "阶段"),
    "plunder (gain coins)": ("掠夺",), "integrate (pay coins, flip)": ("治理",),
    "Bonus tile colour": ("奖励方片",), "Setup card initiative": ("设置卡牌", "优先值"),
    "First player: {name} ({why}). Order: {order}.": ("起始玩家",),
    "Draw and buy or sell": ("购买", "出售"), "{track} track": ("轨道条",),
    "Points": ("胜利分",), "Player symbol": ("玩家符号",),
}


def words(lang: str) -> dict[str, str]:
    with i18n.po_path("hadara", lang).open("rb") as fh:
        return {m.id: m.string for m in read_po(fh, locale=lang) if m.id}


def visible(html: str) -> str:
    """The text a reader sees: tags (and their attribute values, such as name="military") and
    scripts taken out."""
    return re.sub(r"<[^>]+>", " ", re.sub(r"<script.*?</script>", "", html, flags=re.S))


def test_chinese_catalog_uses_the_rulebooks_terms():
    zh = words("zh")
    assert {english: zh[english] for english in RULEBOOK_ZH} == RULEBOOK_ZH
    for english, terms in CONTAINS_ZH.items():
        assert all(term in zh[english] for term in terms), (english, zh[english])


@pytest.fixture
def at_colonies(client, app):
    """Two players past phase A's cards and income: the colony step of epoch I."""
    table = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])
    for _ in range(5):
        table.do("sell", player=0)
        table.do("sell", player=1)
    table.do("next", anyway="1")
    table.do("income")
    return table


def test_game_page_in_chinese_shows_the_rulebooks_terms_and_no_english_ones(client, at_colonies):
    zh = words("zh")
    page = client.get(at_colonies.path, headers={"Accept-Language": "zh"}).get_data(as_text=True)
    guide = visible(page[page.index('<section class="guide"'):page.index("</section>")])
    assert zh["Epoch {epoch}, phase {phase}: {step}"].format(
        epoch="I", phase="A", step=zh["Take a colony"]) in guide
    assert "时代I，阶段A：拿取一个殖民地" in guide  # the rulebook's words, as a reader sees them
    assert f"Ana：{zh['military']}3" in guide and "military" not in guide
    board = visible(page[page.index('id="actions"'):page.index('<section id="latest">')])
    for english in ("coins", "income", "military", "culture", "food", "Take a colony"):
        assert zh[english] in board
    for english in ("coins", "income", "military", "culture", "food", "Colonies", "Statues",
                    "Medals", "initiative", "Take a colony", "Plunder", "Player"):
        assert english not in board, english


def test_refusal_and_history_are_said_in_chinese(client, at_colonies):
    # Ana, the first player, takes the first colony of the step (Take a Colony)
    data = {"csrf_token": at_colonies.csrf, "version": at_colonies.version, "player": 0,
            "requirement": 6, "points": 5, "choice": "plunder", "coins": 2}
    resp = client.post(f"{at_colonies.path}/do/colony", data=data,
                       headers={"Accept-Language": "zh"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 422
    assert "Ana的军事为3；这个殖民地需要6" in html and "this colony needs" not in html
    history = client.get(at_colonies.path + "/history",
                         headers={"Accept-Language": "zh"}).get_data(as_text=True)
    assert "Ben出售了一张卡牌，获得2钱币（时代I）" in history
    assert "sold a card" not in history


def test_game_page_in_italian_uses_italian_words(client, at_colonies):
    page = client.get(at_colonies.path, headers={"Accept-Language": "it"}).get_data(as_text=True)
    text = visible(page)
    assert "Epoca I, fase A: Prendi una colonia" in text
    assert "Take a colony" not in text and "military" not in text
