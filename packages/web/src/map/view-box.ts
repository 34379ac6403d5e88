/**
 * Pan and zoom: the view box, moved by gestures, keys and buttons. The view box changes
 * every frame while panning or zooming. The drawing is not redrawn then: the SVG already
 * drawn is moved and scaled as a picture (a CSS transform, which the browser composites
 * without drawing the thousands of hexes again), and the view box is committed (drawn
 * afresh, sharp) once the gesture pauses. Measured on the whole Barbarossa front
 * (bench/barbarossa-web.ts): see the CHANGELOG.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';

export interface ViewBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PanZoom {
  /** The view box committed (drawn sharp), for what is drawn by it (hex numbers, the mini-map). */
  readonly vb: ViewBox;
  /** The view box shown now, mid-gesture too. */
  readonly now: { readonly current: ViewBox };
  setVb(next: ViewBox | ((v: ViewBox) => ViewBox)): void;
  /** Zooms by `factor` keeping (cx, cy) where it is, or bringing it to the middle (`centre`). */
  zoom(factor: number, cx?: number, cy?: number, centre?: boolean): void;
  /** Client (screen) coordinates to map coordinates. */
  toMap(clientX: number, clientY: number): { x: number; y: number };
  /** Map units per screen pixel. */
  unitsPerPixel(): number;
}

/**
 * The view box of the map's SVG layers (`svgs()`, moved together), over a board of `size`;
 * `miniRect` is the mini-map's rectangle, kept on the view as it moves.
 */
export function usePanZoom(
  size: { width: number; height: number },
  svgs: () => readonly (SVGSVGElement | null)[],
  miniRect: { readonly current: SVGRectElement | null },
): PanZoom {
  const [vb, setVbState] = useState<ViewBox>({ x: 0, y: 0, w: size.width, h: size.height });
  const vbNow = useRef<ViewBox>(vb);
  /** The view box the SVGs are drawn at (their attribute), which the transform starts from. */
  const drawn = useRef<ViewBox>(vb);
  const commit = useRef<ReturnType<typeof setTimeout> | null>(null);
  const first = () => svgs().find((x) => x) ?? null;
  /**
   * The SVG's box as last laid out, kept by a ResizeObserver: reading the element's size
   * instead (clientWidth) in a render or a click's handler, after the page has changed in
   * the same task, made the browser lay the whole page out there and then, and again for
   * the frame (issue #49: a click's frame on the whole front).
   */
  const box = useRef<{ w: number; h: number } | null>(null);
  useLayoutEffect(() => {
    // Until its first observation (after the first layout), and where there is no
    // ResizeObserver, the size is read each time.
    const el = first();
    if (!el || typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver((seen) => {
      const r = seen[seen.length - 1]?.contentRect;
      if (r) box.current = { w: r.width, h: r.height };
    });
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  /** How the view box `v` maps onto the SVG's box (preserveAspectRatio xMidYMid meet). */
  const laidOut = () => {
    if (box.current) return box.current;
    const el = first();
    return { w: el?.clientWidth ?? 0, h: el?.clientHeight ?? 0 };
  };
  const fit = (v: ViewBox) => {
    const { w, h } = laidOut();
    const W = w || v.w;
    const H = h || v.h;
    const s = Math.min(W / v.w, H / v.h);
    return { s, ox: (W - v.w * s) / 2, oy: (H - v.h * s) / 2 };
  };
  const draw = (v: ViewBox) => {
    for (const el of svgs()) {
      if (!el) continue;
      el.style.transform = '';
      el.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
    }
    drawn.current = v;
  };
  const setVb = (next: ViewBox | ((v: ViewBox) => ViewBox)) => {
    const v = typeof next === 'function' ? next(vbNow.current) : next;
    vbNow.current = v;
    if (first()) {
      const c = drawn.current;
      if (Math.abs(c.w / c.h - v.w / v.h) > 1e-9) draw(v);
      else {
        // The picture drawn at `c` moved and scaled to show `v`: scale k about the box's
        // corner, the letterbox offset o the same for both (same aspect ratio).
        const { s, ox, oy } = fit(c);
        const k = c.w / v.w;
        const tx = ox * (1 - k) + (c.x - v.x) * s * k;
        const ty = oy * (1 - k) + (c.y - v.y) * s * k;
        for (const el of svgs()) if (el) el.style.transform = `translate(${tx}px, ${ty}px) scale(${k})`;
      }
    }
    const r = miniRect.current;
    if (r) {
      r.setAttribute('x', String(v.x));
      r.setAttribute('y', String(v.y));
      r.setAttribute('width', String(v.w));
      r.setAttribute('height', String(v.h));
    }
    if (commit.current) clearTimeout(commit.current);
    commit.current = setTimeout(() => {
      draw(vbNow.current);
      setVbState(vbNow.current);
    }, 150);
  };
  const zoom = (
    factor: number,
    cx = vbNow.current.x + vbNow.current.w / 2,
    cy = vbNow.current.y + vbNow.current.h / 2,
    centre = false,
  ) => {
    setVb((v) => {
      const w = Math.max(size.width / 8, Math.min(size.width * 1.5, v.w * factor));
      const h = (w / v.w) * v.h;
      return centre
        ? { x: cx - w / 2, y: cy - h / 2, w, h }
        : { x: cx - ((cx - v.x) * w) / v.w, y: cy - ((cy - v.y) * h) / v.h, w, h };
    });
  };
  /**
   * From the view box shown now and the SVG's box (its parent's, which no gesture
   * transforms), so a point is right in the middle of a gesture too; letterboxing included.
   */
  const toMap = (clientX: number, clientY: number) => {
    const el = first()!;
    const box = (el.parentElement ?? el).getBoundingClientRect();
    const v = vbNow.current;
    const { s, ox, oy } = fit(v);
    return { x: (clientX - box.left - ox) / s + v.x, y: (clientY - box.top - oy) / s + v.y };
  };
  return { vb, now: vbNow, setVb, zoom, toMap, unitsPerPixel: () => 1 / fit(vbNow.current).s };
}
