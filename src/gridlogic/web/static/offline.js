// Installable, offline play, the page's side: it registers the service worker (sw.js, served at
// /sw.js so that its scope is the whole site) and tells it each puzzle the page shows, so that the
// worker keeps a stock of puzzles of the kinds played last, fetched in the background while the
// network answers. Offline, a new puzzle of such a kind comes from that stock (its answer says
// "stocked": true), and the records of plays made offline wait in records.js's queue until the
// browser is back online. Where service workers are missing or refused, the page works online as
// before.

const worker = () => (globalThis.navigator && "serviceWorker" in navigator ? navigator.serviceWorker : null);

function post(message) {
  worker()?.ready.then((registration) => registration.active?.postMessage(message)).catch(() => {});
}

// Registers the worker and asks it to fill its stock again whenever the browser is back online.
export function startOffline() {
  const workers = worker();
  if (!workers) return;
  workers.register("/sw.js").catch(() => { /* not allowed here: the page needs the network, as before */ });
  globalThis.addEventListener("online", () => post({ type: "refill" }));
}

// The API request a page link makes for its puzzle (main.js's open: the link's parameters but the
// game, in their order), e.g. /?game=G&size=5&seed=x -> /api/G/puzzle?size=5&seed=x.
export function linkRequestPath(game, link) {
  const params = new URL(link, "http://page").searchParams;
  params.delete("game");
  return `/api/${encodeURIComponent(game)}/puzzle?${params}`;
}

// The puzzle the page shows (as the API sent it) and its link: the worker keeps it by its ID and by
// the request its link makes (with its solution, so that it reopens, checks and reveals offline),
// and keeps puzzles of its kind in stock.
export function notePlayed(puzzle, link) {
  const { stocked, ...answer } = puzzle;
  post({ type: "played", puzzle: answer, requests: link ? [linkRequestPath(puzzle.game, link)] : [] });
}

// Whether the browser says it is offline (a hint for messages: "online" may still be unreachable).
export const offline = () => globalThis.navigator?.onLine === false;
