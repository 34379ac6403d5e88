/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The side panel's work, first so that what to do and what it leads to stay in view (issue #45
 * item 2): the stack picker, the question before an action that cannot be taken back, errors
 * and notices, the set-up tray, the actions and the combat preview.
 */
import type { Action } from '@stavka/engine';
import type { Tab } from '../board-side.tsx';
import { ConfirmPanel } from '../board-side.tsx';
import { CombatPreview } from '../panels.tsx';
import { stackOrder, stackTotal } from '../stacks.ts';
import { ActionButtons, MissingList, StackPicker, TrayPanel } from '../table.tsx';
import type { Basics } from './basics.ts';
import type { usePanelData, usePreviews, useThreats } from './lit.ts';
import { type Selection, usePickerDrawn } from './selection.ts';
import type { BoardUi } from './ui.ts';

type PanelData = ReturnType<typeof usePanelData>;

export function WorkPanel(p: {
  b: Basics;
  sel: Selection;
  panel: PanelData;
  missing: ReturnType<typeof useThreats>['missing'];
  preview: ReturnType<typeof usePreviews>['preview'];
  ui: BoardUi;
  pieceOf: (a: Action) => string | null;
  take: (a: Action, then?: () => void) => void;
  submit: (a: Action) => Promise<void>;
}) {
  const { b, sel, panel, ui } = p;
  const { v, pres, view, side, mine, sideName } = b;
  const { pending } = sel;
  const pickerAt = usePickerDrawn(sel.picker);
  return (
    // data-picker-opening: a stack's picker is to be drawn in the next frame (usePickerDrawn).
    <div class="work" data-picker-opening={sel.picker !== pickerAt ? '' : undefined}>
      {pickerAt !== null && (
        <NodePicker
          b={b}
          sel={sel}
          at={pickerAt}
          buttons={panel.buttons}
          pieceOf={p.pieceOf}
          take={p.take}
          setTab={ui.setTab}
        />
      )}
      {pending && (
        <ConfirmPanel
          question={pending.question}
          onYes={() => {
            const { action, then } = pending;
            sel.setPending(null);
            void p.submit(action);
            then?.();
          }}
          onCancel={() => sel.setPending(null)}
        />
      )}
      {ui.error && (
        <p class="error" role="alert">
          {ui.error}
        </p>
      )}
      {ui.notice && (
        <p class="notice" role="status">
          {ui.notice}
        </p>
      )}
      {panel.tray && (
        <TrayPanel
          tray={panel.tray}
          colours={b.colours}
          selected={sel.selected}
          onSelect={(id) => sel.select(id)}
        />
      )}
      <section class="panel actions" aria-label="actions">
        <h3>Actions</h3>
        {panel.buttons.length === 0 && (
          <p>
            {mine
              ? 'Use the map.'
              : v.mode === 'replay'
                ? 'A replay: step through it below.'
                : side
                  ? `Waiting for ${sideName(side)}.`
                  : 'Nothing to do now.'}
          </p>
        )}
        <ActionButtons
          actions={panel.buttons}
          describe={(a) => pres.words.describe(view, a)}
          group={(a) => pres.controls.buttonGroup(view, a)}
          onAction={(a) => {
            ui.setButtonShown(null);
            p.take(a, () => sel.select(null));
          }}
          onHover={ui.setButtonShown}
        />
        <MissingList items={p.missing} onCite={ui.setCite} />
      </section>
      {p.preview && <CombatPreview data={p.preview} />}
    </div>
  );
}

/** The stack picker of node `at` (issue #45 item 3): nothing unless two or more pieces are there. */
function NodePicker(p: {
  b: Basics;
  sel: Selection;
  at: number;
  buttons: readonly Action[];
  pieceOf: (a: Action) => string | null;
  take: (a: Action, then?: () => void) => void;
  setTab: (t: Tab) => void;
}) {
  const { b, sel, at } = p;
  const { pres, view, side, mine, board, pieces } = b;
  const drawn = stackOrder(pieces.filter((x) => x.at === at)).reverse();
  if (drawn.length < 2) return null;
  const facts = pres.board.nodeFacts(view, at);
  const named = new Map(facts.pieces.map((f) => [f.id, f]));
  return (
    <StackPicker
      heading={facts.heading}
      units={drawn.map((piece) => ({
        piece,
        name: named.get(piece.id)?.name ?? piece.label,
        facts: named.get(piece.id)?.facts ?? piece.label,
      }))}
      total={stackTotal(drawn)}
      selected={sel.selected}
      group={sel.group}
      node={board.kind === 'hex' ? 'hex' : 'point'}
      own={mine ? drawn.filter((x) => x.side === side).map((x) => x.id) : []}
      colours={b.colours}
      actionsOf={(id) => (mine ? p.buttons.filter((a) => p.pieceOf(a) === id) : [])}
      describe={(a) => pres.words.describe(view, a)}
      onPick={(id) => {
        sel.select(id);
        p.setTab('unit');
      }}
      onPickAll={(ids) => {
        sel.select(ids[0] ?? null, ids);
        p.setTab('unit');
      }}
      onAction={(a) => p.take(a)}
      onClose={() => sel.setPicker(null)}
    />
  );
}
