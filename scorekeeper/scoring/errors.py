"""The one exception the scoring engine raises, and the mark for its words."""

from __future__ import annotations


def N_(words: str) -> str:
    """Mark words for the catalogue (pybabel's N_): the page translates them."""
    return words


class Word(str):
    """A value in an error's sentence that is a marked word, not a name.

    Such as "player" in "Every %(what)s needs a name": the page translates it
    with the sentence.
    """

    __slots__ = ()


class Quoted:
    """A value in an error's sentence quoted as it was sent, such as a name typed.

    English shows it as Python writes it ('Zoé'); a page in another language
    puts it between that language's quotes (« Zoé »), the catalogue's QUOTES.
    """

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __str__(self) -> str:
        return repr(self.value)

    def __repr__(self) -> str:
        return f"Quoted({self.value!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Quoted) and other.value == self.value

    def __hash__(self) -> int:
        return hash(repr(self.value))

    @property
    def inner(self) -> str:
        """Return the value without the quotes, its control characters escaped."""
        said = repr(self.value)
        return said[1:-1] if isinstance(self.value, str) else said


class Listed(tuple[object, ...]):
    """Values a sentence lists (tables 1 and 2): each language joins them its way.

    English reads "1, 2 and 3"; a page says "1, 2 et 3" in French.
    """

    __slots__ = ()

    def __str__(self) -> str:
        said = [str(value) for value in self]
        if len(said) < 2:
            return "".join(said)
        return f"{', '.join(said[:-1])} and {said[-1]}"


# How a sentence quotes a value, for the catalogue to say in each language.
QUOTES = N_("'%(value)s'")


class ScoringError(ValueError):
    """Bad input to the engine: names the field at fault and, in a replay, the hand.

    The sentence is written once, in English, as a template marked N_ with its
    values apart (`%(name)s`): `message` reads it in English, and a page says it
    in its own language from `template` and `params` (errors.AppError).
    """

    def __init__(
        self,
        field: str | None,
        template: str,
        hand: int | None = None,
        **params: object,
    ):
        message = template % params if params else template
        super().__init__(message)
        self.field = field
        self.template = template
        self.params = params
        self.message = message
        self.hand = hand

    def __str__(self) -> str:
        return self.message

    def at(self, hand: int) -> ScoringError:
        """Return the same error naming the hand of a replay it came from."""
        return type(self)(self.field, self.template, hand, **self.params)
