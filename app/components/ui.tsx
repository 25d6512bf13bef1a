import {
  Children,
  cloneElement,
  createElement,
  isValidElement,
  type AllHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
  useEffect,
  useState,
} from "react";

/**
 * The few Radix Themes layout and type components this admin uses, as plain elements that emit
 * Radix Themes' own class names (checked against @radix-ui/themes 3.3's output). The look comes
 * from Radix's CSS; the browser downloads none of Radix's JavaScript (~25 KB gzip on every page),
 * which keeps list pages inside the 110 KB budget of DESIGN §6. None of these needs JS to work.
 */

type Responsive = string | Partial<Record<"initial" | "xs" | "sm" | "md" | "lg" | "xl", string>>;

const SPACING = ["m", "mt", "mr", "mb", "ml", "mx", "my", "p", "pt", "pr", "pb", "pl", "px", "py"] as const;
type SpacingProps = Partial<Record<(typeof SPACING)[number], Responsive>>;

type BaseProps = Omit<AllHTMLAttributes<HTMLElement>, "as" | "size" | "wrap" | "color"> &
  SpacingProps & {
    as?: string;
    asChild?: boolean;
    children?: ReactNode;
    ref?: Ref<HTMLElement>;
  };

/** A responsive prop's Radix classes as one string ("" for none). */
function responsiveClass(prefix: string, value: Responsive | undefined): string {
  if (value === undefined || value === "") return "";
  if (typeof value === "string") return `rt-r-${prefix}-${value}`;
  let out = "";
  for (const [breakpoint, v] of Object.entries(value))
    out += `${out ? " " : ""}${breakpoint === "initial" ? "" : `${breakpoint}:`}rt-r-${prefix}-${v}`;
  return out;
}

const SPACING_KEYS: ReadonlySet<string> = new Set(SPACING);

/**
 * One element with Radix's classes. A list page renders a few hundred of these (several per row), so
 * it is one pass over the props: no copies past the destructuring and no `delete` (which turned every
 * props object into a slow dictionary). `classes` is the component's own list, extended here: the
 * spacing props' classes in the order given, then the caller's className.
 */
function render(
  defaultTag: string,
  { as, asChild, className, children, ...props }: BaseProps,
  classes: (string | false | undefined)[],
  data?: Record<string, string | undefined>,
) {
  const attributes: Record<string, unknown> = {};
  for (const key in props) {
    const value = (props as Record<string, unknown>)[key];
    if (SPACING_KEYS.has(key)) classes.push(responsiveClass(key, value as Responsive));
    else attributes[key] = value;
  }
  classes.push(className);
  const merged = classes.filter(Boolean).join(" ");
  attributes.className = merged;
  for (const key in data) if (data[key] !== undefined) attributes[key] = data[key];
  if (asChild) {
    const child = Children.only(children);
    if (!isValidElement(child)) return null;
    const element = child as ReactElement<{ className?: string }>;
    return cloneElement(element, {
      ...attributes,
      ...element.props,
      className: [merged, element.props.className].filter(Boolean).join(" "),
    });
  }
  return createElement(as ?? defaultTag, attributes, children);
}

export function Theme({
  accentColor,
  grayColor,
  radius = "medium",
  appearance = "light",
  children,
}: {
  accentColor: string;
  grayColor: string;
  radius?: string;
  /** "system" follows the device (prefers-color-scheme), JavaScript or not */
  appearance?: "light" | "dark" | "system";
  children: ReactNode;
}) {
  return (
    <div
      data-is-root-theme="true"
      data-accent-color={accentColor}
      data-gray-color={grayColor}
      data-has-background="true"
      data-panel-background="translucent"
      data-radius={radius}
      data-scaling="100%"
      className={`radix-themes ${appearance === "system" ? "system-appearance" : appearance}`}
    >
      {children}
    </div>
  );
}

type TextProps = BaseProps & {
  size?: Responsive;
  weight?: Responsive;
  align?: Responsive;
  color?: string;
};

export function Text({ size, weight, align, color, ...props }: TextProps) {
  return render(
    "span",
    props,
    ["rt-Text", responsiveClass("size", size), responsiveClass("weight", weight), responsiveClass("ta", align)],
    {
      "data-accent-color": color,
    },
  );
}

export function Heading({ size = "6", weight, align, color, ...props }: TextProps) {
  return render(
    "h1",
    props,
    ["rt-Heading", responsiveClass("size", size), responsiveClass("weight", weight), responsiveClass("ta", align)],
    {
      "data-accent-color": color,
    },
  );
}

type FlexProps = BaseProps & {
  direction?: Responsive;
  align?: Responsive;
  justify?: Responsive;
  wrap?: Responsive;
  gap?: Responsive;
};

const justifyValue = (v: Responsive | undefined): Responsive | undefined =>
  typeof v === "string"
    ? v === "between"
      ? "space-between"
      : v
    : v && Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === "between" ? "space-between" : x]));

