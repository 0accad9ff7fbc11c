"""What renaming a player (or merging two) does, in the words a page says.

The sentences are said before the change (the confirmation) and after (its
flash line), in the request's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.lists import format_list
from flask_babel import get_locale, gettext, ngettext

from ..scoring import name_key


def both(first: str, second: str) -> str:
    """Return two names joined as the page's language joins them ("Ann and Cat")."""
    return format_list([first, second], locale=get_locale() or "en")


def games(count: int) -> str:
    """Return a count of games in words."""
    return ngettext("%(num)s game", "%(num)s games", count)


@dataclass(frozen=True)
class Change:
    """What renaming a player does, said before it is done and after."""

    old: str  # the person's name, as most often spelled
    new: str  # the name each of their games will spell
    into: str | None  # the other person's name, when this makes two people one
    moving: int  # the person's games
    joining: int  # the other person's games
    spellings: tuple[str, ...]  # the spellings that give way to `new`
    games: tuple[str, ...]  # the ids of the games that change
    looks_like: str | None = None  # someone else the new name looks like (TS #39)

    @property
    def merge(self) -> bool:
        """Return whether this makes two people one."""
        return self.into is not None

    @property
    def words(self) -> list[str]:
        """Return what the change will do, in sentences."""
        names = {"old": self.old, "new": self.new, "into": self.into}
        if self.into is not None:
            first = ngettext(
                "%(old)s's %(num)s game becomes %(into)s's: "
                "one person, %(all)s in all.",
                "%(old)s's %(num)s games become %(into)s's: "
                "one person, %(all)s in all.",
                self.moving,
                all=games(self.moving + self.joining),
                **names,
            )
        elif name_key(self.old) == name_key(self.new):
            first = ngettext(
                "%(old)s's %(num)s game will spell the name %(new)s.",
                "%(old)s's %(num)s games will spell the name %(new)s.",
                self.moving,
                **names,
            )
        else:
            first = ngettext(
                "%(old)s's %(num)s game becomes %(new)s's.",
                "%(old)s's %(num)s games become %(new)s's.",
                self.moving,
                **names,
            )
        quoted = ", ".join(gettext("“%(name)s”", name=s) for s in self.spellings)
        many, changed = len(self.spellings), games(len(self.games))
        if many > 1:
            spelled = gettext(
                "%(many)s spellings (%(quoted)s) become “%(new)s” in %(changed)s.",
                many=many,
                quoted=quoted,
                new=self.new,
                changed=changed,
            )
        else:
            spelled = gettext(
                "%(quoted)s becomes “%(new)s” in %(changed)s.",
                quoted=quoted,
                new=self.new,
                changed=changed,
            )
        said = [
            first,
            spelled,
            gettext("Their scoreboards, statistics, standings and ratings follow."),
        ]
        if self.looks_like is not None:
            said.append(
                gettext(
                    "%(new)s looks like %(known)s, who has played here before. The "
                    "same person? Go back and rename to %(known)s: that makes them "
                    "one.",
                    new=self.new,
                    known=self.looks_like,
                )
            )
        return said

    @property
    def done(self) -> str:
        """Return what the change did, in one sentence."""
        changed = games(len(self.games))
        if self.into is not None:
            return gettext(
                "%(both)s are one person now: %(new)s (%(changed)s changed).",
                both=both(self.old, self.into),
                new=self.new,
                changed=changed,
            )
        return gettext(
            "%(old)s is %(new)s now (%(changed)s changed).",
            old=self.old,
            new=self.new,
            changed=changed,
        )
