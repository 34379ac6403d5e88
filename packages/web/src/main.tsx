/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { render } from 'preact';
import { App } from './app.tsx';
import { askSeatViewsEarly } from './seat-views.ts';

// A game's views asked for now, not once the game page's chunks have come (issue #49).
askSeatViewsEarly();

render(<App />, document.getElementById('app')!);
