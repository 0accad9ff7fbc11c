"""The language a page speaks: the phone's choice, else its Accept-Language.

English is the default. Flask-Babel translates; the catalogues sit in
scorekeeper/translations/ and are compiled (.mo) at install time. A language
whose catalogue was not compiled is not offered, so the app falls back to
English rather than to a `lang` it cannot speak.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from babel.core import Locale, negotiate_locale
from babel.dates import format_date
from babel.numbers import format_decimal
from babel.support import Translations
from flask import (
    Flask,
    current_app,
    flash,
    has_app_context,
    has_request_context,
    redirect,
    request,
    url_for,
)
from flask.globals import app_ctx
from flask_babel import Babel, force_locale, get_locale, get_translations, gettext
from werkzeug.datastructures import LanguageAccept
from werkzeug.wrappers import Request, Response

from .db.clubs import scope
from .errors import listed
from .scoring import Contract
from .scoring.contracts import spoken as spoken_contract
from .scoring.errors import N_ as N_  # the one mark, for the pages' modules

DEFAULT = "en"
# Each language's own name, as the switch shows it.
NAMES = {"en": "English", "fr": "Français"}
COOKIE = "lang"
KEPT_FOR = 400 * 24 * 3600  # the longest a browser keeps a cookie
TRANSLATIONS = Path(__file__).resolve().parent / "translations"


def compiled(folder: Path) -> tuple[str, ...]:
    """Return the languages spoken: English, and each with a compiled catalogue."""
    found = {path.parent.parent.name for path in folder.glob("*/LC_MESSAGES/*.mo")}
    return (DEFAULT, *sorted(found & set(NAMES) - {DEFAULT}))


def negotiated(accepted: LanguageAccept, spoken: tuple[str, ...]) -> str:
    """Return the language a phone's Accept-Language asks for, by Babel's rules.

    fr, fr-CA and fr_FR all give fr; a tag the phone refuses (q=0) counts for
    nothing; English if nothing it asks for is spoken.
    """
    asked = [tag.replace("_", "-") for tag, quality in accepted if quality > 0]
    found = negotiate_locale(asked, spoken, sep="-")
    return found.lower() if found else DEFAULT


def chosen(asked: Request, spoken: tuple[str, ...]) -> str:
    """Return a request's language: the switch's cookie, else its club's (many
    clubs), else its Accept-Language."""
    picked = asked.cookies.get(COOKIE, "")
    if picked in spoken:
        return picked
    # Read with the club at the request's start (web/clubs/prefix.py), so the
    # ETag made before Flask runs (asked_for) names the language Flask draws in.
    place = scope.current()
    if place is not None and place.language in spoken:
        return place.language
    return negotiated(asked.accept_languages, spoken)


def asked_for(asked: Request) -> str:
    """Return the language a request asks for, among all the app knows (no app).

    A page's ETag names it, so a phone that switches is sent the page anew.
    """
    return chosen(asked, tuple(NAMES))


def spoken() -> tuple[str, ...]:
    """Return the languages this app speaks (English first)."""
    languages: tuple[str, ...] = current_app.extensions["scorekeeper.languages"]
    return languages


class Page(NamedTuple):
    """What a page asks of its language at every word and number: its locale (as
    Flask-Babel chose it), its catalogue and its `<html lang>`."""

    locale: Locale
    words: Translations
    spoken: str


def page() -> Page | None:
    """Return the page's language, found once per request and again only if its
    locale changes (force_locale); None outside the app.

    Flask-Babel finds the locale and catalogue through `g` at each ask, and a big
    screen asks five hundred times: this looks at the request's globals once."""
    if not has_app_context():
        return None
    # The request's globals themselves, not through their proxy at every ask.
    held = app_ctx._get_current_object().g.__dict__  # type: ignore[attr-defined]
    found: Page | None = held.get("_page")
    babel = held.get("_flask_babel")
    if found is not None and getattr(babel, "babel_locale", None) is found.locale:
        return found
    locale = get_locale()
    if locale is None:
        return None
    found = Page(locale, get_translations(), str(locale))
    held["_page"] = found
    return found


def words() -> Translations:
    """Return the page's catalogue (Flask-Babel's), found once per request."""
    found = page()
    return found.words if found else get_translations()


def current() -> str:
    """Return the language of the page being drawn (its `<html lang>`)."""
    found = page()
    return found.spoken if found else DEFAULT


def tagged(etag: str) -> str:
    """Return a page's ETag naming its language too (an English page's is kept)."""
    spoken = current()
    return etag if spoken == DEFAULT else f"{etag}-{spoken}"


