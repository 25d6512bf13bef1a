#!/usr/bin/env node
// Writes the part of Radix Themes' stylesheets this admin uses, split by when a page needs it
// (decisions 0008 and 0016):
//   app/styles/radix.css       every page, render-blocking: light tokens, the components
//                              app/components/ui.tsx renders, the utility classes the app can emit
//   app/styles/radix-dark.css  the dark theme: linked only for an admin who chose Dark (blocking)
//                              or System (media="(prefers-color-scheme: dark)": blocks nothing
//                              on a light device)
//   app/styles/radix-p3.css    the wide-gamut (Display P3) palettes of the light theme:
//                              media="(color-gamut: p3)", blocks nothing on an sRGB screen
// Radix ships every component's CSS, every colour and every utility at five breakpoints (~58 KB
// gzip in five files); which utilities and variants the admin uses is read from its sources (the
// props of the JSX it renders: see usedClasses below). Run after upgrading @radix-ui/themes, using
// another component or a new prop value:
//   node scripts/radix-css.mjs          (write)
//   node scripts/radix-css.mjs --check  (exit 1 when a committed file is stale; a test runs this)
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postcss from "postcss";
import ts from "typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const radixDir = path.dirname(require.resolve("@radix-ui/themes/package.json"));
const radixVersion = JSON.parse(readFileSync(path.join(radixDir, "package.json"), "utf8")).version;
const OUTPUT = {
  main: path.join(root, "app/styles/radix.css"),
  dark: path.join(root, "app/styles/radix-dark.css"),
  p3: path.join(root, "app/styles/radix-p3.css"),
};

/** Components rendered by app/components/ui.tsx (their rt-* classes). */
const COMPONENTS = new Set([
  "rt-Text",
  "rt-Heading",
  "rt-Flex",
  "rt-Grid",
  "rt-BaseButton",
  "rt-Button",
  "rt-Badge",
  "rt-DataListRoot",
  "rt-DataListItem",
  "rt-DataListLabel",
  "rt-DataListValue",
]);
/** Accent and gray scales the admin names (Theme's accent/gray, badges, toasts, buttons). */
const COLORS = ["indigo", "slate", "gray", "red", "green", "blue", "amber", "yellow"];
/** JSX props of app/components/ui.tsx → the utility prefixes they emit (rt-r-<prefix>-<value>). */
const PROP_PREFIXES = {
  ...Object.fromEntries(["m", "mt", "mr", "mb", "ml", "mx", "my", "p", "pt", "pr", "pb", "pl", "px", "py"].map((p) => [p, [p]])),
  size: ["size"],
  weight: ["weight"],
  // Text and Heading: text-align; Flex and Grid: align-items
  align: ["ta", "ai"],
  justify: ["jc"],
  direction: ["fd"],
  wrap: ["fw"],
  gap: ["gap"],
  columns: ["gtc"],
};
const BREAKPOINTS = ["initial", "xs", "sm", "md", "lg", "xl"];

const read = (file) => readFileSync(path.join(radixDir, file), "utf8");

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The rt-* classes the admin can put in a page, read from app/: every value a JSX attribute named
 * like a ui.tsx prop is given anywhere (string literals, both arms of a condition, { initial, md }
 * objects; a prop passed on under its own name adds nothing; any other expression keeps every value
 * of that prefix), the defaults of such props (destructuring), and class names written out in full.
 * Returns a test for one class name ("rt-r-size-2", "md:rt-r-gtc-2", "rt-variant-soft").
 */
