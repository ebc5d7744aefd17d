// Mounted once in App: the toast region and the confirm dialog every page shares.
import { ConfirmHost } from './ConfirmHost';
import { Toaster } from './Toaster';

export function Notices() {
  return (
    <>
      <Toaster />
      <ConfirmHost />
    </>
  );
}
