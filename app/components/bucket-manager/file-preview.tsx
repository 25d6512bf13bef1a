import type { PreviewKind } from "~/models/bucket-manager-labels";

const LABELS: Record<Exclude<PreviewKind, "image">, { text: string; colour: string }> = {
  pdf: { text: "PDF", colour: "#c62828" },
  doc: { text: "DOC", colour: "#1565c0" },
  video: { text: "VIDEO", colour: "#6a1b9a" },
  other: { text: "FILE", colour: "#546e7a" },
};

/** A 100 px preview: the image itself (lazy, sized, cropped to fit) or an icon for its kind. */
export function FilePreview({ kind, src, size = 100 }: { kind: PreviewKind; src: string; size?: number }) {
  if (kind === "image") {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        width={size}
        height={size}
        style={{ objectFit: "cover", display: "block", borderRadius: 4, background: "var(--gray-3)" }}
      />
    );
  }
  const label = LABELS[kind];
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" role="img" aria-label={`${label.text} file`} style={{ display: "block" }}>
      <path d="M22 6h40l18 18v70H22z" fill="#fff" stroke={label.colour} strokeWidth="3" />
      <path d="M62 6v18h18" fill="none" stroke={label.colour} strokeWidth="3" />
      {kind === "video" ? (
        <path d="M42 40v24l20-12z" fill={label.colour} />
      ) : (
        <path d="M32 40h36M32 50h36M32 60h24" stroke={label.colour} strokeWidth="3" />
      )}
      <rect x="14" y="70" width="72" height="20" rx="3" fill={label.colour} />
      <text x="50" y="85" textAnchor="middle" fontSize="14" fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
        {label.text}
      </text>
    </svg>
  );
}
