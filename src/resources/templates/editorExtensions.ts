import { type Extensions, mergeAttributes, Node } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import StarterKit from '@tiptap/starter-kit';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    mergeField: { insertMergeField: (name: string) => ReturnType };
    pageBreak: { insertPageBreak: () => ReturnType };
  }
}

/**
 * A merge field: `<span data-field="name">name</span>`, one unit the cursor steps over. The
 * renderer replaces it with the value (or the signer's box); the text inside is only a label.
 */
export const MergeField = Node.create({
  name: 'mergeField',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      name: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-field') ?? '',
        renderHTML: (attributes) => ({ 'data-field': attributes.name }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-field]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), String(node.attrs.name)];
  },
  renderText({ node }) {
    return `«${node.attrs.name}»`;
  },
  addCommands() {
    return {
      insertMergeField:
        (name) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { name } }),
    };
  },
});

/** `<div data-page-break="true"></div>`: the next block starts a new page. */
export const PageBreak = Node.create({
  name: 'pageBreak',
  group: 'block',
  atom: true,
  parseHTML() {
    return [{ tag: 'div[data-page-break]' }];
  },
  renderHTML() {
    return ['div', { 'data-page-break': 'true' }];
  },
  addCommands() {
    return {
      insertPageBreak:
        () =>
        ({ commands }) =>
          commands.insertContent({ type: this.name }),
    };
  },
});

/**
 * What the template editor can produce, and nothing more: each of these maps to an element of
 * the renderer's allow-list (server/documents/allowlist.ts; a test keeps them in step). No code,
 * code blocks, colours or highlights: the PDF could not show them.
 */
export function templateExtensions(): Extensions {
  return [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      heading: { levels: [1, 2, 3, 4] },
      link: { openOnClick: false, defaultProtocol: 'https' },
    }),
    TextAlign.configure({
      types: ['heading', 'paragraph'],
      alignments: ['left', 'center', 'right', 'justify'],
    }),
    Image.configure({ inline: false, allowBase64: true }),
    Table.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
    MergeField,
    PageBreak,
  ];
}

/**
 * The editing area's accessible name: tiptap makes it a `role="textbox"` of its own, and the
 * input's visible label (outside it) does not name it.
 */
export const editingAreaAttributes = (label: string) => ({ 'aria-label': label, 'aria-multiline': 'true' });
