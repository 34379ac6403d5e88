/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The side panel's tabs (unit, log, VP, reference, chat), who is at an online table, and the
 * panel of the tab open.
 */
import { useEffect, useState } from 'preact/hooks';
import { type Tab, TabBar } from '../board-side.tsx';
import { ChatPanel, chatLabel, PresenceLine, type useSocial } from '../chat.tsx';
import { LogPanel, UnitPanel, VpPanel } from '../panels.tsx';
import { ReferencePanel } from '../table.tsx';
import type { Basics } from './basics.ts';
import type { usePanelData } from './lit.ts';
import type { Selection } from './selection.ts';
import type { BoardUi } from './ui.ts';

type Social = ReturnType<typeof useSocial>;

/** The last chat line seen in the Chat tab. */
export function useChatSeen(tab: Tab, social: Social): number {
  const [chatSeen, setChatSeen] = useState(0);
  const lastChat = social?.messages.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (tab === 'chat') setChatSeen(lastChat);
  }, [tab, lastChat]);
  return chatSeen;
}

export function TabPanels(p: {
  b: Basics;
  sel: Selection;
  ui: BoardUi;
  social: Social;
  chatSeen: number;
  facts: ReturnType<typeof usePanelData>['facts'];
}) {
  const { b, sel, ui, social } = p;
  const { tab } = ui;
  const { v, game, pres, view, board, online, colours, sideName } = b;
  return (
    <>
      <TabBar
        tabs={[
          'unit',
          'log',
          'vp',
          ...(pres.reference ? (['ref'] as const) : []),
          ...(online ? (['chat'] as const) : []),
        ]}
        tab={tab}
        onTab={ui.setTab}
        chat={chatLabel(social, p.chatSeen, v.seats)}
      />
      {social && (
        <PresenceLine
          social={social}
          sides={game.meta.sides.map((s) => s.id)}
          mine={v.seats}
          sideName={sideName}
          colours={colours}
        />
      )}
      {tab === 'chat' && online && social && (
        <ChatPanel session={online} social={social} mine={v.seats} sideName={sideName} colours={colours} />
      )}
      {tab === 'unit' && (
        <UnitPanel
          facts={p.facts}
          selected={sel.selected}
          colours={colours}
          onSelect={(id) => sel.select(id)}
          node={board.kind === 'hex' ? 'hex' : 'point'}
        />
      )}
      {tab === 'log' && (
        <LogPanel
          log={v.log}
          detail={pres.words.logDetail}
          text={(e) => pres.words.logText(view, e)}
          onHover={(e) => ui.setLogShown(e ? pres.board.logDrawing(view, e) : null)}
          onShow={(e) => {
            const d = pres.board.logDrawing(view, e);
            ui.setLogFocus(d ? (d.nodes[d.nodes.length - 1] ?? null) : null);
          }}
          onCite={ui.setCite}
        />
      )}
      {tab === 'vp' && <VpPanel score={pres.words.score(view, v.outcome !== null)} colours={colours} />}
      {tab === 'ref' && pres.reference && (
        <ReferencePanel sheets={pres.reference!.sheets(view)} onCite={ui.setCite} />
      )}
    </>
  );
}
