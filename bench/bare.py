"""The floor of this stack: one Flask route doing nothing, served by the same gunicorn setup."""
from flask import Flask

app = Flask(__name__)


@app.get("/")
def bare() -> str:
    return "ok"
