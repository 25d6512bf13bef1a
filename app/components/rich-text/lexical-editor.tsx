import { useEffect, useState } from "react";
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $isDecoratorNode,
  $isElementNode,
  $isRangeSelection,
  FORMAT_TEXT_COMMAND,
  type LexicalEditor as Editor,
  type LexicalNode,
} from "lexical";
import { $generateHtmlFromNodes, $generateNodesFromDOM } from "@lexical/html";
import { $createHeadingNode, $isHeadingNode, HeadingNode, QuoteNode } from "@lexical/rich-text";
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListItemNode, ListNode } from "@lexical/list";
import { $setBlocksType } from "@lexical/selection";
import { $getNearestNodeOfType } from "@lexical/utils";
import { LexicalComposer } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { ListPlugin } from "@lexical/react/LexicalListPlugin";
import { OnChangePlugin } from "@lexical/react/LexicalOnChangePlugin";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { ImageNode } from "./image-node";

/**
 * The lexical editor the FAQ screens mount over their HTML textarea (loaded lazily, only there).
 * It reads the textarea's HTML once and writes HTML back on every change.
 */
export type LexicalEditorProps = {
  initialHtml: string;
  onChange: (html: string) => void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
};

function importHtml(editor: Editor, html: string) {
  const dom = new DOMParser().parseFromString(html || "<p></p>", "text/html");
  const nodes = $generateNodesFromDOM(editor, dom);
  const root = $getRoot();
  root.clear();
  let loose: LexicalNode[] = [];
  const flush = () => {
    if (loose.length === 0) return;
    const paragraph = $createParagraphNode();
    paragraph.append(...loose);
    root.append(paragraph);
    loose = [];
  };
  for (const node of nodes) {
    if ($isElementNode(node) || $isDecoratorNode(node)) {
      flush();
      root.append(node);
    } else {
      loose.push(node);
    }
  }
  flush();
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
}

type BlockType = "paragraph" | "h3" | "bullet" | "number" | "other";

function Toolbar() {
  const [editor] = useLexicalComposerContext();
  const [block, setBlock] = useState<BlockType>("paragraph");
  const [bold, setBold] = useState(false);
  const [italic, setItalic] = useState(false);

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) => {
        editorState.read(() => {
          const selection = $getSelection();
          if (!$isRangeSelection(selection)) return;
          setBold(selection.hasFormat("bold"));
          setItalic(selection.hasFormat("italic"));
          const anchor = selection.anchor.getNode();
          const top = anchor.getKey() === "root" ? anchor : anchor.getTopLevelElementOrThrow();
          if ($isListNode(top)) {
            const list = $getNearestNodeOfType(anchor, ListNode);
            setBlock((list ?? top).getListType() === "number" ? "number" : "bullet");
          } else if ($isHeadingNode(top)) {
            setBlock(top.getTag() === "h3" ? "h3" : "other");
          } else {
            setBlock("paragraph");
          }
        });
      }),
    [editor],
  );

  const setBlockType = (type: "paragraph" | "h3") =>
    editor.update(
      () => {
        // a click on the toolbar before the editor ever had a caret applies to the last block
        if (!$isRangeSelection($getSelection())) $getRoot().selectEnd();
        const selection = $getSelection();
        if ($isRangeSelection(selection)) {
          $setBlocksType(selection, () => (type === "h3" ? $createHeadingNode("h3") : $createParagraphNode()));
        }
      },
      { onUpdate: () => editor.focus() },
    );

  return (
    // mousedown would move the focus (and the selection) out of the editor before the click
    <div className="rte-toolbar" role="toolbar" aria-label="Formatting" onMouseDown={(event) => event.preventDefault()}>
      <button type="button" aria-pressed={block === "paragraph"} onClick={() => setBlockType("paragraph")}>
        Paragraph
      </button>
      <button type="button" aria-pressed={block === "h3"} onClick={() => setBlockType("h3")} title="Question heading (H3)">
        H3
      </button>
      <button type="button" aria-pressed={bold} onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "bold")}>
        <strong>B</strong>
        <span className="visually-hidden">Bold</span>
      </button>
      <button type="button" aria-pressed={italic} onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "italic")}>
        <em>I</em>
        <span className="visually-hidden">Italic</span>
      </button>
      <button
        type="button"
        aria-pressed={block === "bullet"}
        onClick={() => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined)}
      >
        • List
      </button>
      <button
        type="button"
        aria-pressed={block === "number"}
        onClick={() => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined)}
      >
        1. List
      </button>
    </div>
  );
}

export default function LexicalEditor({ initialHtml, onChange, labelledBy, describedBy, invalid }: LexicalEditorProps) {
  return (
    <LexicalComposer
      initialConfig={{
        namespace: "faq-content",
        nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, ImageNode],
        onError: (error) => {
          throw error;
        },
        editorState: (editor) => importHtml(editor, initialHtml),
      }}
    >
      <div className="rte">
        <Toolbar />
        <RichTextPlugin
          contentEditable={
            <ContentEditable
              className="rte-content"
              aria-labelledby={labelledBy}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              aria-multiline
              role="textbox"
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
        <HistoryPlugin />
        <ListPlugin />
        <OnChangePlugin
          ignoreSelectionChange
          onChange={(editorState, editor) => editorState.read(() => onChange($generateHtmlFromNodes(editor, null)))}
        />
      </div>
    </LexicalComposer>
  );
}
