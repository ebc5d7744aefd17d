// A name cut to fit a label drawn on a canvas (no CSS ellipsis there): whole characters, with an ellipsis. The
// canvas keeps the whole name in its accessible list beside it.
export function clipName(name: string, max: number): string {
  const chars = [...name];
  return chars.length <= max ? name : `${chars.slice(0, max - 1).join('')}…`;
}
