"""Bring the database schema up to date."""
from __future__ import annotations

from flask import Flask

from . import db


def upgrade(app: Flask) -> None:
    db.create_tables(app)
