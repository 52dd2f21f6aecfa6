"""A group's play is recorded by the write that finishes its game (no longer when the group's
page is viewed): the one-off catch-up for the games of a group finished before, whose play was
never made (or is older than the game's log) because nobody opened the group's pages since.

The game's state is folded from its log by the rules (the play's record is what the rules
score), so this migration uses the app's own code (``companion.groups.catch_up_plays``); it
changes no table and is safe to run on a database that has nothing to catch up.

Revision ID: 0010_plays_at_finish
Revises: 0009_box_owners
Create Date: 2026-11-25
"""
from alembic import op
from sqlalchemy.orm import Session

revision = "0010_plays_at_finish"
down_revision = "0009_box_owners"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from companion.groups import catch_up_plays
    with Session(bind=op.get_bind()) as s:
        catch_up_plays(s)  # flushed into the migration's own transaction


def downgrade() -> None:
    pass  # the plays stay: they are what a page view would have made before
