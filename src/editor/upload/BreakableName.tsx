// A name that may wrap after its separators (<wbr>), and anywhere only where a part alone is still too long.
import { Fragment } from 'react';
import { nameParts } from './nameBreaks';

export function BreakableName({ text }: { text: string }) {
  return (
    <>
      {nameParts(text).map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
