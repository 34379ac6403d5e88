/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference types="vite/client" />
/**
 * The calculator page's entry (calc.html): a page of its own, apart from the game
 * client, so it loads fast on a phone and keeps working offline (the service worker
 * the build writes, sw.js, caches exactly this page's files).
 */
import { GAMES } from '@stavka/games';
import { render } from 'preact';
import { hasCalculator } from './calculator.tsx';
import { CalculatorApp } from './calculator-app.tsx';
import { catalogueOf } from './tables.ts';
import './calculator.css';

// The games' standard tables, drawn beside a result: every table data file of every
// game (odds CRTs and fire tables), found by name, read as data.
const tableFiles = import.meta.glob<unknown>(
  ['../../../games/src/*/data/crt*.json', '../../../games/src/*/data/fire-table*.json'],
  { eager: true, import: 'default' },
);

const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
})();

render(
  <CalculatorApp
    games={Object.values(GAMES).filter(hasCalculator)}
    catalogue={catalogueOf(Object.values(tableFiles))}
    search={location.search}
    {...(storage ? { storage } : {})}
    onAddress={(url) => {
      if (url !== location.pathname + location.search) history.replaceState(null, '', url);
    }}
  />,
  document.getElementById('app')!,
);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch(() => {
    // No offline copy (a private window, an old browser): the page works online as before.
  });
}
