// An emulated Meta Quest 3 (IWER) for trying VR without a headset and for the end-to-end test. Installed
// forced: Chromium has a navigator.xr of its own (with no headset), which IWER would otherwise leave alone.
// Loaded only when asked for (xr="emulate"), so headset users never download it.
import { XRDevice, metaQuest3 } from 'iwer';

export function installXREmulator(): XRDevice {
  const device = new XRDevice(metaQuest3);
  device.installRuntime({ forceInstall: true });
  return device;
}