def switch() -> Response:
    """Speak the language a phone picked, from now on; say so in that language."""
    picked = request.form.get("lang", "")
    if picked not in spoken():
        picked = DEFAULT
    with force_locale(picked):
        flash(gettext("This phone now shows the app in English."))
    back = request.form.get("next", "")
    # Only a path on this site: never a redirect to somewhere else.
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        back = url_for("games.home")
    response = redirect(back)
    response.set_cookie(
        COOKIE,
        picked,
        max_age=KEPT_FOR,
        samesite="Lax",
        httponly=True,
        secure=request.is_secure,
    )
    return response


def vary(response: Response) -> Response:
    """Tell caches a page depends on the phone's languages (and its switch)."""
    if response.mimetype == "text/html":
        response.vary.add("Accept-Language")
    return response


MINUS = "\u2212"  # the minus sign, in every language's display (not a hyphen)


def points(number: int) -> str:
    """Return points as the page's language writes them: 1 000 in French.

    English pages keep the plain digits they always showed (1000), and every
    language writes a negative score with the minus sign: −120.
    """
    said = _written(abs(number), current())
    return f"{MINUS}{said}" if number < 0 else said


def decimal(number: float, pattern: str = "0.0") -> str:
    """Return a decimal number as the page's language writes it (0,6 in French),
    with the minus sign, not a hyphen (−0,6): the `decimalformat` filter."""
    said = format_decimal(number, pattern, locale=current())
    return said.replace("-", MINUS)


@lru_cache(maxsize=4096)
def _written(size: int, spoken: str) -> str:
    """Return a number of points as a language writes it (Babel's rules, each
    number once: a big screen writes two hundred scores, most of them alike)."""
    return str(size) if spoken == DEFAULT else format_decimal(size, locale=spoken)


class PageWords:
    """The page's words for the engine's sentences (scoring.Words): its catalogue,
    and points as its language writes them ("objectif 1 000", "−1 000")."""

    def __init__(self) -> None:
        self.translations = words()

    def gettext(self, message: str) -> str:
        """Return a message in the page's language."""
        return str(self.translations.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """Return a counted message in the page's language."""
        return str(self.translations.ngettext(singular, plural, n))

    def number(self, n: int) -> str:
        """Return points as the page writes them (`points`)."""
        return points(n)


def day(when: date | str) -> str:
    """Return a day as the page's language writes it: 25 nov. 2026 in French.

    English pages keep the ISO day they always showed (2026-11-25). A game's
    day is the day it started in UTC, as the seasons count it; an ISO time (the
    API's summary of a game) is read first.
    """
    if isinstance(when, str):
        when = datetime.fromisoformat(when)
    spoken = current()
    if spoken == DEFAULT:
        return f"{when:%Y-%m-%d}"
    if when.day == 1 and spoken.startswith("fr"):  # le 1er septembre (OQLF)
        return format_date(when, "d'er' MMM y", spoken)
    return format_date(when, "medium", spoken)


def named(contract: Contract) -> str:
    """Return a contract's name as the page's language writes it: 9SA in French
    (9NT in English), 7♥ as it is, a special contract in the page's words."""
    if contract.suit is None:
        return gettext(contract.name)
    if contract.suit == "NT":
        return contract.name.removesuffix("NT") + gettext("NT")
    return contract.name


def said(contract: Contract) -> str:
    """Return a contract's name as a screen reader says it, in the page's language."""
    return spoken_contract(contract, PageWords())


def init_app(app: Flask) -> None:
    """Translate pages into the phone's language; add the switch's route."""
    folder = Path(app.config.get("BABEL_TRANSLATION_DIRECTORIES", TRANSLATIONS))
    languages = compiled(folder)
    app.extensions["scorekeeper.languages"] = languages
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(folder)
    # Outside a request (a command, a service called by a test) words stay English.
    Babel(
        app,
        locale_selector=lambda: (
            chosen(request, languages) if has_request_context() else DEFAULT
        ),
    )
    # The pages' words from the catalogue found once per request (`words`).
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: words().ugettext(s),
        ngettext=lambda s, p, n: words().ungettext(s, p, n),
        pgettext=lambda c, s: words().upgettext(c, s),
        npgettext=lambda c, s, p, n: words().unpgettext(c, s, p, n),
        newstyle=True,
    )
    app.add_template_global(current, "language")
    app.jinja_env.globals["language_names"] = NAMES
    app.add_template_global(spoken, "languages")
    app.add_template_global(said)
    app.add_template_global(named)
    app.add_template_filter(points)
    app.add_template_filter(day)
    app.add_template_filter(listed)
    app.add_template_filter(decimal, "decimalformat")  # Flask-Babel's, with −
    app.add_url_rule("/language", "language", switch, methods=["POST"])
    # A language is no secret worth a token: a form from anywhere may change it,
    # and the home page that carries the switch needs no session for it.
    app.extensions["csrf"].exempt(switch)
    app.after_request(vary)
