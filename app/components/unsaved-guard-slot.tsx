import { useEffect, useState, type ComponentType } from "react";

/**
 * Where root.tsx mounts the unsaved-changes guard (components/unsaved-changes.tsx), without
 * importing it: only the pages that render a watched form bring its code (their forms import
 * UNSAVED_WARNING from it), so a list without one ships 0.7 KB gzip less (issue 31 §4). The
 * module hands itself over here when it is first evaluated — before the page hydrates when the
 * page has a watched form, with the dialog's code when an on-demand dialog has one — and stays
 * mounted for the rest of the visit. The server has every module loaded: it renders the guard
 * too, which renders nothing.
 */
let provided: ComponentType | null = null;
const waiting = new Set<(guard: ComponentType) => void>();

/** Called by unsaved-changes.tsx as it is evaluated. */
export function provideUnsavedChangesGuard(guard: ComponentType) {
  provided = guard;
  for (const mount of waiting) mount(guard);
}

export function UnsavedChangesGuardSlot() {
  const [Guard, setGuard] = useState<ComponentType | null>(() => provided);
  useEffect(() => {
    const mount = (guard: ComponentType) => setGuard(() => guard);
    if (provided) mount(provided);
    waiting.add(mount);
    return () => {
      waiting.delete(mount);
    };
  }, []);
  return Guard ? <Guard /> : null;
}
