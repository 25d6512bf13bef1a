import { useEffect, useRef, useState, type ComponentType } from "react";
import { Text } from "~/components/ui";
import { ErrorText } from "~/components/forms";
import type { LexicalEditorProps } from "~/components/rich-text/lexical-editor";

/** Dispatched on a rich-text field's textarea (a CustomEvent whose detail is HTML) to add that HTML at its end. */
export const RICH_TEXT_APPEND_EVENT = "rich-text-append";

type RichTextEditorProps = {
  name: string;
  label: string;
  defaultValue: string;
  error?: string | null;
  hint?: string;
  id?: string;
  /** remix-validated-form's handlers, so the field validates as it changes */
  onChange?: () => void;
  onBlur?: () => void;
};

/**
 * Rich text that works without JavaScript: the form field is always a <textarea> holding HTML.
 * With JavaScript a lexical editor (loaded on demand, so only pages that edit rich text pay for
 * it) is shown over the same field and writes its HTML into it; "Edit HTML" shows the source.
 */
export function RichTextEditor({ name, label, defaultValue, error, hint, id = name, onChange, onBlur }: RichTextEditorProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [Editor, setEditor] = useState<ComponentType<LexicalEditorProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const [source, setSource] = useState(false);
  // the lexical editor is rebuilt from the textarea each time the admin leaves the HTML view
  const [generation, setGeneration] = useState(0);
  // what the editor starts from: the textarea's HTML when the editor loads or the HTML view closes
  const [initialHtml, setInitialHtml] = useState(defaultValue);

  useEffect(() => {
    let live = true;
    import("~/components/rich-text/lexical-editor")
      .then((module) => {
        if (!live) return;
        if (textarea.current) setInitialHtml(textarea.current.value);
        setEditor(() => module.default);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  // another part of the page adds HTML at the end (the post editor's "Insert into content"): the
  // textarea gets it and the editor is rebuilt from the textarea
  useEffect(() => {
    const field = textarea.current;
    if (!field) return;
    const append = (event: Event) => {
      const html = (event as CustomEvent<unknown>).detail;
      if (typeof html !== "string") return;
      field.value += html;
      setInitialHtml(field.value);
      setGeneration((n) => n + 1);
      onChange?.();
    };
    field.addEventListener(RICH_TEXT_APPEND_EVENT, append);
    return () => field.removeEventListener(RICH_TEXT_APPEND_EVENT, append);
  }, [onChange]);

  const rich = Editor !== null && !source && !failed;
  const labelId = `${id}-label`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className="field rte-field" style={{ display: "flex", flexDirection: "column", gap: "var(--space-1)" }}>
      <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: "var(--space-2)" }}>
        <Text as="label" htmlFor={id} id={labelId} size="2" weight="medium">
          {label}
        </Text>
        {Editor && !failed ? (
          <button
            type="button"
            className="rte-source-toggle"
            aria-pressed={source}
            onClick={() => {
              if (source) {
                if (textarea.current) setInitialHtml(textarea.current.value);
                setGeneration((n) => n + 1);
              }
              setSource((s) => !s);
            }}
          >
            {source ? "Rich text" : "Edit HTML"}
          </button>
        ) : null}
      </div>
      {rich && Editor ? (
        <Editor
          key={generation}
          initialHtml={initialHtml}
          labelledBy={labelId}
          describedBy={describedBy}
          invalid={Boolean(error)}
          onChange={(html) => {
            if (textarea.current) textarea.current.value = html;
            onChange?.();
          }}
        />
      ) : null}
      <textarea
        ref={textarea}
        id={id}
        name={name}
        defaultValue={defaultValue}
        rows={12}
        className="native-input"
        hidden={rich}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={onChange}
        onBlur={onBlur}
        spellCheck={false}
        style={{ fontFamily: "var(--code-font-family)" }}
      />
      {hint ? (
        <Text id={`${id}-hint`} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      <ErrorText id={`${id}-error`} error={error} />
      <style dangerouslySetInnerHTML={{ __html: RTE_CSS }} />
    </div>
  );
}

const RTE_CSS = `
.rte { border-radius: var(--radius-2); box-shadow: inset 0 0 0 1px var(--gray-a7); background: var(--color-surface); }
.rte:focus-within { box-shadow: inset 0 0 0 2px var(--accent-8); }
.rte-toolbar { display: flex; flex-wrap: wrap; gap: var(--space-1); padding: var(--space-1); border-bottom: 1px solid var(--gray-a5); }
.rte-toolbar button, .rte-source-toggle { font: inherit; font-size: var(--font-size-1); min-width: 2rem; height: 1.75rem; padding: 0 var(--space-2); border: none; border-radius: var(--radius-1); background: var(--gray-a3); color: var(--gray-12); cursor: pointer; }
.rte-toolbar button[aria-pressed="true"] { background: var(--accent-a5); color: var(--accent-12); }
.rte-content { min-height: 12rem; padding: var(--space-2) var(--space-3); outline: none; font-size: var(--font-size-2); line-height: var(--line-height-3); }
.rte-content h3 { font-size: var(--font-size-4); margin: var(--space-2) 0; }
.rte-content p { margin: var(--space-1) 0; }
`;
