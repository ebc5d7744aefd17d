// A sphere of noise in shared WebAssembly memory, for the kernel's and the threads' tests: every pixel differs from
// its neighbours, so a sample from the wrong place shows.
import { sphereMemory, type SharedSphere } from '../../../server/services/tiler/sphereMemory.ts';

export function noiseSphere(width: number, height: number): SharedSphere {
  const sphere = sphereMemory(width, height);
  let s = 7;
  for (let k = 0; k < sphere.data.length; k++) {
    s = (s * 1103515245 + 12345) >>> 0;
    sphere.data[k] = s >>> 24;
  }
  return sphere;
}
