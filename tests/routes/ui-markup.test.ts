/**
 * app/components/ui.tsx writes Radix Themes' own markup without Radix's JavaScript: the page's look
 * depends on these exact class names and data attributes (app/styles/radix.css keeps only the rules
 * they name). A list page renders a few hundred of these per view, so `render` is written for speed;
 * this pins the markup it must keep: the caller's attributes in order, then the classes (the
 * component's, the spacing props', the caller's), then the data attributes.
 */
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Badge, Button, DataList, Flex, Grid, Heading, Text } from "~/components/ui";

const markup = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);

describe("ui.tsx writes Radix Themes' markup", () => {
  it("a row's soft button: its form attributes, then Radix's button classes, then its colour", () => {
    expect(
      markup(
        h(Button, { size: "1", variant: "soft", color: "green", type: "submit", name: "intent", value: "a:1", "aria-label": "x" }, "Go"),
      ),
    ).toBe(
      '<button type="submit" name="intent" value="a:1" aria-label="x" class="rt-reset rt-BaseButton rt-r-size-1 rt-variant-soft rt-high-contrast rt-Button" data-accent-color="green">Go</button>',
    );
  });

  it("defaults, disabled, spacing and the caller's class, links and asChild", () => {
    expect(markup(h(Button, null, "Save"))).toBe(
      '<button class="rt-reset rt-BaseButton rt-r-size-2 rt-variant-solid rt-Button" data-accent-color="">Save</button>',
    );
    expect(markup(h(Button, { color: "red", disabled: true, mt: "2", className: "extra" }, "Delete"))).toBe(
      '<button disabled="" class="rt-reset rt-BaseButton rt-r-size-2 rt-variant-solid rt-high-contrast rt-Button rt-r-mt-2 extra" data-accent-color="red" data-disabled="true">Delete</button>',
    );
    expect(markup(h(Button, { as: "a", href: "/x", variant: "outline", highContrast: false }, "Link"))).toBe(
      '<a href="/x" class="rt-reset rt-BaseButton rt-r-size-2 rt-variant-outline rt-Button" data-accent-color="">Link</a>',
    );
    expect(markup(h(Button, { asChild: true, size: { initial: "1", md: "2" } }, h("a", { href: "/y", className: "own" }, "Y")))).toBe(
      '<a href="/y" class="rt-reset rt-BaseButton rt-r-size-1 md:rt-r-size-2 rt-variant-solid rt-Button own" data-accent-color="">Y</a>',
    );
  });

  it("badges, text and headings", () => {
    expect(markup(h(Badge, { color: "gray", radius: "full" }, "Inactive"))).toBe(
      '<span class="rt-reset rt-Badge rt-r-size-1 rt-variant-soft rt-high-contrast" data-accent-color="gray" data-radius="full">Inactive</span>',
    );
    expect(markup(h(Badge, { variant: "solid", color: "amber", size: "2", mx: "1" }, "Pro"))).toBe(
      '<span class="rt-reset rt-Badge rt-r-size-2 rt-variant-solid rt-r-mx-1" data-accent-color="amber">Pro</span>',
    );
    expect(markup(h(Text, { size: "1", color: "gray", className: "row-sub" }, "v2.0"))).toBe(
      '<span class="rt-Text rt-r-size-1 row-sub" data-accent-color="gray">v2.0</span>',
    );
    // spacing classes in the order the props were given (each sets its own property: order is free)
    expect(markup(h(Text, { as: "p", p: "1", size: { initial: "2", md: "3" }, weight: "bold", align: "center", mb: "3" }, "t"))).toBe(
      '<p class="rt-Text rt-r-size-2 md:rt-r-size-3 rt-r-weight-bold rt-r-ta-center rt-r-p-1 rt-r-mb-3">t</p>',
    );
    expect(markup(h(Heading, { as: "h2", size: "4", mb: "2" }, "H"))).toBe('<h2 class="rt-Heading rt-r-size-4 rt-r-mb-2">H</h2>');
  });

  it("layout: flex, grid and data lists", () => {
    expect(
      markup(
        h(
          Flex,
          {
            direction: "column",
            align: "center",
            justify: "between",
            wrap: "wrap",
            gap: "3",
            px: { initial: "2", sm: "4" },
            py: "1",
            id: "f",
          },
          "x",
        ),
      ),
    ).toBe(
      '<div id="f" class="rt-Flex rt-r-fd-column rt-r-ai-center rt-r-jc-space-between rt-r-fw-wrap rt-r-gap-3 rt-r-px-2 sm:rt-r-px-4 rt-r-py-1">x</div>',
    );
    expect(markup(h(Grid, { columns: { initial: "1", md: "2" }, gap: "2", align: "start" }, "g"))).toBe(
      '<div class="rt-Grid rt-r-gtc-1 md:rt-r-gtc-2 rt-r-ai-start rt-r-gap-2">g</div>',
    );
    expect(
      markup(h(DataList.Root, { size: "1", mt: "2" }, h(DataList.Item, null, h(DataList.Label, null, "L"), h(DataList.Value, null, "V")))),
    ).toBe(
      '<dl class="rt-Text rt-DataListRoot rt-r-orientation-horizontal rt-r-size-1 rt-r-mt-2"><div class="rt-DataListItem"><dt class="rt-DataListLabel">L</dt><dd class="rt-DataListValue">V</dd></div></dl>',
    );
  });
});
