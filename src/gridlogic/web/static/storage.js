// localStorage that never throws: in a private window, or with storage turned off, nothing is
// kept and load answers null. save answers whether the value was kept (false when storage is
// full or off), so that a caller can make room and try again.

export function load(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

export function save(key, value) {
  try { localStorage.setItem(key, value); return true; } catch { return false; }
}

export function remove(key) {
  try { localStorage.removeItem(key); } catch { /* nothing was kept */ }
}
