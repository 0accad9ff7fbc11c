"""Installing: the web manifest, its icons and the service worker."""

import re
import struct


def png_size(data: bytes) -> tuple[int, int]:
    """Return a PNG's width and height, read from its IHDR header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_describes_an_installable_app(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = response.get_json(force=True)
    assert manifest["name"] == "Five Hundred Scorekeeper"
    assert manifest["short_name"] == "500"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["theme_color"].startswith("#")
    assert manifest["background_color"].startswith("#")
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any")} <= sizes
    assert any(purpose == "maskable" for _, purpose in sizes)


def test_every_icon_is_a_png_of_its_stated_size(client):
    icons = client.get("/manifest.webmanifest").get_json(force=True)["icons"]
    for icon in icons:
        with client.get(icon["src"]) as response:
            assert response.status_code == 200, icon["src"]
            assert response.mimetype == "image/png"
            width, height = png_size(response.get_data())
        assert f"{width}x{height}" == icon["sizes"], icon["src"]


def test_the_service_worker_is_served_from_the_root_and_always_revalidated(client):
    with client.get("/sw.js") as response:
        assert response.status_code == 200
        assert response.mimetype == "text/javascript"
        assert response.headers["Service-Worker-Allowed"] == "/"
        assert response.cache_control.no_cache
        body = response.get_data(as_text=True)
    assert 'addEventListener("fetch"' in body
    assert '"GET"' in body and '"/api/"' in body  # only GETs, never the API


def test_every_page_links_the_manifest_the_worker_and_both_theme_colours(client):
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    for scheme in ("light", "dark"):
        assert f'media="(prefers-color-scheme: {scheme})"' in page
    assert page.count('<meta name="theme-color" content="#') == 2
    assert re.search(r'src="/static/pwa\.[0-9a-f]{12}\.js"', page)
    assert 'data-worker="/sw.js"' in page
    assert 'id="offline"' in page and " hidden>" in page
