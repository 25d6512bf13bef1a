/**
 * What an admin types into the server's HTML before the page's scripts have run must survive
 * hydration: React sets a textarea and a select back to their rendered value as it hydrates them
 * (and a part fetched on demand hydrates later still). `captureTypedValues` notes every control
 * whose value differs from the one the page came with; the function it returns puts them back.
 */
export function captureTypedValues(root: ParentNode = document): () => void {
  const restores: (() => void)[] = [];
  for (const control of root.querySelectorAll("input, textarea, select")) {
    if (control instanceof HTMLInputElement) {
      if (control.type === "hidden" || control.type === "file" || control.type === "submit" || control.type === "button") continue;
      if (control.type === "checkbox" || control.type === "radio") {
        const checked = control.checked;
        if (checked !== control.defaultChecked) restores.push(() => void (control.checked = checked));
      } else if (control.value !== control.defaultValue) {
        const value = control.value;
        restores.push(() => void (control.value = value));
      }
    } else if (control instanceof HTMLTextAreaElement) {
      const value = control.value;
      if (value !== control.defaultValue) restores.push(() => void (control.value = value));
    } else if (control instanceof HTMLSelectElement) {
      const selected = [...control.options].map((option) => option.selected);
      if (selected.some((on, i) => on !== control.options[i].defaultSelected)) {
        restores.push(() => [...control.options].forEach((option, i) => void (option.selected = selected[i] ?? false)));
      }
    }
  }
  return () => restores.forEach((restore) => restore());
}

let pending: (() => void) | null = null;

/** Notes what was typed so far; `restoreTypedValues` puts it back (once). */
export function keepTypedValues(root: ParentNode = document) {
  const restore = captureTypedValues(root);
  const earlier = pending;
  pending = () => {
    earlier?.();
    restore();
  };
}

/** Puts back what `keepTypedValues` noted, after React has hydrated over it. */
export function restoreTypedValues() {
  const restore = pending;
  pending = null;
  restore?.();
}
