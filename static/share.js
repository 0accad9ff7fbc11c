// Share a link or a text (data-url or data-text): Copy, and the phone's own
// share sheet where it has one (a secure context only). Without this script
// the link or the text is there to press and hold.
document.addEventListener("DOMContentLoaded", () => {
  for (const box of document.querySelectorAll(".share-actions")) {
    const { url, text, title } = box.dataset;
    const words = text ?? url;
    const said = box.nextElementSibling;
    const say = (words) => { if (said) said.textContent = words; };
    const copy = box.querySelector("[data-copy]");
    const share = box.querySelector("[data-share]");

    copy.hidden = false;
    copy.addEventListener("click", async () => {
      let copied = false;
      try {
        await navigator.clipboard.writeText(words);
        copied = true;
      } catch (error) {
        copied = copyOverHttp(words);  // no Clipboard API over plain http
      }
      // The page's words when it is translated (data-copied, data-refused).
      const { copied: done = "Copied.", refused = "This phone would not copy it: press and hold it to copy." } = said?.dataset ?? {};
      say(copied ? done : refused);
    });

    if (navigator.share) {
      share.hidden = false;
      share.addEventListener("click", () => {
        const shared = text === undefined ? { title, url } : { title, text };
        navigator.share(shared).catch(() => {});  // closed: nothing to say
      });
    }
  }
});

// The older way, from a selected text box: it works over plain http too.
function copyOverHttp(text) {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "visually-hidden";
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch (error) {
    return false;
  } finally {
    area.remove();
  }
}
