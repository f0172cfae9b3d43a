/** The save a page was opened with: ?loadId= (from My account) or ?loadKey=. */
export function saveLocatorFromQuery(search: string): { id?: string; key?: string } | null {
  const params = new URLSearchParams(search);
  const id = params.get('loadId')?.trim();
  const key = params.get('loadKey')?.trim();
  if (id) return { id };
  if (key) return { key };
  return null;
}
