/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference types="vite/client" />
/**
 * The calculator page's entry (calc.html): a page of its own, apart from the game
 * client, so it loads fast on a phone and keeps working offline (the service worker
 * the build writes, sw.js, caches this page's files and every game's calculator chunks).
 * It loads only the game it shows (its module and its tables); the list of games is
 * their cards.
 */
import { render } from 'preact';
import { CARDS } from '../games.ts';
import { GameList } from './calculator.tsx';
import { CalculatorApp } from './calculator-app.tsx';
import { catalogueOf } from './tables.ts';
import { gameOfUrl } from './url-state.ts';
import './calculator.css';

// The games' standard tables, drawn beside a result: every table data file of every
// game (odds CRTs and fire tables), found by name, read as data, each loaded when its
// game's calculator is shown.
const tableFiles = import.meta.glob<unknown>(
  ['../../../games/src/*/data/crt*.json', '../../../games/src/*/data/fire-table*.json'],
  { import: 'default' },
);

const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
})();

const root = document.getElementById('app')!;
const games = CARDS.filter((c) => c.calculator);
const card = games.find((c) => c.id === gameOfUrl(location.search));
if (!card) render(<GameList games={games} />, root);
else {
  const tables = Object.entries(tableFiles)
    .filter(([path]) => path.includes(`/games/src/${card.id}/`))
    .map(([, load]) => load());
  Promise.all([card.module(), Promise.all(tables)]).then(([module, files]) => {
    render(
      <CalculatorApp
        games={module.calculator ? [{ ...module, calculator: module.calculator }] : []}
        catalogue={catalogueOf(files)}
        search={location.search}
        {...(storage ? { storage } : {})}
        onAddress={(url) => {
          if (url !== location.pathname + location.search) history.replaceState(null, '', url);
        }}
      />,
      root,
    );
  });
}

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch(() => {
    // No offline copy (a private window, an old browser): the page works online as before.
  });
}
