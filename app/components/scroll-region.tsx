import type { CSSProperties, ReactNode } from "react";

/**
 * A wrapper that scrolls (a wide or tall table): a named region the keyboard can reach, so arrow
 * keys scroll it without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable). `className`
 * keeps the wrapper's look (table-wrap); app.css outlines it on keyboard focus.
 */
export function ScrollRegion({
  label,
  className = "table-wrap",
  style,
  children,
}: {
  label: string | undefined;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  // no name to give it (a table without a caption): a plain wrapper
  if (!label)
    return (
      <div className={className} style={style}>
        {children}
      </div>
    );
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be focusable to be scrolled by keyboard (WAI-ARIA APG, "scrollable region")
    <div className={`${className} scroll-region`} role="region" tabIndex={0} aria-label={label} style={style}>
      {children}
    </div>
  );
}