function usedClasses() {
  const used = new Set(["rt-r-orientation-horizontal"]);
  const everyValue = new Set();
  const wildcards = [];
  const add = (prop, breakpoint, value) => {
    for (const prefix of PROP_PREFIXES[prop] ?? []) {
      const v = prop === "justify" && value === "between" ? "space-between" : value;
      used.add(`${breakpoint === "initial" ? "" : `${breakpoint}:`}rt-r-${prefix}-${v}`);
    }
    if (prop === "variant") used.add(`rt-variant-${value}`);
  };
  /** Values of an expression given to `prop` at `breakpoint`; false when they cannot be known. */
  const collect = (prop, node, breakpoint = "initial") => {
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return collect(prop, node.expression, breakpoint);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      add(prop, breakpoint, node.text);
      return true;
    }
    if (ts.isNumericLiteral(node) || (ts.isIdentifier(node) && (node.text === "undefined" || node.text === prop))) return true;
    // a list (DataTable's columns) is no ui.tsx prop value
    if (ts.isArrayLiteralExpression(node)) return true;
    if (ts.isConditionalExpression(node)) return collect(prop, node.whenTrue, breakpoint) && collect(prop, node.whenFalse, breakpoint);
    if (ts.isBinaryExpression(node) && ["??", "||"].includes(node.operatorToken.getText())) {
      const left = ts.isIdentifier(node.left) || collect(prop, node.left, breakpoint);
      return collect(prop, node.right, breakpoint) && left;
    }
    if (ts.isObjectLiteralExpression(node) && breakpoint === "initial") {
      return node.properties.every(
        (p) =>
          ts.isPropertyAssignment(p) &&
          BREAKPOINTS.includes(p.name.getText().replace(/["']/g, "")) &&
          collect(prop, p.initializer, p.name.getText().replace(/["']/g, "")),
      );
    }
    return false;
  };
  for (const file of sourceFiles(path.join(root, "app"))) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?<![\w-])((?:(?:xs|sm|md|lg|xl):)?rt-(?:r-[a-z]+-[\w-]+|variant-[a-z]+))/g)) used.add(m[1]);
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node) => {
      let prop;
      let value;
      if (ts.isJsxAttribute(node)) {
        prop = node.name.getText();
        value = node.initializer && (ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer);
      } else if (ts.isBindingElement(node) && node.initializer) {
        prop = (node.propertyName ?? node.name).getText();
        value = node.initializer;
      }
      if (value && (prop in PROP_PREFIXES || prop === "variant") && !collect(prop, value)) {
        everyValue.add(prop);
        wildcards.push(`${path.relative(root, file)}: ${prop}={${value.getText()}}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const anyValue = new Set([...everyValue].flatMap((prop) => (prop === "variant" ? ["variant"] : PROP_PREFIXES[prop])));
  const test = (name) => {
    if (used.has(name)) return true;
    const m = name.match(/^(?:(?:xs|sm|md|lg|xl):)?rt-(?:r-([a-z]+)-|(variant)-)/);
    return Boolean(m && anyValue.has(m[1] ?? m[2]));
  };
  return { test, wildcards };
}

const { test: isUsed, wildcards } = usedClasses();
/** The rt-r-* and rt-variant-* classes in a selector (".md\:rt-r-gtc-2" → "md:rt-r-gtc-2"). */
const optionClasses = (selector) =>
  [...selector.matchAll(/(?<![\w-])\.(-?(?:(?:xs|sm|md|lg|xl)\\:)?rt-(?:r-[a-z]+(?:-[\w-]+)?|variant-[a-z]+))/g)].map((m) =>
    m[1].replace("\\:", ":"),
  );
const keepOptions = (selector) => optionClasses(selector).every((name) => !name.startsWith("-") && isUsed(name));
const otherColor = (selector) =>
  [...selector.matchAll(/data-(?:accent|gray)-color='(\w+)'/g)].some((m) => m[1] !== "" && !COLORS.includes(m[1]));

/** Keeps the selectors of COMPONENTS, with only the variants and sizes the admin uses. */
function keepComponents(css) {
  const tree = postcss.parse(css);
  tree.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => {
      const components = selector.match(/rt-[A-Z][A-Za-z]*/g) ?? [];
      return components.every((name) => COMPONENTS.has(name)) && keepOptions(selector);
    });
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  return pruneEmpty(tree);
}

/** Keeps the utility classes the admin can emit, at the breakpoints it uses them. */
function keepUtilities(css) {
  const tree = postcss.parse(css);
  tree.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => optionClasses(selector).length > 0 && keepOptions(selector));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  return pruneEmpty(tree);
}

/** Token rules of the colours the admin names (Radix maps every accent and gray scale). */
function keepColors(css) {
  const tree = postcss.parse(css);
  tree.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => !otherColor(selector));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  return pruneEmpty(tree);
}

function pruneEmpty(tree) {
  let removed = true;
  while (removed) {
    removed = false;
    tree.walk((node) => {
      if ((node.type === "atrule" || node.type === "rule") && node.nodes && node.nodes.length === 0) {
        node.remove();
        removed = true;
      }
    });
  }
  return tree;
}

const DARK = /\.dark(?![\w-])|\.dark-theme/;
const inP3 = (node) => {
  for (let p = node.parent; p; p = p.parent) if (p.type === "atrule" && /color-gamut:\s*p3/.test(p.params)) return true;
  return false;
};

/**
 * Splits the stylesheet in three, each rule keeping its at-rules and its order: dark-theme
 * selectors (again for `.system-appearance`: the link's media query decides when they apply),
 * light P3 palettes, and the rest.
 */
function split(css) {
  const main = postcss.parse(css);
  const dark = main.clone();
  const p3 = main.clone();
  main.walkRules((rule) => {
    const light = rule.selectors.filter((selector) => !DARK.test(selector));
    if (light.length === 0 || inP3(rule)) rule.remove();
    else rule.selectors = light;
  });
  dark.walkRules((rule) => {
    const selectors = rule.selectors.filter((selector) => DARK.test(selector));
    if (selectors.length === 0) return rule.remove();
    const system = selectors.map((selector) => selector.replace(/\.dark-theme|\.dark(?![\w-])/g, ".system-appearance"));
    rule.selectors = [...new Set([...selectors, ...system])];
  });
  p3.walkRules((rule) => {
    const light = rule.selectors.filter((selector) => !DARK.test(selector));
    if (light.length === 0 || !inP3(rule)) rule.remove();
    else rule.selectors = light;
  });
  return { main: pruneEmpty(main), dark: pruneEmpty(dark), p3: pruneEmpty(p3) };
}

const minify = (css) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\s*\n\s*/g, "\n")
    .replace(/\n+/g, "\n")
    .trim();

const joined = [
  keepColors(postcss.parse(read("tokens/base.css"))).toString(),
  ...COLORS.map((color) => read(`tokens/colors/${color}.css`)),
  keepComponents(read("components.css")).toString(),
  keepUtilities(read("utilities.css")).toString(),
]
  .map(minify)
  .join("\n");
const parts = split(joined);
const header = (what) => `/* Generated by scripts/radix-css.mjs from @radix-ui/themes ${radixVersion}: do not edit. ${what} */\n`;
const files = {
  main: header("Every page.") + minify(parts.main.toString()) + "\n",
  dark:
    header("The dark theme (app/root.tsx links it for Dark, and for System with a media query).") + minify(parts.dark.toString()) + "\n",
  p3: header('Display P3 palettes (media="(color-gamut: p3)").') + minify(parts.p3.toString()) + "\n",
};

if (process.argv.includes("--check")) {
  const stale = Object.entries(files).filter(([key, css]) => readFileSync(OUTPUT[key], "utf8") !== css);
  if (stale.length) {
    console.error(`${stale.map(([key]) => path.relative(root, OUTPUT[key])).join(", ")} stale: run \`node scripts/radix-css.mjs\``);
    process.exit(1);
  }
  console.log("app/styles/radix*.css are current");
} else {
  for (const [key, css] of Object.entries(files)) {
    writeFileSync(OUTPUT[key], css);
    console.log(`wrote ${path.relative(root, OUTPUT[key])} (${(css.length / 1024).toFixed(0)} KB)`);
  }
  if (wildcards.length) console.log(`every value kept for props given an expression:\n  ${wildcards.join("\n  ")}`);
}
