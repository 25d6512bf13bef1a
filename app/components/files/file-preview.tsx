import { Flex, Text } from "~/components/ui";
import { fileKindOf } from "~/models/file-types";

/** Where the page's own file route serves a file (its access check matches the page). */
export type FileHref = (name: string, download?: boolean) => string;

export function fileHrefUnder(base: string): FileHref {
  return (name, download = false) => `${base}/${encodeURIComponent(name)}${download ? "?download=1" : ""}`;
}

/**
 * One stored file, served through the admin: images inline as <img>, PDFs inline in an <object>
 * (a link if the browser cannot show it), anything else as a download link.
 */
export function FilePreview({ name, href, compact = false, label }: { name: string; href: FileHref; compact?: boolean; label?: string }) {
  const kind = fileKindOf(name);
  // the name the file was chosen under is what a person reads (and saves it as); the link stays the stored name
  const shown = label || name;
  const download = (
    <a href={href(name, true)} download={shown} aria-label={`Download ${shown}`}>
      Download
    </a>
  );
  if (kind === "image") {
    return (
      <figure className={compact ? "file-figure file-figure-compact" : "file-figure"}>
        <a href={href(name)} target="_blank" rel="noreferrer">
          {/* a fixed box: the table is laid out once, not again as each picture arrives, and the
              link has its size (a target to click) before the picture is in */}
          <img
            src={href(name)}
            alt={shown}
            loading="lazy"
            decoding="async"
            width={compact ? 64 : 120}
            height={compact ? 48 : 90}
            className="file-thumb"
          />
        </a>
        <figcaption>
          <span className="file-name">{shown}</span> <span className="file-download">{download}</span>
        </figcaption>
      </figure>
    );
  }
  if (kind === "pdf" && compact) {
    // a list shows no PDF viewers: a link opens it inline in a new tab
    return (
      <span className="file-link">
        <a href={href(name)} target="_blank" rel="noreferrer">
          {shown}
        </a>{" "}
        <span className="file-download">{download}</span>
      </span>
    );
  }
  if (kind === "pdf") {
    return (
      <figure style={{ margin: 0, display: "inline-flex", flexDirection: "column", gap: 4 }}>
        <object data={href(name)} type="application/pdf" width="180" height="120" aria-label={shown}>
          <a href={href(name)} target="_blank" rel="noreferrer">
            Open {shown}
          </a>
        </object>
        <figcaption>
          <Text size="1" color="gray" style={{ wordBreak: "break-all" }}>
            {shown}
          </Text>{" "}
          <Text size="1">{download}</Text>
        </figcaption>
      </figure>
    );
  }
  return (
    <Text size="2">
      <a href={href(name, true)} download={shown}>
        {shown}
      </a>
    </Text>
  );
}

/** labels: stored name → the name to show (the one the file was chosen under); a name not there shows as stored */
export function FileList({
  names,
  href,
  compact = false,
  labels,
}: {
  names: readonly string[];
  href: FileHref;
  compact?: boolean;
  labels?: Record<string, string>;
}) {
  if (names.length === 0) return <Text color="gray">—</Text>;
  return (
    <Flex gap="3" wrap="wrap" align="start">
      {names.map((name, i) => (
        <FilePreview key={`${name}-${i}`} name={name} href={href} compact={compact} label={labels?.[name]} />
      ))}
    </Flex>
  );
}
