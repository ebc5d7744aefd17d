// Camera info: pitch as tilt, yaw as rotation (degrees), fov as a zoom percentage; shown when
// 'Show Camera Info' is switched on.
import { useAtom, useAtomValue } from 'jotai';
import { showCameraInfoAtom, viewAtom } from '../../state/atoms';
import { rotationDegrees, tiltDegrees, zoomPercent } from './camera';
import { CameraIcon } from '../../ui/icons';

export function CameraInfoToggle() {
  const [show, setShow] = useAtom(showCameraInfoAtom);
  // A switch like the other tool buttons (a bare checkbox beside an icon says nothing on a phone, where the
  // words are hidden); its name says what it does wherever they are.
  return (
    <button
      type="button"
      role="switch"
      aria-checked={show}
      aria-label="Show Camera Info"
      title="Show Camera Info"
      className="tool-button"
      onClick={() => setShow(!show)}
    >
      <CameraIcon /> <span className="tool-label">Camera Info</span>
    </button>
  );
}

export function CameraInfo() {
  const show = useAtomValue(showCameraInfoAtom);
  const view = useAtomValue(viewAtom);
  if (!show || !view) return null;
  return (
    <section className="camera-info" aria-label="Camera info">
      <dl>
        <div>
          <dt>Tilt</dt>
          <dd data-testid="camera-tilt">{tiltDegrees(view.pitch)}°</dd>
        </div>
        <div>
          <dt>Rotation</dt>
          <dd data-testid="camera-rotation">{rotationDegrees(view.yaw)}°</dd>
        </div>
        <div>
          <dt>Zoom</dt>
          <dd data-testid="camera-zoom">{zoomPercent(view.fov)}%</dd>
        </div>
      </dl>
    </section>
  );
}
