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

function responsive(prefix: string, value: Responsive | undefined): string[] {
  if (value === undefined || value === "") return [];
  if (typeof value === "string") return [`rt-r-${prefix}-${value}`];
  return Object.entries(value).map(([breakpoint, v]) =>
    breakpoint === "initial" ? `rt-r-${prefix}-${v}` : `${breakpoint}:rt-r-${prefix}-${v}`,
  );
}

function spacingClasses(props: SpacingProps): string[] {
  return SPACING.flatMap((key) => responsive(key, props[key]));
}

function withoutSpacing<T extends SpacingProps>(props: T): Omit<T, (typeof SPACING)[number]> {
  const rest = { ...props };
  for (const key of SPACING) delete rest[key];
  return rest;
}

function render(
  defaultTag: string,
  { as, asChild, className, children, ...props }: BaseProps,
  classes: (string | false | undefined)[],
  data: Record<string, string | undefined> = {},
) {
  const merged = [...classes, ...spacingClasses(props), className].filter(Boolean).join(" ");
  const attributes: Record<string, unknown> = { ...withoutSpacing(props), className: merged };
  for (const [key, value] of Object.entries(data)) if (value !== undefined) attributes[key] = value;
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
  return render("span", props, ["rt-Text", ...responsive("size", size), ...responsive("weight", weight), ...responsive("ta", align)], {
    "data-accent-color": color,
  });
}

export function Heading({ size = "6", weight, align, color, ...props }: TextProps) {
  return render("h1", props, ["rt-Heading", ...responsive("size", size), ...responsive("weight", weight), ...responsive("ta", align)], {
    "data-accent-color": color,
  });
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
    ...responsive("fd", direction),
    ...responsive("ai", align),
    ...responsive("jc", justifyValue(justify)),
    ...responsive("fw", wrap),
    ...responsive("gap", gap),
  ]);
}

type GridProps = BaseProps & { columns?: Responsive; align?: Responsive; gap?: Responsive };

export function Grid({ columns, align, gap, ...props }: GridProps) {
  return render("div", props, ["rt-Grid", ...responsive("gtc", columns), ...responsive("ai", align), ...responsive("gap", gap)]);
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
    ["rt-reset", "rt-BaseButton", ...responsive("size", size), `rt-variant-${variant}`, contrast && "rt-high-contrast", "rt-Button"],
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
    ["rt-reset", "rt-Badge", ...responsive("size", size), `rt-variant-${variant}`, contrast && "rt-high-contrast"],
    {
      "data-accent-color": color ?? "",
      "data-radius": radius,
    },
  );
}

export const DataList = {
  Root: ({ size = "2", ...props }: BaseProps & { size?: Responsive }) =>
    render("dl", props, ["rt-Text", "rt-DataListRoot", "rt-r-orientation-horizontal", ...responsive("size", size)]),
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
