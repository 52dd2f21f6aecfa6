"""A game's own pages beside the generic ones: ``extras/<slug>.py`` holds a blueprint ``bp``,
registered when the game is (``companion.web.init_app``)."""