export function Flex({ direction, align, justify, wrap, gap, ...props }: FlexProps) {
  return render("div", props, [
    "rt-Flex",
    responsiveClass("fd", direction),
    responsiveClass("ai", align),
    responsiveClass("jc", justifyValue(justify)),
    responsiveClass("fw", wrap),
    responsiveClass("gap", gap),
  ]);
}

type GridProps = BaseProps & { columns?: Responsive; align?: Responsive; gap?: Responsive };

export function Grid({ columns, align, gap, ...props }: GridProps) {
  return render("div", props, ["rt-Grid", responsiveClass("gtc", columns), responsiveClass("ai", align), responsiveClass("gap", gap)]);
}

type ButtonProps = BaseProps & {
  size?: Responsive;
  variant?: "solid" | "soft" | "surface" | "outline" | "ghost" | "classic";
  color?: string;
  /** Radix's darker text (or, solid, darker background); on by default for the tinted variants,
   *  whose text on a light tint of green, amber or yellow falls below WCAG AA contrast otherwise,
   *  and for solid buttons in the colours of SOLID_LOW_CONTRAST */
  highContrast?: boolean;
};

const TINTED = new Set(["soft", "surface", "outline", "ghost"]);
/** Colours whose solid step 9 carries white text below WCAG AA (4.5:1): green 3.2, blue 3.3,
 *  gray 3.3, red 3.9. Solid buttons and badges in them default to Radix's high contrast. */
const SOLID_LOW_CONTRAST = new Set(["green", "blue", "gray", "slate", "red"]);

const defaultContrast = (variant: string, color: string | undefined) =>
  TINTED.has(variant) || (variant === "solid" && color !== undefined && SOLID_LOW_CONTRAST.has(color));

export function Button({ size = "2", variant = "solid", color, disabled, as, highContrast, ...props }: ButtonProps) {
  const contrast = highContrast ?? defaultContrast(variant, color);
  return render(
    as ?? "button",
    { ...props, disabled },
    ["rt-reset rt-BaseButton", responsiveClass("size", size), `rt-variant-${variant}`, contrast && "rt-high-contrast", "rt-Button"],
    { "data-accent-color": color ?? "", "data-disabled": disabled ? "true" : undefined },
  );
}

type BadgeProps = BaseProps & {
  size?: Responsive;
  variant?: "solid" | "soft" | "surface" | "outline";
  color?: string;
  radius?: string;
  /** on by default for the tinted variants and low-contrast solids (see Button) */
  highContrast?: boolean;
};

export function Badge({ size = "1", variant = "soft", color, radius, highContrast, ...props }: BadgeProps) {
  const contrast = highContrast ?? defaultContrast(variant, color);
  return render(
    "span",
    props,
    ["rt-reset rt-Badge", responsiveClass("size", size), `rt-variant-${variant}`, contrast && "rt-high-contrast"],
    {
      "data-accent-color": color ?? "",
      "data-radius": radius,
    },
  );
}

export const DataList = {
  Root: ({ size = "2", ...props }: BaseProps & { size?: Responsive }) =>
    render("dl", props, ["rt-Text rt-DataListRoot rt-r-orientation-horizontal", responsiveClass("size", size)]),
  Item: (props: BaseProps) => render("div", props, ["rt-DataListItem"]),
  Label: (props: BaseProps) => render("dt", props, ["rt-DataListLabel"]),
  Value: (props: BaseProps) => render("dd", props, ["rt-DataListValue"]),
};

/** True once React runs in the browser (false in the server's HTML and without JavaScript). */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/*
 * What every page loads comes as one file (decision 0021). esbuild gives each set of pages that reach
 * a module a chunk of its own, and the browser fetches and gunzips each file apart: the shell's small
 * modules cost about 1 KB more as separate files than together. These re-exports make every page that
 * reaches this module (all of them) reach those modules too, so they share this module's chunk.
 * Nothing imports these names; esbuild drops them from the output (tests/bench/js-size.ts: "files").
 */
export { UnsavedChangesGuardSlot as _chunkUnsavedGuardSlot } from "~/components/unsaved-guard-slot";
export { SUBMISSION_FIELD as _chunkFormResult } from "~/models/form-result";
export { statusOf as _chunkErrorBoundary } from "~/components/error-boundary";
export { onDemand as _chunkOnDemand } from "~/components/on-demand";
export { ConfirmDialog as _chunkDialogsOnDemand } from "~/components/dialogs-on-demand";
export { ScrollRegion as _chunkScrollRegion } from "~/components/scroll-region";
export { raiseToast as _chunkToasts } from "~/components/shell/toasts";
export { TimeZoneNote as _chunkTimeZoneNote } from "~/components/shell/time-zone-note";
export { PAGE_SIZES as _chunkListQuery } from "~contract/list-query";
export { SIDEBAR as _chunkSidebar } from "~/models/access";
