/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { useState } from 'preact/hooks';

/** Copies a text (a link) to the clipboard, saying so; the home page's and the table's. */
export function CopyButton(p: { text: string; label: string }) {
  const [done, setDone] = useState<string | null>(null);
  return (
    <button
      type="button"
      class="copy"
      aria-label={p.label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(p.text);
          setDone('Copied');
        } catch {
          setDone('Select the link and copy it (the browser refused the clipboard)');
        }
        setTimeout(() => setDone(null), 2500);
      }}
    >
      {done ?? 'Copy'}
    </button>
  );
}
