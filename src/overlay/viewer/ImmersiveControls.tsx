// Two ways to look around without dragging: turning the phone (device orientation; iOS asks for permission,
// which must come from the tap itself) and a VR headset (WebXR immersive VR, offered only where the
// browser supports it). Each shows only where it can work.
import { useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { requestOrientationPermission } from '../../scene/early';
import { deviceMotionAtom, enterVrAtom, vrAvailableAtom } from '../../state/atoms';
import { HeadsetIcon, PhoneMotionIcon } from '../../ui/icons';
import { currentScreen } from '../../screen';

export function MotionToggle() {
  const [on, setOn] = useAtom(deviceMotionAtom);
  const [refused, setRefused] = useState(false);
  if (!currentScreen().motion) return null;
  const toggle = async () => {
    if (on) return setOn(false);
    const granted = await requestOrientationPermission();
    setRefused(!granted);
    setOn(granted);
  };
  return (
    <>
      <button
        type="button"
        className="tool-button"
        aria-pressed={on}
        data-asks-orientation
        onClick={() => void toggle()}
      >
        <PhoneMotionIcon /> <span className="tool-label">Look around by moving the phone</span>
      </button>
      {refused && (
        <p role="alert" className="tool-alert">
          Motion access was not allowed. Drag to look around.
        </p>
      )}
    </>
  );
}

export function EnterVrButton() {
  const available = useAtomValue(vrAvailableAtom);
  const enterVR = useSetAtom(enterVrAtom);
  if (!available) return null;
  return (
    <button type="button" className="tool-button" onClick={() => enterVR()}>
      <HeadsetIcon /> <span className="tool-label">Enter VR</span>
    </button>
  );
}
