import { useEffect, useState } from "react";

/** True once React runs in the browser (false in the server's HTML and without JavaScript). */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
