"""The phone pages: server-rendered, one thumb, plain forms that POST then redirect."""

from flask import Blueprint, render_template

bp = Blueprint("pages", __name__)


@bp.get("/")
def home() -> str:
    """Show the home page."""
    return render_template("pages/home.html")
