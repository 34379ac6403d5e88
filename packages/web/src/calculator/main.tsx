/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference types="vite/client" />
/**
 * The calculator page's entry (calc.html): a page of its own, apart from the game
 * client, so it loads fast on a phone and keeps working offline (the service worker
 * the build writes, sw.js, caches this page's files and every game's calculator chunks).
 * It loads only the game it shows (its module and the tables its card names); the list
 * of games is their cards.
 */
import { render } from 'preact';
import { CARDS } from '../games.ts';
import { GameList } from './calculator.tsx';
import { CalculatorApp } from './calculator-app.tsx';
import { catalogueOf } from './tables.ts';
import { gameOfUrl } from './url-state.ts';
import './calculator.css';

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
  // The game's standard tables, drawn beside a result: the ones its card names, a chunk
  // of the game's own, loaded beside its module.
  Promise.all([card.module(), card.calculatorTables?.() ?? []]).then(([module, tables]) => {
    render(
      <CalculatorApp
        games={module.calculator ? [{ ...module, calculator: module.calculator }] : []}
        catalogue={catalogueOf(tables)}
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
