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

/**
 * writeText for a readout whose length has no small bound (a body count, a score, a
 * position): its `data-readout="fit"` box is as wide as the text's length in `ch`. A write
 * that keeps the box's width lays out that box alone; one that changes it lays out its line,
 * as a wider text must. A text up to two characters shorter keeps the box, so a number that
 * moves between a few lengths (a position crossing 0 and ±10, a count crossing 100) does not
 * move its line each time.
 */
export function writeFittedText(element: HTMLElement | null, text: string): void {
  if (!element) return;
  const chars = Number.parseInt(element.style.width, 10);
  if (!(text.length <= chars && text.length >= chars - 2)) element.style.width = `${text.length}ch`;
  writeText(element, text);
}
