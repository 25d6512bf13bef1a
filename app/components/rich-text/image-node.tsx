import { DecoratorNode, type DOMConversionMap, type DOMExportOutput, type NodeKey, type SerializedLexicalNode, type Spread } from "lexical";
import type { JSX } from "react";

type SerializedImageNode = Spread<{ src: string; alt: string }, SerializedLexicalNode>;

/**
 * An <img> in the lexical editor (a post's uploaded images): read from the HTML and written back as
 * it was, so editing the text around an image keeps it. Each page's sanitiser decides whether an
 * image may be stored at all.
 */
export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __alt: string;

  static getType(): string {
    return "image";
  }

  static clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__src, node.__alt, node.__key);
  }

  constructor(src: string, alt: string, key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__alt = alt;
  }

  static importJSON(json: SerializedImageNode): ImageNode {
    return new ImageNode(json.src, json.alt);
  }

  exportJSON(): SerializedImageNode {
    return { ...super.exportJSON(), type: "image", version: 1, src: this.__src, alt: this.__alt };
  }

  static importDOM(): DOMConversionMap | null {
    return {
      img: () => ({
        conversion: (element) => ({ node: new ImageNode(element.getAttribute("src") ?? "", element.getAttribute("alt") ?? "") }),
        priority: 0,
      }),
    };
  }

  exportDOM(): DOMExportOutput {
    const img = document.createElement("img");
    img.setAttribute("src", this.__src);
    img.setAttribute("alt", this.__alt);
    return { element: img };
  }

  createDOM(): HTMLElement {
    return document.createElement("span");
  }

  updateDOM(): false {
    return false;
  }

  isInline(): boolean {
    return true;
  }

  decorate(): JSX.Element {
    return <img src={this.__src} alt={this.__alt} style={{ maxWidth: "100%", height: "auto" }} />;
  }
}
