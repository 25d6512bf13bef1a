import { useEffect } from "react";

/**
 * After a refused sign-in the password is cleared and focused, as the server-rendered (no-JS) page
 * gives it back empty (the admin's and the provider's sign-in pages).
 */
export function useClearedPasswordAfterRefusal(inputId: string, refusal: unknown) {
  useEffect(() => {
    if (!refusal) return;
    const password = document.getElementById(inputId);
    if (password instanceof HTMLInputElement) {
      password.value = "";
      password.focus();
    }
  }, [inputId, refusal]);
}
