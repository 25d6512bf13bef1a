import { MenuIcon } from "~/components/shell/icons";

/**
 * The mobile menu button. Opening this <details> slides the sidebar in (CSS `:has`), and its open
 * summary stretches into the overlay, so a click beside the menu closes it without JavaScript.
 */
export function MobileMenu() {
  return (
    <details className="mobile-menu" data-close-on-navigate="">
      <summary className="icon-button" aria-label="Menu" aria-controls="admin-sidebar">
        <MenuIcon />
      </summary>
    </details>
  );
}
