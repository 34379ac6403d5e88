/**
 * The offline games saved in this browser (localStorage, each its replay file): listed
 * by the home page without loading any game; `session.ts` plays them.
 */
export const LOCAL_STORE = 'stavka.local.';

/** The ids of the offline games saved here, sorted. */
export function localGames(): string[] {
  const out: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k?.startsWith(LOCAL_STORE)) out.push(k.slice(LOCAL_STORE.length));
  }
  return out.sort();
}

/** The game a saved offline game plays (null: unreadable). */
export function localGameOf(id: string): string | null {
  try {
    const file = JSON.parse(localStorage.getItem(LOCAL_STORE + id) ?? 'null') as { game?: unknown } | null;
    return typeof file?.game === 'string' ? file.game : null;
  } catch {
    return null;
  }
}
