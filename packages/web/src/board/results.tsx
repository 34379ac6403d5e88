/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Results and summaries below the work: the last result and the player's own (folded), the
 * pause after player-turns ended, the recap open.
 */
import type { ThreatLine } from '@stavka/engine';
import { RecapPanel, ResultBanner, TurnPause } from '../table.tsx';
import type { Basics } from './basics.ts';
import type { LogEvents } from './log-events.ts';
import type { Recap } from './recap.ts';

export function ResultsPanels(p: {
  b: Basics;
  events: LogEvents;
  recap: Recap;
  threats: readonly ThreatLine[];
  setCite: (c: string | null) => void;
}) {
  const { b, events, threats } = p;
  const { bannerAt, banners, setBanners } = events;
  const { recap, setRecap } = p.recap;
  return (
    <>
      {banners.latest && (
        <ResultBanner
          banner={banners.latest}
          heading={bannerAt.own === bannerAt.latest ? 'Your last result' : 'Last result'}
          sideName={b.sideName}
          onDismiss={() => {
            setBanners({ latest: null, own: null });
            events.setResultFocus(null);
          }}
          onCite={p.setCite}
        />
      )}
      {banners.own && bannerAt.own !== bannerAt.latest && (
        <ResultBanner
          banner={banners.own}
          heading="Your last result"
          sideName={b.sideName}
          onDismiss={() => setBanners((x) => ({ ...x, own: null }))}
          onCite={p.setCite}
          folded
        />
      )}
      {events.pause.length > 0 && (
        <TurnPause
          turns={events.pause}
          mine={b.isMine}
          onRecap={(t) => {
            events.setPause([]);
            p.recap.openRecap(t);
          }}
          onContinue={() => events.setPause([])}
          threats={threats}
        />
      )}
      {recap && (
        <RecapPanel
          label={recap.label}
          steps={recap.steps}
          at={recap.at}
          onStep={(i) => setRecap({ ...recap, at: Math.max(0, Math.min(recap.steps.length - 1, i)) })}
          onClose={() => setRecap(null)}
        />
      )}
    </>
  );
}
