"""What the pages, the API and the operator's commands (`flask clubs ...`) call.

No Flask here. Accounts are in persons.py, roles in roles.py, one-use links in
links.py and API tokens in tokens.py; this module names the calls they share.
"""

from __future__ import annotations

from .links import invite_link, reset_link
from .persons import (
    create_account,
    find,
    set_password,
    sign_out_everywhere,
    verify,
)
from .roles import grant, role_of
from .tokens import new_token

__all__ = [
    "create_account",
    "find",
    "grant",
    "invite_link",
    "new_token",
    "reset_link",
    "role_of",
    "set_password",
    "sign_out_everywhere",
    "verify",
]
