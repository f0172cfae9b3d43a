/**
 * Shows `text` in `element` by changing its text node's value (only when it differs), for
 * readouts written several times a second outside React. Assigning `textContent` instead
 * removes the text node and inserts a new one each time, which costs a style recalculation
 * of the inserted node on top of the layout a changed text needs. Give `element` the
 * `data-readout` attribute and a width (global.css) so that layout is of its box alone.
 */
export function writeText(element: Element | null, text: string): void {
  if (!element) return;
  const node = element.firstChild;
  if (node && node.nodeType === Node.TEXT_NODE && node === element.lastChild) {
    if (node.nodeValue !== text) node.nodeValue = text;
  } else if (element.textContent !== text) element.textContent = text;
}
