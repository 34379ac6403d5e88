/**
 * A game's presentation as the game page reads it (engine `Presentation`): its four required
 * parts with every optional feature filled by the web's fallback, here and nowhere else. A
 * game without a feature plays as if it had one that says nothing: no arrows, no focus, no
 * banners, no player-turns, the log's own text, no question before an action, no tray, no
 * threats, no reason why not; the piece an action is about is its `unit`. Only the reference
 * stays optional: a game without sheets has no Reference tab.
 */
import type {
  Action,
  BoardPart,
  ControlsPart,
  Presentation,
  PreviewPart,
  ReferencePart,
  WordsPart,
} from '@stavka/engine';

export interface TablePresentation extends Presentation {
  readonly board: Required<BoardPart>;
  readonly words: Required<WordsPart>;
  readonly controls: Required<ControlsPart>;
  readonly preview: Required<PreviewPart>;
  readonly reference?: ReferencePart;
}

const BOARD_FALLBACK: Pick<Required<BoardPart>, 'arrows' | 'focus' | 'logDrawing'> = {
  arrows: () => [],
  focus: () => null,
  logDrawing: () => null,
};

const WORDS_FALLBACK: Pick<Required<WordsPart>, 'logText' | 'rollBanner' | 'turnMarker' | 'turnSummary'> = {
  logText: (_view, entry) => entry.text,
  rollBanner: () => null,
  turnMarker: () => null,
  turnSummary: () => [],
};

const CONTROLS_FALLBACK: Pick<
  Required<ControlsPart>,
  'actionPiece' | 'nodeAction' | 'confirm' | 'buttonGroup' | 'missing' | 'tray'
> = {
  // The piece an action is about, when the game does not say: the action's `unit`, if a string.
  actionPiece: (a: Action) => (typeof a.unit === 'string' ? a.unit : null),
  nodeAction: () => null,
  confirm: () => null,
  buttonGroup: () => null,
  missing: () => [],
  tray: () => null,
};

const PREVIEW_FALLBACK: Pick<Required<PreviewPart>, 'whyNot' | 'threats' | 'actionArrow'> = {
  whyNot: () => null,
  threats: () => [],
  actionArrow: () => null,
};

const filled = new WeakMap<Presentation, TablePresentation>();

/** The presentation with the web's fallbacks, once per presentation (the same object each time, for memos). */
export function tablePresentation(p: Presentation): TablePresentation {
  const was = filled.get(p);
  if (was) return was;
  const t: TablePresentation = {
    board: { ...BOARD_FALLBACK, ...p.board },
    words: { ...WORDS_FALLBACK, ...p.words },
    controls: { ...CONTROLS_FALLBACK, ...p.controls },
    preview: { ...PREVIEW_FALLBACK, ...p.preview },
    ...(p.reference ? { reference: p.reference } : {}),
    ...(p.afterAction ? { afterAction: p.afterAction } : {}),
  };
  filled.set(p, t);
  filled.set(t, t);
  return t;
}
