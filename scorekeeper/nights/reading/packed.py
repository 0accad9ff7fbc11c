"""A night's JSON gzipped part by part, each part packed once.

A night's answer is written in parts (board.night_parts): its own fields, each
round's JSON, the standings and the awards. After a hand only its round's part
is new; gzipping the whole answer again (an 80-table night's 190 KB) took 1.6
ms of every draw, more than drawing it. Each part is packed here on its own, as
deflate blocks that refer to nothing before them and end on a byte (a sync
flush, as pigz packs a file in pieces), so the packed parts, one after the
other under a gzip header and before its trailer, are one gzip stream of the
whole answer: a browser reads it as any other. A part packed once is kept by
its text, so a draw after a hand packs one round and the night's own fields.
"""

from __future__ import annotations

import struct
import zlib

from ...db.kept import Kept
from ...web import compress

# A gzip member's header: deflate, no flags, no time, no extra flags, any OS.
HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
LAST = b"\x03\x00"  # deflate's last block, empty: the stream ends
# By a part's text: its deflate blocks. A night's parts are its rounds, so a
# few nights' worth.
_PACKED: Kept[str, bytes] = Kept(256)


def _pack(part: str) -> bytes:
    """Return a part as deflate blocks that end on a byte, with no last block."""
    packer = zlib.compressobj(compress.LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    return packer.compress(part.encode()) + packer.flush(zlib.Z_SYNC_FLUSH)


def packed(parts: tuple[str, ...]) -> bytes:
    """Return the parts, one after the other, as one gzip stream."""
    whole = "".join(parts).encode()
    blocks = b"".join(_PACKED.made(p, lambda p=p: _pack(p)) for p in parts if p)
    # The trailer: the whole's CRC-32 and its length (modulo 2**32).
    trailer = struct.pack("<II", zlib.crc32(whole), len(whole) & 0xFFFFFFFF)
    return HEADER + blocks + LAST + trailer


def forget() -> None:
    """Forget what is kept (tests that count what a draw packs)."""
    _PACKED.clear()
