/** What `element` puts inside an element: nodes, or strings that always become text (never markup). */
export type Child = Node | string | null | undefined | false;

/** Attributes and properties an element is made with. */
export interface ElementOptions {
  className?: string;
  title?: string;
  /** `data-*` attributes (the tests find elements by them). */
  data?: Record<string, string>;
  attributes?: Record<string, string>;
  onClick?: () => void;
}

/**
 * Makes an element whose text children are text nodes: document text, names and answers are
 * shown as written, `<script>` included, because nothing here ever parses markup.
 */
export function element<Tag extends keyof HTMLElementTagNameMap>(tag: Tag, options: ElementOptions = {}, children: Child[] = []): HTMLElementTagNameMap[Tag] {
  const made = document.createElement(tag);
  if (options.className) made.className = options.className;
  if (options.title) made.title = options.title;
  for (const [name, value] of Object.entries(options.data ?? {})) made.dataset[name] = value;
  for (const [name, value] of Object.entries(options.attributes ?? {})) made.setAttribute(name, value);
  if (options.onClick) made.addEventListener('click', options.onClick);
  append(made, children);
  return made;
}

/** Appends children (strings as text nodes). */
export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Replaces an element's content with `children`. */
export function show(parent: Element, children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** The element with this id, or an error naming it (the page's skeleton is fixed). */
export function byId<Type extends HTMLElement = HTMLElement>(id: string): Type {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found as Type;
}

/** A button that runs `action` on click. */
export function button(label: string, action: () => void, options: Omit<ElementOptions, 'onClick'> = {}): HTMLButtonElement {
  return element('button', { ...options, attributes: { type: 'button', ...options.attributes }, onClick: action }, [label]);
}

/** A muted line saying what is missing or failed. */
export function note(text: string, className = 'note'): HTMLElement {
  return element('p', { className }, [text]);
}
