// Installing and offline: registers the service worker, and says so plainly
// when the phone is offline or the page is the copy the worker kept.
(() => {
  const script = document.currentScript;
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(script.dataset.worker, { scope: "/" })
      .catch(() => {});  // no worker: the app works as before, only not offline
  }
  document.addEventListener("DOMContentLoaded", () => {
    const line = document.getElementById("offline");
    // The worker adds this to the copy it keeps, and serves that copy only
    // when the server could not be reached.
    const copy = document.querySelector('meta[name="offline-copy"]');
    if (!line) return;
    const show = () => {
      if (copy && navigator.onLine) {
        line.textContent = "Back online: reload for the latest score.";
      }
      line.hidden = !copy && navigator.onLine;
    };
    window.addEventListener("online", show);
    window.addEventListener("offline", show);
    show();
  });
})();
