// A button that cannot work now (nothing selected, nothing to cancel, ...) stays in its place and in the Tab order,
// marked aria-disabled, and says why in its title (read as its description); a click does nothing.
import type { ButtonHTMLAttributes } from 'react';

export function GuardedButton({
  blocked,
  onClick,
  title,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { blocked: string | null; type?: 'button' | 'submit' }) {
  return (
    <button
      {...rest}
      type={type}
      aria-disabled={blocked ? true : undefined}
      title={blocked ?? title}
      onClick={blocked ? (e) => e.preventDefault() : onClick}
    />
  );
}
