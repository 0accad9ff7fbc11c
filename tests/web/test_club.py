"""The club password: the one check behind merging, renaming and seasons."""

import pytest

from scorekeeper import create_app
from scorekeeper.errors import Forbidden
from scorekeeper.web.clubs import password as club


@pytest.fixture
def request_context(app):
    """Check the password as a request would: it counts tries in the database."""
    with app.test_request_context(environ_base={"REMOTE_ADDR": "192.0.2.1"}):
        yield


def test_the_right_password_passes(request_context):
    club.check("Friday at eight", "Friday at eight")


@pytest.mark.parametrize("given", [None, "", "friday at eight", "Friday at eigh"])
def test_a_wrong_or_missing_password_is_refused_naming_the_field(
    request_context, given
):
    with pytest.raises(Forbidden, match="not the club password") as refused:
        club.check(given, "Friday at eight")
    assert refused.value.field == "password"


@pytest.mark.parametrize("configured", [None, ""])
def test_without_a_club_password_set_nothing_passes(request_context, configured):
    with pytest.raises(Forbidden, match="no club password"):
        club.check("anything", configured)


def test_the_password_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("CLUB_PASSWORD", "Friday at eight")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "AUTO_MIGRATE": False})
    assert app.config["CLUB_PASSWORD"] == "Friday at eight"
