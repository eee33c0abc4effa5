// localStorage that never throws: in a private window, or with storage turned off, nothing is
// kept and load answers null.

export function load(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

export function save(key, value) {
  try { localStorage.setItem(key, value); } catch { /* nothing is kept */ }
}
