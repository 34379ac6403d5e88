/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The calculator page's state: the game and the form read from the address, the
 * address kept up to date as the user types (replaceState: a link is the calculation,
 * and Back still leaves the page), tables the user loaded kept in localStorage.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { addressOf, type CalcGame, CalculatorPage, GameList } from './calculator.tsx';
import type { CalcForm } from './form.ts';
import { loadStoredTable, type StoredTable, saveStoredTable, type TableCatalogue } from './tables.ts';
import { gameOfUrl, parseCalcUrl } from './url-state.ts';

export interface CalculatorAppProps {
  /** The games with a calculator, in the registry's order. */
  readonly games: readonly CalcGame[];
  readonly catalogue: TableCatalogue;
  /** The address's query string at load ("?game=<id>&attack=12"). */
  readonly search: string;
  /** Where loaded tables are kept (localStorage; absent in tests). */
  readonly storage?: Storage;
  /** Called with the page's address after every change (history.replaceState in the browser). */
  readonly onAddress?: (url: string) => void;
}

function storedTables(storage: Storage | undefined, game: CalcGame): Record<string, StoredTable> {
  const out: Record<string, StoredTable> = {};
  for (const f of game.calculator.fields) {
    if (f.kind !== 'table') continue;
    const t = loadStoredTable(storage, game.id, f.key);
    if (t) out[f.key] = t;
  }
  return out;
}

export function CalculatorApp(p: CalculatorAppProps) {
  const id = gameOfUrl(p.search);
  const game = p.games.find((g) => g.id === id);
  if (!game) return <GameList games={p.games} />;
  return <GameCalculatorState {...p} game={game} />;
}

function GameCalculatorState(p: CalculatorAppProps & { game: CalcGame }) {
  const { game } = p;
  const start = useMemo(() => parseCalcUrl(game.calculator.fields, p.search), [game, p.search]);
  const [form, setForm] = useState<CalcForm>(start.form);
  // Files the link carries whole come before the ones kept in this browser.
  const [loaded, setLoaded] = useState<Record<string, StoredTable>>(() => ({
    ...storedTables(p.storage, game),
    ...Object.fromEntries(
      Object.entries(start.files).map(([k, file]) => [k, { name: 'from the link', file }]),
    ),
  }));
  // The link's table ids, until a table is loaded or dropped here.
  const [linked, setLinked] = useState(start.tables);
  useEffect(() => {
    p.onAddress?.(addressOf(game, form, loaded));
  }, [game, form, loaded]);
  useEffect(() => {
    document.title = `${game.meta.title}: calculator — Stavka`;
  }, [game]);
  return (
    <CalculatorPage
      game={game}
      form={form}
      onForm={setForm}
      loaded={loaded}
      linked={Object.fromEntries(Object.entries(linked).filter(([k]) => !loaded[k]))}
      onLoad={(field, t) => {
        saveStoredTable(p.storage, game.id, field, t);
        setLinked(({ [field]: _, ...rest }) => rest);
        setLoaded(({ [field]: _, ...rest }) => (t ? { ...rest, [field]: t } : rest));
      }}
      catalogue={p.catalogue}
    />
  );
}
